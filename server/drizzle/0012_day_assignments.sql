CREATE TABLE "assignment_days" (
	"service_date" date PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "day_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "day_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_date" date NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "day_assignments" ADD CONSTRAINT "day_assignments_service_date_assignment_days_service_date_fk" FOREIGN KEY ("service_date") REFERENCES "public"."assignment_days"("service_date") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_assignments" ADD CONSTRAINT "day_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_assignments" ADD CONSTRAINT "day_assignments_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_assignments_day_user_uq" ON "day_assignments" USING btree ("service_date","user_id");--> statement-breakpoint
CREATE INDEX "day_assignments_day_team_idx" ON "day_assignments" USING btree ("service_date","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "day_assignments_day_leader_uq" ON "day_assignments" USING btree ("service_date","team_id") WHERE "day_assignments"."is_leader";--> statement-breakpoint
CREATE INDEX "day_assignments_user_idx" ON "day_assignments" USING btree ("user_id");