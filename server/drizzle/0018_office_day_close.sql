ALTER TABLE "office_days" ADD COLUMN "counted_cash_cents" integer;--> statement-breakpoint
ALTER TABLE "office_days" ADD COLUMN "counted_check_cents" integer;--> statement-breakpoint
ALTER TABLE "office_days" ADD COLUMN "difference_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;