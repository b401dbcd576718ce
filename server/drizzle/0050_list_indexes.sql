DROP INDEX "customer_search_terms_term_idx";--> statement-breakpoint
ALTER TABLE "customer_search_terms" ADD COLUMN "sort_name" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Each term carries its customer's name (the search sorts by it); the index is built after the fill.
UPDATE "customer_search_terms" t SET "sort_name" = c."name" FROM "customers" c WHERE c."id" = t."customer_id";--> statement-breakpoint
CREATE INDEX "customers_live_status_name_idx" ON "customers" USING btree ("status","name","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_removed_idx" ON "customers" USING btree ("id") WHERE "customers"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "quotes_list_order_idx" ON "quotes" USING btree ("quote_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "customer_search_terms_term_idx" ON "customer_search_terms" USING btree ("term" varchar_pattern_ops,"customer_id","sort_name");