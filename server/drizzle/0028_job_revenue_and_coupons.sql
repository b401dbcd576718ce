ALTER TABLE "campaigns" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "min_subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "quotes_coupon_code_idx" ON "quotes" USING btree (lower("coupon_code")) WHERE "quotes"."coupon_code" <> '';--> statement-breakpoint
CREATE INDEX "jobs_coupon_code_idx" ON "jobs" USING btree (lower("coupon_code")) WHERE "jobs"."coupon_code" <> '';--> statement-breakpoint
-- Hand-written: one definition of revenue (docs/business-rules.md "Revenue"; contract jobRevenueCents,
-- server jobs/job-revenue.ts): a cancelled job earns its cancel fee alone, any other job its subtotal.
-- The dashboard's job_day_totals now sums that expression (the same text as JOB_REVENUE_EXPRESSION).
CREATE OR REPLACE FUNCTION "job_day_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM job_day_totals;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_day_totals AS t (service_date, team_id, status, jobs, minutes, revenue_cents)
    SELECT service_date, coalesce(team_id, 0), status, count(*), sum(duration_minutes),
           sum(case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end)
    FROM new_rows WHERE service_date IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (service_date, team_id, status) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      minutes = t.minutes + excluded.minutes, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_day_totals AS t (service_date, team_id, status, jobs, minutes, revenue_cents)
    SELECT service_date, coalesce(team_id, 0), status, -count(*), -sum(duration_minutes),
           -sum(case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end)
    FROM old_rows WHERE service_date IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (service_date, team_id, status) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      minutes = t.minutes + excluded.minutes, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  ELSE
    INSERT INTO job_day_totals AS t (service_date, team_id, status, jobs, minutes, revenue_cents)
    SELECT service_date, team_id, status, sum(jobs), sum(minutes), sum(revenue_cents)
    FROM (
      SELECT service_date, coalesce(team_id, 0) AS team_id, status, 1 AS jobs,
             duration_minutes::bigint AS minutes, (case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end)::bigint AS revenue_cents
      FROM new_rows WHERE service_date IS NOT NULL
      UNION ALL
      SELECT service_date, coalesce(team_id, 0), status, -1, -duration_minutes::bigint,
             -(case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end)::bigint
      FROM old_rows WHERE service_date IS NOT NULL
    ) AS delta
    GROUP BY 1, 2, 3
    HAVING sum(jobs) <> 0 OR sum(minutes) <> 0 OR sum(revenue_cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (service_date, team_id, status) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      minutes = t.minutes + excluded.minutes, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Jobs cancelled without a fee by a plan (a skipped visit, a pause, a cancelled plan, a plan change)
-- kept the price of the visit that never happened: their lines become free ("cancelled") and their
-- charges and costing 0, as a cancellation through the job itself always did.
UPDATE "job_lines" SET "free" = true, "amount_cents" = 0,
  "free_reason" = CASE WHEN "free_reason" = '' THEN 'cancelled' ELSE "free_reason" END
WHERE NOT "free" AND "job_id" IN (SELECT "id" FROM "jobs" WHERE "status" = 'cancelled' AND "cancel_fee_cents" = 0);
--> statement-breakpoint
UPDATE "jobs" SET "flat_rate_cents" = NULL, "coupon_cents" = 0, "discount_cents" = 0, "revenue_cents" = 0,
  "discounts_cents" = 0, "subtotal_cents" = 0, "taxable_cents" = 0, "taxes_cents" = 0,
  "projected_labor_cents" = 0, "invoice_total_cents" = 0, "profit_loss_cents" = 0
WHERE "status" = 'cancelled' AND "cancel_fee_cents" = 0
  AND ("subtotal_cents" <> 0 OR "revenue_cents" <> 0 OR "invoice_total_cents" <> 0 OR "profit_loss_cents" <> 0
       OR "coupon_cents" <> 0 OR "discount_cents" <> 0 OR "flat_rate_cents" IS NOT NULL);
--> statement-breakpoint
-- The totals again from the jobs, by the one definition.
DELETE FROM "job_day_totals";
--> statement-breakpoint
INSERT INTO "job_day_totals" ("service_date", "team_id", "status", "jobs", "minutes", "revenue_cents")
SELECT "service_date", coalesce("team_id", 0), "status", count(*), sum("duration_minutes"),
       sum(case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end)
FROM "jobs" WHERE "service_date" IS NOT NULL GROUP BY 1, 2, 3;
