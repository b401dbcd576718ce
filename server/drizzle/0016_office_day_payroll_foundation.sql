CREATE TABLE "card_queue_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_queue_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"serial" varchar(20) NOT NULL,
	"customer_id" integer NOT NULL,
	"job_id" integer,
	"service_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"card_brand" varchar(16) DEFAULT '' NOT NULL,
	"card_last4" varchar(4) DEFAULT '' NOT NULL,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_vendor_token" varchar(128) DEFAULT '' NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"gateway_transaction_id" varchar(64) DEFAULT '' NOT NULL,
	"decline_code" varchar(48) DEFAULT '' NOT NULL,
	"payment_id" integer,
	"resolution" varchar(12),
	"resolution_note" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "card_queue_entries_amount_ck" CHECK ("card_queue_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "office_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"business_date" date NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	"reopen_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "office_days_date_uq" UNIQUE("business_date")
);
--> statement-breakpoint
CREATE TABLE "minimum_wage_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "minimum_wage_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"effective_from" date NOT NULL,
	"cents_per_hour" integer NOT NULL,
	CONSTRAINT "minimum_wage_rates_cents_ck" CHECK ("minimum_wage_rates"."cents_per_hour" > 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"period_kind" varchar(12) DEFAULT 'weekly' NOT NULL,
	"anchor_date" date DEFAULT '2026-01-04' NOT NULL,
	"percent_split" varchar(10) DEFAULT 'by_minutes' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_period_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_period_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	"reopen_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "pay_period_approvals_range_ck" CHECK ("pay_period_approvals"."period_end" >= "pay_period_approvals"."period_start")
);
--> statement-breakpoint
CREATE TABLE "time_card_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_card_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"missed_rest_breaks" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "time_card_days_rest_ck" CHECK ("time_card_days"."missed_rest_breaks" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "time_punches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_punches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"job_id" integer,
	"labor_type_id" integer,
	"source" varchar(8) DEFAULT 'office' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "time_punches_order_ck" CHECK ("time_punches"."ends_at" is null or "time_punches"."ends_at" > "time_punches"."starts_at"),
	CONSTRAINT "time_punches_job_ck" CHECK (("time_punches"."kind" = 'job') = ("time_punches"."job_id" is not null)),
	CONSTRAINT "time_punches_labor_ck" CHECK (("time_punches"."kind" = 'labor') = ("time_punches"."labor_type_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "card_queue_entries" ADD CONSTRAINT "card_queue_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_queue_entries" ADD CONSTRAINT "card_queue_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_queue_entries" ADD CONSTRAINT "card_queue_entries_payment_id_customer_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."customer_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_approvals" ADD CONSTRAINT "pay_period_approvals_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_card_days" ADD CONSTRAINT "time_card_days_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_punches" ADD CONSTRAINT "time_punches_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_punches" ADD CONSTRAINT "time_punches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_punches" ADD CONSTRAINT "time_punches_labor_type_id_labor_types_id_fk" FOREIGN KEY ("labor_type_id") REFERENCES "public"."labor_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_queue_entries_serial_uq" ON "card_queue_entries" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "card_queue_entries_idempotency_uq" ON "card_queue_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_queue_entries_status_date_idx" ON "card_queue_entries" USING btree ("status","service_date");--> statement-breakpoint
CREATE INDEX "card_queue_entries_date_idx" ON "card_queue_entries" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "card_queue_entries_customer_idx" ON "card_queue_entries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "card_queue_entries_job_idx" ON "card_queue_entries" USING btree ("job_id") WHERE "card_queue_entries"."job_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "minimum_wage_rates_from_uq" ON "minimum_wage_rates" USING btree ("effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_period_approvals_user_start_uq" ON "pay_period_approvals" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "pay_period_approvals_start_idx" ON "pay_period_approvals" USING btree ("period_start","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "time_card_days_user_date_uq" ON "time_card_days" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE INDEX "time_card_days_date_idx" ON "time_card_days" USING btree ("work_date");--> statement-breakpoint
CREATE INDEX "time_punches_user_date_idx" ON "time_punches" USING btree ("user_id","work_date") WHERE "time_punches"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_punches_date_idx" ON "time_punches" USING btree ("work_date") WHERE "time_punches"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_punches_job_idx" ON "time_punches" USING btree ("job_id") WHERE "time_punches"."job_id" is not null;--> statement-breakpoint
INSERT INTO "payroll_settings" ("period_kind") VALUES ('weekly');--> statement-breakpoint
INSERT INTO "minimum_wage_rates" ("effective_from", "cents_per_hour") VALUES ('2025-01-01', 1650), ('2026-01-01', 1690);
