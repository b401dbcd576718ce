-- The Job List after a team and a status (jobs.query.ts): the team's order index (0049, 0054) also
-- carries the status, so the walk checks it on the index entry instead of on a table row per entry.
-- A team's completed jobs, newest first, passed the team's 15,222 scheduled jobs ahead on the table:
-- 58.8 ms on a million jobs, 2.1 ms on the index alone (docs/performance.md "Jobs").
DROP INDEX IF EXISTS "jobs_team_list_idx";--> statement-breakpoint
CREATE INDEX "jobs_team_list_idx" ON "jobs" USING btree ("team_id",coalesce("service_date", 'infinity'::date),coalesce("start_minutes", 1440),"id") INCLUDE ("service_date","start_minutes","status");
