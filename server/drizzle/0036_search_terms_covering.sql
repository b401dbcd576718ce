DROP INDEX "customer_search_terms_term_idx";--> statement-breakpoint
CREATE INDEX "customer_search_terms_term_idx" ON "customer_search_terms" USING btree ("term" varchar_pattern_ops,"customer_id");