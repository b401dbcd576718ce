CREATE TABLE "card_reconciliation_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_reconciliation_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"business_date" date NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"gateway_charge_count" integer DEFAULT 0 NOT NULL,
	"gateway_charge_cents" integer DEFAULT 0 NOT NULL,
	"our_charge_count" integer DEFAULT 0 NOT NULL,
	"our_charge_cents" integer DEFAULT 0 NOT NULL,
	"gateway_refund_cents" integer DEFAULT 0 NOT NULL,
	"our_refund_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_reconciliation_differences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_reconciliation_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"business_date" date NOT NULL,
	"kind" varchar(24) NOT NULL,
	"finding_key" varchar(160) NOT NULL,
	"gateway_id" varchar(64) DEFAULT '' NOT NULL,
	"gateway_amount_cents" integer,
	"our_amount_cents" integer,
	"customer_id" integer,
	"entry_id" integer,
	"payment_id" integer,
	"refund_id" integer,
	"resolution" varchar(16),
	"resolution_note" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolved_payment_id" integer,
	"gateway_refund_id" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_reconciliation_days_date_uq" ON "card_reconciliation_days" USING btree ("business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "card_reconciliation_differences_finding_uq" ON "card_reconciliation_differences" USING btree ("finding_key");--> statement-breakpoint
CREATE INDEX "card_reconciliation_differences_open_idx" ON "card_reconciliation_differences" USING btree ("business_date") WHERE "card_reconciliation_differences"."resolution" is null;