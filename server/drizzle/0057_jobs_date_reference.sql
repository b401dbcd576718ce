-- The Job List sorted by reference within a date range (job-page-ids.ts sortedInRange) sorts the range's
-- jobs read from this index alone: it carries the reference. Walking the reference index instead
-- passed every job outside the range first (a week ago, by reference ascending: 2.9 s on a million
-- jobs, docs/performance.md "Jobs"). Drizzle's index builder has no INCLUDE: jobs.tables.ts keeps the
-- key columns, this file the whole definition.
DROP INDEX IF EXISTS "jobs_date_idx";--> statement-breakpoint
CREATE INDEX "jobs_date_idx" ON "jobs" USING btree ("service_date","id") INCLUDE ("reference");
