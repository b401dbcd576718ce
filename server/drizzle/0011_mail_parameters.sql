CREATE TABLE "mail_parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"host" varchar(160) DEFAULT '' NOT NULL,
	"port" integer DEFAULT 587 NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"username" varchar(160) DEFAULT '' NOT NULL,
	"password_encrypted" text,
	"from_address" varchar(160) DEFAULT '' NOT NULL,
	"from_name" varchar(128) DEFAULT '' NOT NULL
);
--> statement-breakpoint
-- The single settings row: not set up until an administrator enters a server (the built-in catcher takes mail meanwhile).
INSERT INTO "mail_parameters" ("id") OVERRIDING SYSTEM VALUE VALUES (1);
