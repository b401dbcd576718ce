CREATE TABLE "field_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "field_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"type" varchar(8) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"work_date" date,
	"job_id" integer,
	"punch_id" integer,
	"status" varchar(10) NOT NULL,
	"message_key" varchar(64),
	"message_params" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "job_field_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_field_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"job_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"note" text DEFAULT '' NOT NULL,
	"note_at" timestamp with time zone,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conflict_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "time_punches" ADD COLUMN "start_lat" double precision;--> statement-breakpoint
ALTER TABLE "time_punches" ADD COLUMN "start_lng" double precision;--> statement-breakpoint
ALTER TABLE "time_punches" ADD COLUMN "start_accuracy_m" integer;--> statement-breakpoint
ALTER TABLE "time_punches" ADD COLUMN "end_lat" double precision;--> statement-breakpoint
ALTER TABLE "time_punches" ADD COLUMN "end_lng" double precision;--> statement-breakpoint
ALTER TABLE "time_punches" ADD COLUMN "end_accuracy_m" integer;--> statement-breakpoint
ALTER TABLE "field_actions" ADD CONSTRAINT "field_actions_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_actions" ADD CONSTRAINT "field_actions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_field_states" ADD CONSTRAINT "job_field_states_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "field_actions_user_key_uq" ON "field_actions" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "field_actions_conflicts_idx" ON "field_actions" USING btree ("work_date") WHERE "field_actions"."status" = 'conflict' and "field_actions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "field_actions_job_idx" ON "field_actions" USING btree ("job_id") WHERE "field_actions"."job_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_field_states_job_uq" ON "job_field_states" USING btree ("job_id");--> statement-breakpoint
-- Punches recorded by an employee's phone were 'device'; the field app names them 'field'.
UPDATE "time_punches" SET "source" = 'field' WHERE "source" = 'device';
