CREATE TABLE "aging_by_oldest_due" (
	"oldest_due_on" date PRIMARY KEY NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	"open_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written (Drizzle cannot express triggers). The aging report's totals per oldest due date
-- ('infinity' for a customer with credit only), kept by statement triggers on customer_balances like
-- open_by_due_date (0033): the report's count and sums read a few thousand rows, and "past due only"
-- is the rows before the business date. Keys are visited in order; a zero delta takes no lock.
CREATE FUNCTION "aging_by_oldest_due_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM aging_by_oldest_due;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO aging_by_oldest_due AS t (oldest_due_on, customers, open_cents, credit_cents)
    SELECT coalesce(oldest_due_on, 'infinity'::date), count(*), sum(open_cents), sum(credit_cents) FROM new_rows
     WHERE open_cents <> 0 OR credit_cents <> 0 GROUP BY 1 ORDER BY 1
    ON CONFLICT (oldest_due_on) DO UPDATE SET customers = t.customers + excluded.customers,
      open_cents = t.open_cents + excluded.open_cents, credit_cents = t.credit_cents + excluded.credit_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO aging_by_oldest_due AS t (oldest_due_on, customers, open_cents, credit_cents)
    SELECT coalesce(oldest_due_on, 'infinity'::date), -count(*), -sum(open_cents), -sum(credit_cents) FROM old_rows
     WHERE open_cents <> 0 OR credit_cents <> 0 GROUP BY 1 ORDER BY 1
    ON CONFLICT (oldest_due_on) DO UPDATE SET customers = t.customers + excluded.customers,
      open_cents = t.open_cents + excluded.open_cents, credit_cents = t.credit_cents + excluded.credit_cents;
  ELSE
    INSERT INTO aging_by_oldest_due AS t (oldest_due_on, customers, open_cents, credit_cents)
    SELECT due, sum(n), sum(open), sum(credit) FROM (
      SELECT coalesce(oldest_due_on, 'infinity'::date) AS due, 1::bigint AS n, open_cents AS open, credit_cents AS credit
        FROM new_rows WHERE open_cents <> 0 OR credit_cents <> 0
      UNION ALL
      SELECT coalesce(oldest_due_on, 'infinity'::date), -1, -open_cents, -credit_cents
        FROM old_rows WHERE open_cents <> 0 OR credit_cents <> 0
    ) AS delta
    GROUP BY 1 HAVING sum(n) <> 0 OR sum(open) <> 0 OR sum(credit) <> 0 ORDER BY 1
    ON CONFLICT (oldest_due_on) DO UPDATE SET customers = t.customers + excluded.customers,
      open_cents = t.open_cents + excluded.open_cents, credit_cents = t.credit_cents + excluded.credit_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "aging_by_oldest_due" ("oldest_due_on", "customers", "open_cents", "credit_cents")
SELECT coalesce("oldest_due_on", 'infinity'::date), count(*), sum("open_cents"), sum("credit_cents") FROM "customer_balances"
 WHERE "open_cents" <> 0 OR "credit_cents" <> 0 GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER "customer_balances_aging_insert" AFTER INSERT ON "customer_balances" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "aging_by_oldest_due_change"();
--> statement-breakpoint
CREATE TRIGGER "customer_balances_aging_update" AFTER UPDATE ON "customer_balances" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "aging_by_oldest_due_change"();
--> statement-breakpoint
CREATE TRIGGER "customer_balances_aging_delete" AFTER DELETE ON "customer_balances" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "aging_by_oldest_due_change"();
--> statement-breakpoint
CREATE TRIGGER "customer_balances_aging_truncate" AFTER TRUNCATE ON "customer_balances"
  FOR EACH STATEMENT EXECUTE FUNCTION "aging_by_oldest_due_change"();
