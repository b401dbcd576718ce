CREATE TABLE "open_by_due_date" (
	"due_on" date PRIMARY KEY NOT NULL,
	"open_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_balances_balance_idx" ON "customer_balances" USING btree ("balance_cents","customer_id");--> statement-breakpoint
CREATE INDEX "customer_balances_aging_idx" ON "customer_balances" USING btree ("balance_cents","customer_id") WHERE "customer_balances"."open_cents" <> 0 or "customer_balances"."credit_cents" <> 0;--> statement-breakpoint
-- Hand-written (Drizzle cannot express triggers). Every customer gets a customer_balances row (the
-- missing ones now, a new customer's from its insert), so the list joins it inner and sorts by the
-- balance through customer_balances_balance_idx. open_by_due_date is kept by statement triggers on
-- invoices, like job_day_totals (0019): each statement adds its new rows' open amounts and takes
-- away its old ones per due date; dates whose delta is zero take no lock; keys are visited in order.
INSERT INTO "customer_balances" ("customer_id")
SELECT c."id" FROM "customers" c
 WHERE NOT EXISTS (SELECT 1 FROM "customer_balances" b WHERE b."customer_id" = c."id");
--> statement-breakpoint
CREATE FUNCTION "customer_balances_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_balances (customer_id) SELECT id FROM new_rows ORDER BY id ON CONFLICT (customer_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_balance_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_balances_create"();
--> statement-breakpoint
CREATE FUNCTION "open_by_due_date_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM open_by_due_date;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO open_by_due_date AS t (due_on, open_cents)
    SELECT due_on, sum(total_cents - applied_cents) FROM new_rows
     WHERE status IN ('open', 'partly_paid') GROUP BY 1 HAVING sum(total_cents - applied_cents) <> 0 ORDER BY 1
    ON CONFLICT (due_on) DO UPDATE SET open_cents = t.open_cents + excluded.open_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO open_by_due_date AS t (due_on, open_cents)
    SELECT due_on, -sum(total_cents - applied_cents) FROM old_rows
     WHERE status IN ('open', 'partly_paid') GROUP BY 1 HAVING sum(total_cents - applied_cents) <> 0 ORDER BY 1
    ON CONFLICT (due_on) DO UPDATE SET open_cents = t.open_cents + excluded.open_cents;
  ELSE
    INSERT INTO open_by_due_date AS t (due_on, open_cents)
    SELECT due_on, sum(cents) FROM (
      SELECT due_on, (total_cents - applied_cents)::bigint AS cents FROM new_rows WHERE status IN ('open', 'partly_paid')
      UNION ALL
      SELECT due_on, -(total_cents - applied_cents)::bigint FROM old_rows WHERE status IN ('open', 'partly_paid')
    ) AS delta
    GROUP BY 1 HAVING sum(cents) <> 0 ORDER BY 1
    ON CONFLICT (due_on) DO UPDATE SET open_cents = t.open_cents + excluded.open_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "open_by_due_date" ("due_on", "open_cents")
SELECT "due_on", sum("total_cents" - "applied_cents") FROM "invoices"
 WHERE "status" IN ('open', 'partly_paid') GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER "invoices_open_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "open_by_due_date_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_open_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "open_by_due_date_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_open_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "open_by_due_date_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_open_truncate" AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "open_by_due_date_change"();
