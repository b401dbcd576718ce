import { COUNT_CAP, JOB_SEARCH_COUNT_CAP, type JobListRequest } from '@tidyhouse/contract';
import { and, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { inLiterals, sqlLiteral } from '../../../platform/database';
import { jobDayTotals } from '../../dashboard/dashboard.tables';
import { jobRevenueSql } from './job-revenue';
import { jobs } from './jobs.tables';

/** How far the list counts: a search (a keyword) to JOB_SEARCH_COUNT_CAP, any other filter to COUNT_CAP. */
export const listCountCap = (req: JobListRequest) => (req.keyword?.trim() ? JOB_SEARCH_COUNT_CAP : COUNT_CAP);

/** The filters `job_day_totals` (date × team × status, migration 0019) can sum by itself. */
const SUMMARY_FILTERS = new Set(['dateFrom', 'dateTo', 'statuses', 'teamId']);
const PAGING = new Set(['pageNum', 'pageSize', 'sort', 'cursor']);

export function summable(req: JobListRequest): boolean {
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
 * Count and totals of the Job List's filtered set (docs/api-conventions.md "Totals of large lists"), as
 * parts of the list's one statement. A filter of dates, statuses and team (or none) is counted and summed
 * from the maintained `job_day_totals` (plus the few undated jobs when no date is given), so no job row
 * is read at all: its running sum in date order stops as soon as it passes COUNT_CAP. Any other filter
 * counts its matches up to the cap + 1 on an index alone (`listCountCap`: a search stops sooner) and
 * sums its at most cap rows. `sumsColumn` sums only when 1 to cap match (a CASE: PostgreSQL runs the
 * sums' subquery only when its branch is taken).
 */
export function countedCte(req: JobListRequest, where: SQL | undefined): SQL {
  // The caps as literals, not parameters: the text is prepared once (queryRowsPrepared) and planned for them.
  const CAP = sqlLiteral(COUNT_CAP);
  const CAP_PLUS_ONE = sqlLiteral(COUNT_CAP + 1);
  if (!summable(req)) {
    return sql`counted as (select count(*)::int as n from (select 1 from ${jobs} where ${where ?? sql`true`} limit ${sqlLiteral(listCountCap(req) + 1)}) as matching)`;
  }
  const t = jobDayTotals;
  const inSummary = summaryCondition(req);
  const undated = datedOnly(req)
    ? sql`0`
    : sql`(select count(*)::int from ${jobs} where ${and(where, isNull(jobs.serviceDate))})`;
  // Date order alone: the status and the team indexes (migration 0053) and the key give it without a sort.
  const order = sql`${t.serviceDate}`;
  return sql`counted as (select coalesce(
      (select ${CAP_PLUS_ONE}::int from (select sum(${t.jobs}) over (order by ${order} rows unbounded preceding) as running
        from ${t} where ${inSummary} order by ${order}) as summed where running + undated.n > ${CAP} limit 1),
      (select coalesce(sum(${t.jobs}), 0)::int from ${t} where ${inSummary}) + undated.n) as n
    from (select ${undated} as n) as undated)`;
}

/** The sums as a JSON object `{ inHomeMinutes, revenueCents }`, null when none or too many match. */
export function sumsColumn(req: JobListRequest, where: SQL | undefined): SQL {
  const parts = summable(req) ? summaryParts(req, where) : [rowSums(where)];
  return sql`case when (select n from counted) between 1 and ${sqlLiteral(listCountCap(req))} then (
    select json_build_object('inHomeMinutes', sum(part.minutes), 'revenueCents', sum(part.revenue))
    from (${sql.join(parts, sql` union all `)}) as part) end as "sums"`;
}

const rowSums = (where: SQL | undefined) =>
  sql`select coalesce(sum(${jobs.durationMinutes}), 0) as minutes, coalesce(sum(${jobRevenueSql()}), 0) as revenue
      from ${jobs} where ${where ?? sql`true`}`;

/** The rows of `job_day_totals` a summable filter covers. */
export const summaryCondition = (req: JobListRequest): SQL =>
  and(
    // A day, team and status whose jobs all moved on keeps its row at zero: nothing to add. A literal,
    // so that a prepared statement's plan may use the partial indexes of this very condition (0055).
    sql`${jobDayTotals.jobs} <> 0`,
    req.dateFrom ? gte(jobDayTotals.serviceDate, req.dateFrom) : undefined,
    req.dateTo ? lte(jobDayTotals.serviceDate, req.dateTo) : undefined,
    req.statuses?.length ? inLiterals(jobDayTotals.status, req.statuses) : undefined,
    req.teamId !== undefined ? inLiterals(jobDayTotals.teamId, [req.teamId]) : undefined,
  ) ?? sql`true`;

/** A date range matches dated jobs only; without one the undated jobs (not in the summary) match too. */
export const datedOnly = (req: JobListRequest) => !!(req.dateFrom || req.dateTo);

function summaryParts(req: JobListRequest, where: SQL | undefined): SQL[] {
  const t = jobDayTotals;
  const dated = sql`select coalesce(sum(${t.minutes}), 0) as minutes, coalesce(sum(${t.revenueCents}), 0) as revenue
    from ${t} where ${summaryCondition(req)}`;
  return datedOnly(req) ? [dated] : [dated, rowSums(and(where, isNull(jobs.serviceDate)))];
}
