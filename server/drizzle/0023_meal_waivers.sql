CREATE TABLE "meal_waivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meal_waivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"meal" smallint NOT NULL,
	"signed_on" date NOT NULL,
	"revoked_on" date,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "meal_waivers_meal_ck" CHECK ("meal_waivers"."meal" in (1, 2)),
	CONSTRAINT "meal_waivers_range_ck" CHECK ("meal_waivers"."revoked_on" is null or "meal_waivers"."revoked_on" > "meal_waivers"."signed_on")
);
--> statement-breakpoint
ALTER TABLE "meal_waivers" ADD CONSTRAINT "meal_waivers_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_waivers_user_idx" ON "meal_waivers" USING btree ("user_id","signed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_waivers_open_uq" ON "meal_waivers" USING btree ("user_id","meal") WHERE "meal_waivers"."revoked_on" is null;