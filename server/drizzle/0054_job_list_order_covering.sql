-- The Job List's order indexes (0049) carry the raw date and start time too, so a page found by
-- offset (a jump to page 500: 9,980 entries skipped) reads the index alone instead of a table row
-- per skipped entry (10,056 buffers → 55 on a million jobs, docs/performance.md "Jobs"). Drizzle's
-- index builder has no INCLUDE: jobs.tables.ts keeps the key columns, this file the whole definition.
DROP INDEX IF EXISTS "jobs_list_order_idx";--> statement-breakpoint
CREATE INDEX "jobs_list_order_idx" ON "jobs" USING btree (coalesce("service_date", 'infinity'::date),coalesce("start_minutes", 1440),"id") INCLUDE ("service_date","start_minutes");--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_status_list_idx";--> statement-breakpoint
CREATE INDEX "jobs_status_list_idx" ON "jobs" USING btree ("status",coalesce("service_date", 'infinity'::date),coalesce("start_minutes", 1440),"id") INCLUDE ("service_date","start_minutes");--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_team_list_idx";--> statement-breakpoint
CREATE INDEX "jobs_team_list_idx" ON "jobs" USING btree ("team_id",coalesce("service_date", 'infinity'::date),coalesce("start_minutes", 1440),"id") INCLUDE ("service_date","start_minutes");
