CREATE TABLE "employee_leaves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_leaves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"all_day" boolean DEFAULT true NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"reason" varchar(500) NOT NULL,
	CONSTRAINT "employee_leaves_dates_ck" CHECK ("employee_leaves"."end_date" >= "employee_leaves"."start_date")
);
--> statement-breakpoint
CREATE TABLE "employee_pay_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_pay_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"pay_type" varchar(8) NOT NULL,
	"rate_cents" integer NOT NULL,
	"labor_type_id" integer,
	"is_paid" boolean DEFAULT true NOT NULL,
	"effective_from" date NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "employee_pay_rates_rate_ck" CHECK ("employee_pay_rates"."rate_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "employee_remarks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_remarks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" integer NOT NULL,
	"remark_date" date NOT NULL,
	"content" text NOT NULL,
	"author_id" integer
);
--> statement-breakpoint
CREATE TABLE "employee_photos" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"tag" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_skills" (
	"user_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "employee_skills_user_id_skill_id_pk" PRIMARY KEY("user_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"name_en" varchar(64) NOT NULL,
	"name_zh" varchar(64) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_outages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_outages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "team_outages_dates_ck" CHECK ("team_outages"."end_date" >= "team_outages"."start_date")
);
--> statement-breakpoint
DROP INDEX "sys_users_uname_uq";--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "termination_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "referred_by" varchar(96);--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "location" varchar(160);--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "driver_license_no" varchar(32);--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "driver_license_expiry" date;--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "emergency_contact" varchar(96);--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "emergency_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "text_color" varchar(16) DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "default_zone_id" integer;--> statement-breakpoint
ALTER TABLE "employee_leaves" ADD CONSTRAINT "employee_leaves_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_pay_rates" ADD CONSTRAINT "employee_pay_rates_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_pay_rates" ADD CONSTRAINT "employee_pay_rates_labor_type_id_labor_types_id_fk" FOREIGN KEY ("labor_type_id") REFERENCES "public"."labor_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_remarks" ADD CONSTRAINT "employee_remarks_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_remarks" ADD CONSTRAINT "employee_remarks_author_id_sys_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_photos" ADD CONSTRAINT "employee_photos_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_outages" ADD CONSTRAINT "team_outages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_leaves_user_idx" ON "employee_leaves" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "employee_leaves_dates_idx" ON "employee_leaves" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_pay_rates_user_from_uq" ON "employee_pay_rates" USING btree ("user_id","effective_from") WHERE "employee_pay_rates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "employee_remarks_user_idx" ON "employee_remarks" USING btree ("user_id","remark_date");--> statement-breakpoint
CREATE INDEX "employee_remarks_author_idx" ON "employee_remarks" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "employee_skills_skill_idx" ON "employee_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_en_uq" ON "skills" USING btree (lower("name_en")) WHERE "skills"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_zh_uq" ON "skills" USING btree ("name_zh") WHERE "skills"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "team_outages_team_idx" ON "team_outages" USING btree ("team_id","start_date");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_default_zone_id_zones_id_fk" FOREIGN KEY ("default_zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_users_employee_no_uq" ON "sys_users" USING btree (lower("employee_no")) WHERE "sys_users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sys_users_status_idx" ON "sys_users" USING btree ("status","account_status");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_leader_uq" ON "team_members" USING btree ("team_id") WHERE "team_members"."is_leader";--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_uq" ON "teams" USING btree (lower("name")) WHERE "teams"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_users_uname_uq" ON "sys_users" USING btree (lower("uname")) WHERE "sys_users"."deleted_at" is null;--> statement-breakpoint
-- Existing databases: the office manager preset gains the new employee action keys (new databases get them from the preset).
INSERT INTO "role_permissions" ("role_id", "key") SELECT "roles"."id", k."key" FROM "roles", (VALUES ('employee:pay:manage'), ('employee:remark:manage')) AS k("key") WHERE "roles"."code" = 'office_manager' AND "roles"."deleted_at" IS NULL ON CONFLICT DO NOTHING;
