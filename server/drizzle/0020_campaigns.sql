CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"category" varchar(16) NOT NULL,
	"source_name" varchar(64) NOT NULL,
	"coupon_code" varchar(32) DEFAULT '' NOT NULL,
	"coupon_kind" varchar(8) DEFAULT 'percent' NOT NULL,
	"coupon_value" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"audit_status" varchar(8) DEFAULT 'pending' NOT NULL,
	"audit_reason" text DEFAULT '' NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	CONSTRAINT "campaigns_dates_ck" CHECK ("campaigns"."end_date" >= "campaigns"."start_date"),
	CONSTRAINT "campaigns_money_ck" CHECK ("campaigns"."cost_cents" >= 0 and "campaigns"."coupon_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_coupon_code_uq" ON "campaigns" USING btree (lower("coupon_code")) WHERE "campaigns"."coupon_code" <> '' and "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_source_name_idx" ON "campaigns" USING btree (lower("source_name"));--> statement-breakpoint
CREATE INDEX "campaigns_audit_status_idx" ON "campaigns" USING btree ("audit_status");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_campaign_date_idx" ON "quotes" USING btree ("campaign_id","quote_date");