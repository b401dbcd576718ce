CREATE TABLE "disclaimers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disclaimers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"purpose" varchar(24) NOT NULL,
	"name" varchar(96) NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_zh" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labor_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labor_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"name_en" varchar(64) NOT NULL,
	"name_zh" varchar(64) NOT NULL,
	"default_hourly_rate_cents" integer NOT NULL,
	"is_paid" boolean DEFAULT true NOT NULL,
	"counts_as_in_home" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"account_id" varchar(96) DEFAULT '' NOT NULL,
	"api_access_key_encrypted" text,
	"card_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remit_to_name" varchar(128) DEFAULT '' NOT NULL,
	"remit_to_street" varchar(160) DEFAULT '' NOT NULL,
	"remit_to_city" varchar(80) DEFAULT '' NOT NULL,
	"remit_to_state" varchar(2) DEFAULT '' NOT NULL,
	"remit_to_zip" varchar(10) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_item_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_item_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"price_item_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"in_home_minutes" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"kind" varchar(8) NOT NULL,
	"name_en" varchar(96) NOT NULL,
	"name_zh" varchar(96) NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"minutes_per_person_per_1000_sqft" integer NOT NULL,
	"price_range_variance_bps" integer NOT NULL,
	"max_discount_bps" integer NOT NULL,
	"default_team_size" integer NOT NULL,
	"default_price_per_minute_cents" integer NOT NULL,
	"overtime_multiplier_bps" integer NOT NULL,
	"daily_clean_minutes_goal" integer NOT NULL,
	"daily_revenue_goal_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_zips" (
	"zone_id" integer NOT NULL,
	"zip" varchar(5) NOT NULL,
	"kind" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(64) NOT NULL,
	"color" varchar(16) NOT NULL,
	"code" varchar(16) NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_item_rates" ADD CONSTRAINT "price_item_rates_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_zips" ADD CONSTRAINT "zone_zips_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclaimers_purpose_idx" ON "disclaimers" USING btree ("purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "price_item_rates_item_from_uq" ON "price_item_rates" USING btree ("price_item_id","effective_from");--> statement-breakpoint
CREATE INDEX "price_items_kind_idx" ON "price_items" USING btree ("kind","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "zone_zips_zone_zip_uq" ON "zone_zips" USING btree ("zone_id","zip");--> statement-breakpoint
CREATE INDEX "zone_zips_zip_idx" ON "zone_zips" USING btree ("zip","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_code_uq" ON "zones" USING btree ("code") WHERE "zones"."deleted_at" is null;