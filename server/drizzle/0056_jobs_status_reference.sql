-- The Job List sorted by reference after a status (job-page-ids.ts pageIdsSql): the scheduled jobs hold
-- the newest references, so the reference index alone walked 905,000 older jobs before the first
-- scheduled one (2.4 s on a million jobs, docs/performance.md "Jobs").
CREATE INDEX "jobs_status_reference_idx" ON "jobs" USING btree ("status","reference");