import { JOB_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Job totals per service date × team × status, for the dashboard (docs/performance.md "Dashboard"):
 * kept by statement triggers on `jobs` (migration 0017) in the same transaction as every insert,
 * update, delete or truncate, whichever code path makes it, so a range of days reads a few hundred
 * rows instead of every job. Undated jobs are not counted; `team_id` 0 holds jobs without a team.
 */
export const jobDayTotals = pgTable(
  'job_day_totals',
  {
    serviceDate: date('service_date').notNull(),
    teamId: integer('team_id').notNull(),
    status: varchar('status', { length: 12, enum: JOB_STATUSES }).notNull(),
    jobs: integer('jobs').notNull(),
    /** Sum of the jobs' duration_minutes (the Job List's in-home minutes). */
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
    /** Sum of the jobs' revenue (jobs/job-revenue.ts: a cancelled job's fee, else its subtotal; migration 0028). */
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'job_day_totals_pk', columns: [t.serviceDate, t.teamId, t.status] }),
    // The Job List's count and sums by status or by team (jobs-totals.query.ts) walk these in date order,
    // over the rows that still count jobs (migration 0055): a day whose scheduled jobs were all done keeps
    // its row at zero, and over years those are most of a status's rows (2,451 of 2,646 "scheduled" rows
    // on the bench's three years, all read and dropped before). The price: an update that changes `jobs`
    // is no longer HOT, a few index entries per statement on a table of thousands of rows.
    index('job_day_totals_status_date_idx').on(t.status, t.serviceDate).where(sql`${t.jobs} <> 0`),
    index('job_day_totals_team_date_idx').on(t.teamId, t.serviceDate).where(sql`${t.jobs} <> 0`),
  ],
);
