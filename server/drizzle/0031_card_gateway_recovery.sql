ALTER TABLE "card_queue_entries" ADD COLUMN "gateway_intent_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_queue_entries" ADD COLUMN "gateway_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "gateway_sent_at" timestamp with time zone;