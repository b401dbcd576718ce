CREATE TABLE "job_day_totals" (
	"service_date" date NOT NULL,
	"team_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"jobs" integer NOT NULL,
	"minutes" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "job_day_totals_pk" PRIMARY KEY("service_date","team_id","status")
);
--> statement-breakpoint
-- Hand-written (Drizzle cannot express triggers): job_day_totals kept by statement triggers on jobs,
-- in the same transaction as the change, whatever statement makes it (a bulk insert is one aggregate
-- of its transition table). Each statement adds its new rows and subtracts its old ones, grouped by
-- date × team × status; groups whose deltas are all zero (an edit of other columns) touch nothing,
-- so they take no lock. The upsert visits keys in order, so two statements lock them in one order.
CREATE FUNCTION "job_day_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM job_day_totals;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_day_totals AS t (service_date, team_id, status, jobs, minutes, revenue_cents)
    SELECT service_date, coalesce(team_id, 0), status, count(*), sum(duration_minutes), sum(subtotal_cents)
    FROM new_rows WHERE service_date IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (service_date, team_id, status) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      minutes = t.minutes + excluded.minutes, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_day_totals AS t (service_date, team_id, status, jobs, minutes, revenue_cents)
    SELECT service_date, coalesce(team_id, 0), status, -count(*), -sum(duration_minutes), -sum(subtotal_cents)
    FROM old_rows WHERE service_date IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (service_date, team_id, status) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      minutes = t.minutes + excluded.minutes, revenue_cents = t.revenue_cents + excluded.revenue_cents;
  ELSE
    INSERT INTO job_day_totals AS t (service_date, team_id, status, jobs, minutes, revenue_cents)
    SELECT service_date, team_id, status, sum(jobs), sum(minutes), sum(revenue_cents)
    FROM (
      SELECT service_date, coalesce(team_id, 0) AS team_id, status, 1 AS jobs,
             duration_minutes::bigint AS minutes, subtotal_cents::bigint AS revenue_cents
      FROM new_rows WHERE service_date IS NOT NULL
      UNION ALL
      SELECT service_date, coalesce(team_id, 0), status, -1, -duration_minutes::bigint, -subtotal_cents::bigint
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
INSERT INTO "job_day_totals" ("service_date", "team_id", "status", "jobs", "minutes", "revenue_cents")
SELECT "service_date", coalesce("team_id", 0), "status", count(*), sum("duration_minutes"), sum("subtotal_cents")
FROM "jobs" WHERE "service_date" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER "jobs_day_totals_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "job_day_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "jobs_day_totals_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "job_day_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "jobs_day_totals_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "job_day_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "jobs_day_totals_truncate" AFTER TRUNCATE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_day_totals_change"();
