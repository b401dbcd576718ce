CREATE TABLE "service_plan_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_plan_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"price_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "service_plan_lines_qty_ck" CHECK ("service_plan_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"reference" varchar(20) NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quote_id" integer,
	"frequency" varchar(24) NOT NULL,
	"interval_weeks" integer,
	"rrule" varchar(120) NOT NULL,
	"start_date" date NOT NULL,
	"pattern_from" date NOT NULL,
	"end_date" date,
	"status" varchar(10) DEFAULT 'used' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"service_price_cents" integer NOT NULL,
	"budget_minutes" integer NOT NULL,
	"duration_minutes" integer,
	"preferred_team_id" integer,
	"window_start_minutes" integer,
	"window_end_minutes" integer,
	"notes" text DEFAULT '' NOT NULL,
	"generated_until" date,
	CONSTRAINT "service_plans_interval_ck" CHECK ("service_plans"."interval_weeks" is null or ("service_plans"."interval_weeks" between 1 and 52)),
	CONSTRAINT "service_plans_money_ck" CHECK ("service_plans"."service_price_cents" >= 0 and "service_plans"."budget_minutes" >= 0),
	CONSTRAINT "service_plans_window_ck" CHECK (("service_plans"."window_start_minutes" is null or "service_plans"."window_start_minutes" between 0 and 1439) and ("service_plans"."window_end_minutes" is null or "service_plans"."window_end_minutes" between 0 and 1439)),
	CONSTRAINT "service_plans_end_ck" CHECK ("service_plans"."end_date" is null or "service_plans"."end_date" >= "service_plans"."start_date")
);
--> statement-breakpoint
CREATE TABLE "task_teams" (
	"task_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	CONSTRAINT "task_teams_task_id_team_id_pk" PRIMARY KEY("task_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"reference" varchar(20) NOT NULL,
	"name" varchar(96) NOT NULL,
	"frequency" varchar(24) NOT NULL,
	"interval_weeks" integer,
	"rrule" varchar(120) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"start_date" date NOT NULL,
	"start_minutes" integer,
	"duration_minutes" integer NOT NULL,
	"end_date" date,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "tasks_interval_ck" CHECK ("tasks"."interval_weeks" is null or ("tasks"."interval_weeks" between 1 and 52)),
	CONSTRAINT "tasks_start_ck" CHECK ("tasks"."start_minutes" is null or ("tasks"."start_minutes" between 0 and 1439)),
	CONSTRAINT "tasks_duration_ck" CHECK ("tasks"."duration_minutes" between 5 and 1440),
	CONSTRAINT "tasks_end_ck" CHECK ("tasks"."end_date" is null or "tasks"."end_date" >= "tasks"."start_date")
);
--> statement-breakpoint
ALTER TABLE "service_plan_lines" ADD CONSTRAINT "service_plan_lines_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_lines" ADD CONSTRAINT "service_plan_lines_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_location_id_customer_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."customer_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_preferred_team_id_teams_id_fk" FOREIGN KEY ("preferred_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_teams" ADD CONSTRAINT "task_teams_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_teams" ADD CONSTRAINT "task_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_plan_lines_plan_idx" ON "service_plan_lines" USING btree ("plan_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "service_plans_reference_uq" ON "service_plans" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "service_plans_reference_prefix_idx" ON "service_plans" USING btree ("reference" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_plans_status_idx" ON "service_plans" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "service_plans_generation_idx" ON "service_plans" USING btree ("generated_until") WHERE "service_plans"."status" = 'used';--> statement-breakpoint
CREATE INDEX "service_plans_customer_idx" ON "service_plans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "service_plans_location_idx" ON "service_plans" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "service_plans_team_idx" ON "service_plans" USING btree ("preferred_team_id");--> statement-breakpoint
CREATE INDEX "service_plans_quote_idx" ON "service_plans" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "task_teams_team_idx" ON "task_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_reference_uq" ON "tasks" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status","start_date") WHERE "tasks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_name_idx" ON "tasks" USING btree ("name");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_plan_id_service_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_type","record_id","at");