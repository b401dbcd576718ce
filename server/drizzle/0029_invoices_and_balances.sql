CREATE TABLE "customer_balances" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"invoiced_cents" bigint DEFAULT 0 NOT NULL,
	"open_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"oldest_due_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"description_en" varchar(200) NOT NULL,
	"description_zh" varchar(200) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"number" varchar(20) NOT NULL,
	"customer_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"applied_cents" integer DEFAULT 0 NOT NULL,
	"void_reason" text DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"corrects_invoice_id" integer,
	"sent_at" timestamp with time zone,
	CONSTRAINT "invoices_applied_ck" CHECK ("invoices"."applied_cents" >= 0 and ("invoices"."status" = 'void' or "invoices"."applied_cents" <= "invoices"."total_cents"))
);
--> statement-breakpoint
CREATE TABLE "payment_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"customer_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversal_of_id" integer,
	"refund_id" integer
);
--> statement-breakpoint
ALTER TABLE "quote_parameters" ADD COLUMN "payment_terms_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_payment_id_customer_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."customer_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_refund_id_customer_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."customer_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_balances_owing_idx" ON "customer_balances" USING btree ("balance_cents","customer_id") WHERE "customer_balances"."balance_cents" <> 0;--> statement-breakpoint
CREATE INDEX "customer_balances_oldest_due_idx" ON "customer_balances" USING btree ("oldest_due_on") WHERE "customer_balances"."oldest_due_on" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_job_live_uq" ON "invoices" USING btree ("job_id") WHERE "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_job_idx" ON "invoices" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issued_on","id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on","id");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("customer_id","due_on","id") WHERE "invoices"."status" in ('open', 'partly_paid');--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" in ('open', 'partly_paid');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_corrects_uq" ON "invoices" USING btree ("corrects_invoice_id") WHERE "invoices"."corrects_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_applications_invoice_idx" ON "payment_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_applications_payment_idx" ON "payment_applications" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_applications_customer_idx" ON "payment_applications" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_applications_reversal_uq" ON "payment_applications" USING btree ("reversal_of_id") WHERE "payment_applications"."reversal_of_id" is not null;