-- The Job List sorted by reference within a date range (job-page-ids.ts sortedInRange) reads each day's
-- first rows in reference order: the date index is keyed on the reference within the day (it carried
-- it as an INCLUDE column, 0057), and carries the id. Sorting every job of the range read 5,928 index
-- entries for a week on a million jobs, day by day 140 (docs/performance.md "Jobs"). Drizzle's index
-- builder has no INCLUDE: jobs.tables.ts keeps the key columns, this file the whole definition.
DROP INDEX IF EXISTS "jobs_date_idx";--> statement-breakpoint
CREATE INDEX "jobs_date_idx" ON "jobs" USING btree ("service_date","reference") INCLUDE ("id");
