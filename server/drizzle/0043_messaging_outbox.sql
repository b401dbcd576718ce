CREATE TABLE "inbound_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"provider_id" varchar(128) NOT NULL,
	"from_phone" varchar(32) NOT NULL,
	"to_phone" varchar(32) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"keyword" varchar(12) DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
CREATE TABLE "message_parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"sms_account_sid" varchar(64) DEFAULT '' NOT NULL,
	"sms_auth_token_encrypted" text,
	"sms_from_number" varchar(32) DEFAULT '' NOT NULL,
	"reminder_lead_hours" integer DEFAULT 24 NOT NULL,
	"review_request_days" integer DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"event" varchar(24) NOT NULL,
	"customer_id" integer NOT NULL,
	"job_id" integer,
	"invoice_id" integer,
	"payment_id" integer,
	"channel" varchar(8) NOT NULL,
	"dedupe_key" varchar(120) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"provider_id" varchar(128) DEFAULT '' NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"language" varchar(5) DEFAULT '' NOT NULL,
	"to_address" varchar(160) DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_payment_id_customer_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."customer_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_provider_uq" ON "inbound_messages" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_customer_idx" ON "inbound_messages" USING btree ("customer_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_open_idx" ON "inbound_messages" USING btree ("received_at") WHERE "inbound_messages"."handled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe_uq" ON "outbox_messages" USING btree ("dedupe_key","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_idempotency_uq" ON "outbox_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at","id") WHERE "outbox_messages"."status" in ('queued', 'held', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_messages_provider_idx" ON "outbox_messages" USING btree ("provider_id") WHERE "outbox_messages"."provider_id" <> '';--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_idx" ON "outbox_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_customer_created_idx" ON "outbox_messages" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_job_idx" ON "outbox_messages" USING btree ("job_id") WHERE "outbox_messages"."job_id" is not null;