-- Hand-written (Drizzle cannot express triggers). A customer's next and last service dates are
-- derived from their jobs (docs/business-rules.md "Customers"), kept by statement triggers on jobs in
-- the same transaction as the change, whatever statement makes it (add, move, cancel, complete,
-- close, reopen, plan generation, seeds): stored columns, so the customer list still filters and
-- sorts them on its indexes, and nothing else writes them, so they cannot drift.
--   next: the earliest date of a visit still to be done (scheduled, or unscheduled with a date);
--   last: the latest date of a visit done (completed, or closed after being completed).
CREATE FUNCTION "refresh_customer_service_dates"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE customers c SET next_service_date = d.next_date, last_service_date = d.last_date
  FROM (
    SELECT x.id,
      (SELECT min(j.service_date) FROM jobs j
        WHERE j.customer_id = x.id AND j.status IN ('scheduled', 'unscheduled') AND j.service_date IS NOT NULL) AS next_date,
      (SELECT max(j.service_date) FROM jobs j
        WHERE j.customer_id = x.id AND j.status IN ('completed', 'closed') AND j.completed_at IS NOT NULL) AS last_date
    FROM unnest(ids) AS x(id)
  ) d
  WHERE c.id = d.id
    AND (c.next_service_date IS DISTINCT FROM d.next_date OR c.last_service_date IS DISTINCT FROM d.last_date)
$$;
--> statement-breakpoint
-- Only the customers whose jobs changed in a way that matters (status, date, completion, customer);
-- an edit of other columns touches no customer and takes no lock. Ids in order: one lock order.
CREATE FUNCTION "jobs_customer_dates_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_customer_service_dates(ARRAY(
      SELECT DISTINCT customer_id FROM new_rows WHERE service_date IS NOT NULL ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_customer_service_dates(ARRAY(SELECT DISTINCT customer_id FROM old_rows ORDER BY 1));
  ELSE
    PERFORM refresh_customer_service_dates(ARRAY(
      SELECT DISTINCT ids.customer_id FROM (
        SELECT n.customer_id AS new_customer, o.customer_id AS old_customer
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE n.status IS DISTINCT FROM o.status OR n.service_date IS DISTINCT FROM o.service_date
            OR n.completed_at IS DISTINCT FROM o.completed_at OR n.customer_id IS DISTINCT FROM o.customer_id
      ) AS changed
      CROSS JOIN LATERAL (VALUES (changed.new_customer), (changed.old_customer)) AS ids(customer_id)
      ORDER BY 1));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_customer_dates_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_customer_dates_change"();
--> statement-breakpoint
CREATE TRIGGER "jobs_customer_dates_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_customer_dates_change"();
--> statement-breakpoint
CREATE TRIGGER "jobs_customer_dates_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_customer_dates_change"();
--> statement-breakpoint
-- Backfill: every customer's dates from the jobs as they stand (hand-typed values are replaced).
SELECT refresh_customer_service_dates(ARRAY(SELECT id FROM customers ORDER BY id));
