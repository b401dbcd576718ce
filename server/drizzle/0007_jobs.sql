CREATE TABLE "job_image_contents" (
	"image_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"job_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(160) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"price_item_id" integer,
	"name_en" varchar(96) NOT NULL,
	"name_zh" varchar(96) NOT NULL,
	"rate_effective_from" date,
	"quantity" integer NOT NULL,
	"minutes_each" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"taxable" boolean NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"free_reason" varchar(200) DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "job_lines_quantity_ck" CHECK ("job_lines"."quantity" > 0 and "job_lines"."minutes_each" >= 0 and "job_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"job_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"note" varchar(500) NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"reference" varchar(20) NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"zone_id" integer,
	"frequency" varchar(24) DEFAULT 'one_time' NOT NULL,
	"status" varchar(12) DEFAULT 'unscheduled' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"team_id" integer,
	"preferred_team_id" integer,
	"window_start_minutes" integer,
	"window_end_minutes" integer,
	"service_date" date,
	"start_minutes" integer,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"quoted_minutes" integer DEFAULT 0 NOT NULL,
	"actual_minutes" integer,
	"uncompleted_reason" text DEFAULT '' NOT NULL,
	"cancel_reason" varchar(24),
	"cancel_note" text DEFAULT '' NOT NULL,
	"cancel_fee_cents" integer DEFAULT 0 NOT NULL,
	"reclean_of_job_id" integer,
	"reclean_reason" text DEFAULT '' NOT NULL,
	"customer_at_home" boolean DEFAULT false NOT NULL,
	"assignee_id" integer,
	"driving_distance_tenth_miles" integer,
	"notes" text DEFAULT '' NOT NULL,
	"quote_id" integer,
	"plan_id" integer,
	"occurrence_date" date,
	"moved_by_hand" boolean DEFAULT false NOT NULL,
	"edited_by_hand" boolean DEFAULT false NOT NULL,
	"price_per_minute_cents" integer DEFAULT 0 NOT NULL,
	"flat_rate_cents" integer,
	"coupon_code" varchar(32) DEFAULT '' NOT NULL,
	"coupon_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"sales_tax_bps" integer DEFAULT 0 NOT NULL,
	"revenue_cents" integer DEFAULT 0 NOT NULL,
	"discounts_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"taxable_cents" integer DEFAULT 0 NOT NULL,
	"taxes_cents" integer DEFAULT 0 NOT NULL,
	"projected_labor_cents" integer DEFAULT 0 NOT NULL,
	"invoice_total_cents" integer DEFAULT 0 NOT NULL,
	"profit_loss_cents" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"closed_at" timestamp with time zone,
	CONSTRAINT "jobs_start_minutes_ck" CHECK ("jobs"."start_minutes" is null or ("jobs"."start_minutes" >= 0 and "jobs"."start_minutes" < 1440)),
	CONSTRAINT "jobs_money_ck" CHECK ("jobs"."cancel_fee_cents" >= 0 and "jobs"."coupon_cents" >= 0 and "jobs"."discount_cents" >= 0),
	CONSTRAINT "jobs_scheduled_ck" CHECK ("jobs"."status" in ('unscheduled', 'cancelled') or ("jobs"."team_id" is not null and "jobs"."service_date" is not null and "jobs"."start_minutes" is not null))
);
--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "job_image_contents" ADD CONSTRAINT "job_image_contents_image_id_job_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."job_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_images" ADD CONSTRAINT "job_images_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reminders" ADD CONSTRAINT "job_reminders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_id_customer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_preferred_team_id_teams_id_fk" FOREIGN KEY ("preferred_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_assignee_id_sys_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_images_job_idx" ON "job_images" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_lines_job_idx" ON "job_lines" USING btree ("job_id","sort_order");--> statement-breakpoint
CREATE INDEX "job_reminders_job_idx" ON "job_reminders" USING btree ("job_id","due_date");--> statement-breakpoint
CREATE INDEX "job_reminders_due_idx" ON "job_reminders" USING btree ("due_date") WHERE not "job_reminders"."done" and "job_reminders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_reference_uq" ON "jobs" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "jobs_reference_prefix_idx" ON "jobs" USING btree ("reference" varchar_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_plan_occurrence_uq" ON "jobs" USING btree ("plan_id","occurrence_date") WHERE "jobs"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_date_idx" ON "jobs" USING btree ("service_date","id");--> statement-breakpoint
CREATE INDEX "jobs_status_date_idx" ON "jobs" USING btree ("status","service_date");--> statement-breakpoint
CREATE INDEX "jobs_team_date_idx" ON "jobs" USING btree ("team_id","service_date");--> statement-breakpoint
CREATE INDEX "jobs_zone_date_idx" ON "jobs" USING btree ("zone_id","service_date");--> statement-breakpoint
CREATE INDEX "jobs_frequency_date_idx" ON "jobs" USING btree ("frequency","service_date");--> statement-breakpoint
CREATE INDEX "jobs_customer_date_idx" ON "jobs" USING btree ("customer_id","service_date");--> statement-breakpoint
CREATE INDEX "jobs_location_idx" ON "jobs" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "jobs_reclean_of_idx" ON "jobs" USING btree ("reclean_of_job_id") WHERE "jobs"."reclean_of_job_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_assignee_idx" ON "jobs" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "customer_payments_job_idx" ON "customer_payments" USING btree ("job_id") WHERE "customer_payments"."job_id" is not null;