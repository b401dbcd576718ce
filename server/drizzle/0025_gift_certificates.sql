CREATE TABLE "gift_certificate_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_certificate_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"certificate_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"customer_payment_id" integer,
	"job_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificate_entries_balance_ck" CHECK ("gift_certificate_entries"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"number" varchar(16) NOT NULL,
	"purchase_amount_cents" integer NOT NULL,
	"certificate_amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"purchase_method" varchar(16) NOT NULL,
	"purchased_on" date NOT NULL,
	"sent_on" date,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"purchaser_customer_id" integer,
	"purchaser_name" varchar(120) NOT NULL,
	"purchaser_phone" varchar(32) DEFAULT '' NOT NULL,
	"purchaser_email" varchar(160) DEFAULT '' NOT NULL,
	"recipient_name" varchar(120) NOT NULL,
	"recipient_phone" varchar(32) DEFAULT '' NOT NULL,
	"recipient_email" varchar(160) DEFAULT '' NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"service_description" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"office_notes" text DEFAULT '' NOT NULL,
	"void_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "gift_certificates_balance_ck" CHECK ("gift_certificates"."balance_cents" >= 0 and "gift_certificates"."balance_cents" <= "gift_certificates"."certificate_amount_cents"),
	CONSTRAINT "gift_certificates_amounts_ck" CHECK ("gift_certificates"."purchase_amount_cents" >= 0 and "gift_certificates"."certificate_amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_payments" ALTER COLUMN "method" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "gift_certificate_id" integer;--> statement-breakpoint
ALTER TABLE "gift_certificate_entries" ADD CONSTRAINT "gift_certificate_entries_certificate_id_gift_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."gift_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_certificate_entries_certificate_idx" ON "gift_certificate_entries" USING btree ("certificate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificates_number_uq" ON "gift_certificates" USING btree ("number");--> statement-breakpoint
CREATE INDEX "gift_certificates_status_idx" ON "gift_certificates" USING btree ("status","purchased_on");--> statement-breakpoint
CREATE INDEX "gift_certificates_purchased_on_idx" ON "gift_certificates" USING btree ("purchased_on");--> statement-breakpoint
CREATE INDEX "gift_certificates_purchaser_idx" ON "gift_certificates" USING btree ("purchaser_customer_id") WHERE "gift_certificates"."purchaser_customer_id" is not null;