CREATE TABLE "customer_message_choices" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"sms_enabled" boolean DEFAULT true NOT NULL,
	"consent_date" date,
	"consent_source" varchar(16),
	"sms_opted_out" boolean DEFAULT false NOT NULL,
	"sms_opted_out_at" timestamp with time zone,
	"sms_opt_out_source" varchar(16),
	"email_opted_out" boolean DEFAULT false NOT NULL,
	"email_opted_out_at" timestamp with time zone,
	"email_opt_out_source" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"event" varchar(24) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"language" varchar(2) NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_message_choices" ADD CONSTRAINT "customer_message_choices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_event_channel_language_uq" ON "message_templates" USING btree ("event","channel","language");