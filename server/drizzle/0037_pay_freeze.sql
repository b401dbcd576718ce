CREATE TABLE "pay_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"source_period_start" date NOT NULL,
	"source_period_end" date NOT NULL,
	"cents" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"job_id" integer,
	"payment_id" integer,
	"applied_period_start" date,
	CONSTRAINT "pay_adjustments_cents_ck" CHECK ("pay_adjustments"."cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "pay_period_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_period_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"approved_by" integer,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	"reopen_reason" text DEFAULT '' NOT NULL,
	"wages" jsonb NOT NULL,
	"gross_cents" integer NOT NULL,
	"job_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_period_approvals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_snapshots" ADD CONSTRAINT "pay_period_snapshots_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_adjustments_user_source_idx" ON "pay_adjustments" USING btree ("user_id","source_period_start");--> statement-breakpoint
CREATE INDEX "pay_adjustments_pending_idx" ON "pay_adjustments" USING btree ("user_id") WHERE "pay_adjustments"."applied_period_start" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_period_snapshots_current_uq" ON "pay_period_snapshots" USING btree ("user_id","period_start") WHERE "pay_period_snapshots"."reopened_at" is null;--> statement-breakpoint
CREATE INDEX "pay_period_snapshots_user_idx" ON "pay_period_snapshots" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "pay_period_snapshots_jobs_idx" ON "pay_period_snapshots" USING gin ("job_ids");--> statement-breakpoint
-- Approvals made before the first approval was kept: the last one known stands for it.
UPDATE "pay_period_approvals" SET "first_approved_at" = "approved_at" WHERE "approved_at" IS NOT NULL;