import { COUNT_CAP, type JobListRequest, type JobTotals } from '@tidyhouse/contract';
import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { jobDayTotals } from '../../dashboard/dashboard.tables';
import { jobRevenueSql } from './job-revenue';
import { jobs } from './jobs.tables';

/** The filters `job_day_totals` (date × team × status, migration 0019) can sum by itself. */
const SUMMARY_FILTERS = new Set(['dateFrom', 'dateTo', 'statuses', 'teamId']);
const PAGING = new Set(['pageNum', 'pageSize', 'sort', 'cursor']);

function summable(req: JobListRequest): boolean {
  return Object.entries(req).every(
    ([key, value]) =>
      PAGING.has(key) ||
      SUMMARY_FILTERS.has(key) ||
      value === undefined ||
      value === false ||
      (key === 'keyword' && String(value).trim() === ''),
  );
}

/**
 * Count and totals of the Job List's filtered set (docs/api-conventions.md "Totals of large lists").
 * First the matches are counted up to COUNT_CAP + 1 on an index alone (no row read); past the cap the
 * sums are not given. Under it, a filter of dates, statuses and team takes its sums from the maintained
 * `job_day_totals` (plus the few undated jobs when no date is given), so no job row is read at all;
 * any other filter sums its at most COUNT_CAP rows.
 */
export async function listTotals(db: Db, req: JobListRequest, where: SQL | undefined): Promise<JobTotals & { capped: boolean }> {
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(jobs)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('matching'),
  );
  const count = counted!.n;
  if (count > COUNT_CAP) return { jobs: count, inHomeMinutes: 0, revenueCents: 0, capped: true };
  if (count === 0) return { jobs: 0, inHomeMinutes: 0, revenueCents: 0, capped: false };
  const sums = summable(req) ? await summarySums(db, req, where) : await rowSums(db, where);
  return { jobs: count, ...sums, capped: false };
}

const sumsOf = (minutes: SQL, revenue: SQL) => ({
  inHomeMinutes: sql<number>`coalesce(sum(${minutes}), 0)`.mapWith(Number),
  revenueCents: sql<number>`coalesce(sum(${revenue}), 0)`.mapWith(Number),
});

async function rowSums(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select(sumsOf(sql`${jobs.durationMinutes}`, jobRevenueSql()))
    .from(jobs)
    .where(where);
  return row!;
}

async function summarySums(db: Db, req: JobListRequest, where: SQL | undefined) {
  const t = jobDayTotals;
  const dated = db
    .select(sumsOf(sql`${t.minutes}`, sql`${t.revenueCents}`))
    .from(t)
    .where(
      and(
        req.dateFrom ? gte(t.serviceDate, req.dateFrom) : undefined,
        req.dateTo ? lte(t.serviceDate, req.dateTo) : undefined,
        req.statuses?.length ? inArray(t.status, req.statuses) : undefined,
        req.teamId !== undefined ? eq(t.teamId, req.teamId) : undefined,
      ),
    );
  // The summary holds dated jobs only; without a date range the undated ones match too.
  const undated = req.dateFrom || req.dateTo ? null : await rowSums(db, and(where, isNull(jobs.serviceDate)));
  const [row] = await dated;
  return {
    inHomeMinutes: row!.inHomeMinutes + (undated?.inHomeMinutes ?? 0),
    revenueCents: row!.revenueCents + (undated?.revenueCents ?? 0),
  };
}
