ALTER TABLE "customer_refunds" ADD COLUMN "card_payment_id" integer;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "idempotency_key" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "gateway_refund_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_refunds_card_payment_idx" ON "customer_refunds" USING btree ("card_payment_id") WHERE "customer_refunds"."card_payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_refunds_idempotency_uq" ON "customer_refunds" USING btree ("idempotency_key") WHERE "customer_refunds"."idempotency_key" <> '';