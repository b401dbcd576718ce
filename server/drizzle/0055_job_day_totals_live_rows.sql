DROP INDEX "job_day_totals_status_date_idx";--> statement-breakpoint
DROP INDEX "job_day_totals_team_date_idx";--> statement-breakpoint
CREATE INDEX "job_day_totals_status_date_idx" ON "job_day_totals" USING btree ("status","service_date") WHERE "job_day_totals"."jobs" <> 0;--> statement-breakpoint
CREATE INDEX "job_day_totals_team_date_idx" ON "job_day_totals" USING btree ("team_id","service_date") WHERE "job_day_totals"."jobs" <> 0;