CREATE TABLE "connect_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_id" integer NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"type" varchar(8) NOT NULL,
	"contact_date" date NOT NULL,
	"subject" varchar(160) NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"logged_for_id" integer,
	"follow_up_date" date
);
--> statement-breakpoint
CREATE TABLE "customer_document_contents" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_id" integer NOT NULL,
	"name" varchar(160) NOT NULL,
	"mime_type" varchar(96) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_key_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_key_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" varchar(16) NOT NULL,
	"key_tag" varchar(32) DEFAULT '' NOT NULL,
	"key_location" varchar(16),
	"holder_id" integer,
	"actor_id" integer
);
--> statement-breakpoint
CREATE TABLE "customer_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"customer_id" integer NOT NULL,
	"name" varchar(96) NOT NULL,
	"address1" varchar(160) NOT NULL,
	"address2" varchar(80) DEFAULT '' NOT NULL,
	"city" varchar(80) DEFAULT '' NOT NULL,
	"state" varchar(2) DEFAULT 'CA' NOT NULL,
	"zip" varchar(5) NOT NULL,
	"zone_id" integer,
	"address_key" varchar(160) DEFAULT '' NOT NULL,
	"primary_contact" varchar(96) NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"house_type" varchar(12) NOT NULL,
	"sqft" integer,
	"access_notes" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"key_code_encrypted" text,
	"alarm_code_encrypted" text,
	"gate_code_encrypted" text,
	"key_tag" varchar(32) DEFAULT '' NOT NULL,
	"key_location" varchar(16),
	"key_holder_id" integer,
	"key_checked_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"gratuity_cents" integer DEFAULT 0 NOT NULL,
	"method" varchar(12) NOT NULL,
	"check_number" varchar(32) DEFAULT '' NOT NULL,
	"card_last4" varchar(4) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reversal_of_id" integer,
	"reversed_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "customer_preferences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_preferences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"notice_method" varchar(8),
	"scheduled_method" varchar(8),
	"invoice_type" varchar(8),
	"payment_method" varchar(12),
	"health_concern" text DEFAULT '' NOT NULL,
	"preferred_team_id" integer,
	"preferred_start_time" varchar(5),
	"frequency" varchar(20),
	"note_directions" text DEFAULT '' NOT NULL,
	"travel_directions" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"refunded_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" varchar(24) NOT NULL,
	"status" varchar(16) NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_search_terms" (
	"customer_id" integer NOT NULL,
	"term" varchar(64) NOT NULL,
	CONSTRAINT "customer_search_terms_customer_id_term_pk" PRIMARY KEY("customer_id","term")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" varchar(128) NOT NULL,
	"company" varchar(128) DEFAULT '' NOT NULL,
	"phone1" varchar(32) NOT NULL,
	"phone2" varchar(32) DEFAULT '' NOT NULL,
	"phone3" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(160) DEFAULT '' NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"source" varchar(24),
	"channel" varchar(64) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'prospect' NOT NULL,
	"service_team_id" integer,
	"next_service_date" date,
	"last_service_date" date,
	"address1" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) DEFAULT '' NOT NULL,
	"zip" varchar(5) DEFAULT '' NOT NULL,
	"zone_id" integer,
	"quote_id" integer,
	"card_brand" varchar(16),
	"card_last4" varchar(4),
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_holder_name" varchar(96) DEFAULT '' NOT NULL,
	"card_vendor_token" varchar(128) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" varchar(16) NOT NULL,
	"from_status" varchar(10),
	"to_status" varchar(10),
	"reason" text DEFAULT '' NOT NULL,
	"summary" text NOT NULL,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"price_item_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name_en" varchar(96) NOT NULL,
	"name_zh" varchar(96) NOT NULL,
	"taxable" boolean NOT NULL,
	"quantity" integer NOT NULL,
	"minutes_each" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_minutes" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"reference" varchar(20) NOT NULL,
	"quote_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"customer_id" integer,
	"customer_name" varchar(128) NOT NULL,
	"phone1" varchar(32) NOT NULL,
	"phone2" varchar(32) DEFAULT '' NOT NULL,
	"phone3" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(160) DEFAULT '' NOT NULL,
	"address1" varchar(160) NOT NULL,
	"address2" varchar(80) DEFAULT '' NOT NULL,
	"city" varchar(80) DEFAULT '' NOT NULL,
	"state" varchar(2) DEFAULT 'CA' NOT NULL,
	"county" varchar(64) DEFAULT '' NOT NULL,
	"zip" varchar(5) NOT NULL,
	"country" varchar(56) DEFAULT 'US' NOT NULL,
	"zone_id" integer,
	"address_key" varchar(160) DEFAULT '' NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"source" varchar(24),
	"channel" varchar(64) DEFAULT '' NOT NULL,
	"customer_note" text DEFAULT '' NOT NULL,
	"location_type" varchar(12) DEFAULT 'residential' NOT NULL,
	"house_type" varchar(12) NOT NULL,
	"job_location" varchar(160) DEFAULT '' NOT NULL,
	"job_note" text DEFAULT '' NOT NULL,
	"occupants" integer,
	"house_size_sqft" integer NOT NULL,
	"housing_area" varchar(96) DEFAULT '' NOT NULL,
	"quote_type" varchar(8) DEFAULT 'fixed' NOT NULL,
	"frequency" varchar(20) DEFAULT 'one_time' NOT NULL,
	"team_size" integer NOT NULL,
	"price_per_minute_cents" integer NOT NULL,
	"travel_minutes" integer DEFAULT 0 NOT NULL,
	"coupon_code" varchar(32) DEFAULT '' NOT NULL,
	"coupon_discount_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"flat_rate_cents" integer,
	"minutes_per_person_per_1000_sqft" integer NOT NULL,
	"price_range_variance_bps" integer NOT NULL,
	"max_discount_bps" integer NOT NULL,
	"sales_tax_bps" integer NOT NULL,
	"default_team_size" integer NOT NULL,
	"default_price_per_minute_cents" integer NOT NULL,
	"total_minutes" integer NOT NULL,
	"in_home_minutes" integer NOT NULL,
	"calculated_price_cents" integer NOT NULL,
	"range_low_cents" integer NOT NULL,
	"range_high_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"final_offer_cents" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	"team_note" text DEFAULT '' NOT NULL,
	"preferred_team_id" integer,
	"card_brand" varchar(16),
	"card_last4" varchar(4),
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_holder_name" varchar(96) DEFAULT '' NOT NULL,
	"card_vendor_token" varchar(128) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_counters" (
	"scope" varchar(32) PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connect_records" ADD CONSTRAINT "connect_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_records" ADD CONSTRAINT "connect_records_logged_for_id_sys_users_id_fk" FOREIGN KEY ("logged_for_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_document_contents" ADD CONSTRAINT "customer_document_contents_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_key_events" ADD CONSTRAINT "customer_key_events_location_id_customer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_key_events" ADD CONSTRAINT "customer_key_events_holder_id_sys_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_locations" ADD CONSTRAINT "customer_locations_key_holder_id_sys_users_id_fk" FOREIGN KEY ("key_holder_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_preferences" ADD CONSTRAINT "customer_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_preferences" ADD CONSTRAINT "customer_preferences_preferred_team_id_teams_id_fk" FOREIGN KEY ("preferred_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_search_terms" ADD CONSTRAINT "customer_search_terms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_service_team_id_teams_id_fk" FOREIGN KEY ("service_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_history" ADD CONSTRAINT "quote_history_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_preferred_team_id_teams_id_fk" FOREIGN KEY ("preferred_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connect_records_contact_idx" ON "connect_records" USING btree ("contact_date","id");--> statement-breakpoint
CREATE INDEX "connect_records_customer_idx" ON "connect_records" USING btree ("customer_id","contact_date");--> statement-breakpoint
CREATE INDEX "connect_records_logged_for_idx" ON "connect_records" USING btree ("logged_for_id");--> statement-breakpoint
CREATE INDEX "connect_records_follow_up_idx" ON "connect_records" USING btree ("status","follow_up_date");--> statement-breakpoint
CREATE INDEX "customer_documents_customer_idx" ON "customer_documents" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE INDEX "customer_key_events_location_idx" ON "customer_key_events" USING btree ("location_id","at");--> statement-breakpoint
CREATE INDEX "customer_locations_customer_idx" ON "customer_locations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_locations_address_key_idx" ON "customer_locations" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "customer_locations_zone_idx" ON "customer_locations" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "customer_locations_holder_idx" ON "customer_locations" USING btree ("key_holder_id");--> statement-breakpoint
CREATE INDEX "customer_locations_key_tag_idx" ON "customer_locations" USING btree ("key_tag");--> statement-breakpoint
CREATE INDEX "customer_payments_customer_idx" ON "customer_payments" USING btree ("customer_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_payments_reversal_uq" ON "customer_payments" USING btree ("reversal_of_id") WHERE "customer_payments"."reversal_of_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_preferences_customer_uq" ON "customer_preferences" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_refunds_customer_idx" ON "customer_refunds" USING btree ("customer_id","refunded_on");--> statement-breakpoint
CREATE INDEX "customer_search_terms_term_idx" ON "customer_search_terms" USING btree ("term" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "customers_zone_idx" ON "customers" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "customers_team_idx" ON "customers" USING btree ("service_team_id");--> statement-breakpoint
CREATE INDEX "customers_next_service_idx" ON "customers" USING btree ("next_service_date");--> statement-breakpoint
CREATE INDEX "customers_last_service_idx" ON "customers" USING btree ("last_service_date");--> statement-breakpoint
CREATE INDEX "customers_source_idx" ON "customers" USING btree ("source");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quote_history_quote_idx" ON "quote_history" USING btree ("quote_id","at");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_reference_uq" ON "quotes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "quotes_reference_prefix_idx" ON "quotes" USING btree ("reference" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_date_idx" ON "quotes" USING btree ("quote_date","id");--> statement-breakpoint
CREATE INDEX "quotes_status_date_idx" ON "quotes" USING btree ("status","quote_date");--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "quotes_address_key_idx" ON "quotes" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "quotes_zip_idx" ON "quotes" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "quotes_source_idx" ON "quotes" USING btree ("source");--> statement-breakpoint
-- Existing databases: the office manager preset gains the payments key (new databases get it from the preset).
INSERT INTO "role_permissions" ("role_id", "key") SELECT "roles"."id", 'customer:payments:manage' FROM "roles" WHERE "roles"."code" = 'office_manager' AND "roles"."deleted_at" IS NULL ON CONFLICT DO NOTHING;
