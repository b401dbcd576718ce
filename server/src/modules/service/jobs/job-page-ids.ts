/** The Job List's page of ids (jobs.query.ts `listJobs`): which walk or sort finds it, by filter and order. */
import { daysBetween, type JobListRequest } from '@tidyhouse/contract';
import { and, gt, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, inLiterals, queryRows, sqlLiteral } from '../../../platform/database';
import { type ListField, type ListOrder, listOrderBy, listOrderKeys } from './job-cursor';
import { jobs } from './jobs.tables';

// The closed sets as literals: one plan each, made for the value (sqlLiteral).
export const statusCondition = (statuses: readonly string[] | undefined) =>
  statuses?.length ? inLiterals(jobs.status, statuses) : undefined;

/**
 * By reference within a date range that leaves out the end the reference order starts from (the newest
 * jobs descending, the oldest ascending), if more than WALK_PAST_MAX dated jobs lie beyond it, or a range
 * of at most DAY_BY_DAY_MAX_DAYS days: the range is read day by day (`sortedInRange`). References
 * follow the dates, so walking the reference index passed every job beyond the range before the first
 * one in it, which the planner cannot foresee (a week ago by reference ascending: 2.9 s on a million
 * jobs). With few jobs beyond ("up to" a day after the last job) the walk starts in the range and stays.
 */
export async function sortsInRange(db: Db, req: JobListRequest, field: ListField, order: ListOrder): Promise<boolean> {
  const edge = order === 'descend' ? req.dateTo : req.dateFrom;
  if (field !== 'reference' || !edge) return false;
  // A short range costs at most its days × the page by day, less than asking what lies beyond it.
  if (req.dateFrom && req.dateTo && daysBetween(req.dateFrom, req.dateTo) < DAY_BY_DAY_MAX_DAYS) return true;
  const beyond = order === 'descend' ? gt(jobs.serviceDate, edge) : lt(jobs.serviceDate, edge);
  // An index range of jobs_date_idx, read to WALK_PAST_MAX + 1 entries at most.
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${jobs} where ${beyond} limit ${sqlLiteral(WALK_PAST_MAX + 1)}) as beyond`,
  );
  return row!.n > WALK_PAST_MAX;
}

/** Jobs beyond the range that the reference walk may pass before reaching it (a few ms). */
export const WALK_PAST_MAX = 2_000;
/** A range of at most this many days is read day by day without counting the jobs beyond it. */
export const DAY_BY_DAY_MAX_DAYS = 31;

/** A page's size and offset as literals (validated integers), so a generic plan knows them. */
const pageLimit = (size: number, offset: number) => sql`limit ${sql.raw(String(size))} offset ${sql.raw(String(offset))}`;

/**
 * The page by reference within a date range, read day by day: each day's first rows of the page (and
 * those before it) in reference order from `jobs_date_idx` (service_date, reference; migration 0059),
 * then those few sorted. Sorting every job of the range read 5,928 index entries for a week (1.3 ms on
 * a million jobs) and 315,000 for a year (87 ms); day by day reads 140 (0.19 ms) and 7,440 (5 ms). An
 * open end is the first or last job's date, so the days are never more than the jobs span.
 */
export function sortedInRange(
  where: SQL | undefined,
  range: Pick<JobListRequest, 'dateFrom' | 'dateTo'>,
  order: ListOrder,
  size: number,
  offset: number,
): SQL {
  const direction = sql.raw(order === 'descend' ? 'desc' : 'asc');
  const first = sql`(select min(${jobs.serviceDate}) from ${jobs})`;
  const last = sql`(select max(${jobs.serviceDate}) from ${jobs})`;
  const from = range.dateFrom ? sql`greatest(${range.dateFrom}::date, ${first})` : first;
  const to = range.dateTo ? sql`least(${range.dateTo}::date, ${last})` : last;
  // OFFSET 0 keeps the days' subquery as written: one index probe a day, then the few rows sorted.
  return sql`select id from (select day_rows.id, day_rows.reference
      from generate_series(${from}, ${to}, interval '1 day') as days(day)
      cross join lateral (select ${jobs.id} as id, ${jobs.reference} as reference from ${jobs}
        where ${jobs.serviceDate} = days.day::date and ${where ?? sql`true`}
        order by ${jobs.reference} ${direction} limit ${sql.raw(String(size + offset))}) as day_rows
      offset 0) as in_range
    order by reference ${direction} ${pageLimit(size, offset)}`;
}

/**
 * The ids of the page's rows in the list's order. Several statuses are read one branch per status, each
 * in order on its status index (`jobs_status_list_idx`, `jobs_status_reference_idx`) for at most the
 * page's rows and those before it, then merged: one index walk with `status in (…)` as a filter passed
 * every row of the other statuses, and rare statuses gather at one end (scheduled and unscheduled jobs
 * are the newest: 905,000 completed ones walked before the first, 2.4 s on a million jobs). The order
 * is total, so the merge gives exactly the rows the one walk gives.
 */
export function pageIdsSql(
  statuses: readonly string[] | undefined,
  others: SQL | undefined,
  bounds: SQL | undefined,
  field: ListField,
  order: ListOrder,
  size: number,
  offset: number,
): SQL {
  const limit = pageLimit(size, offset);
  const orderBy = sql.join(listOrderBy(field, order), sql`, `);
  if (!statuses || statuses.length < 2) {
    return sql`select ${jobs.id} from ${jobs} where ${and(others, statusCondition(statuses), bounds) ?? sql`true`} order by ${orderBy} ${limit}`;
  }
  const keys = listOrderKeys(field);
  // A status named twice is one branch: two would list its jobs twice.
  const distinct = [...new Set(statuses)];
  const aliases = keys.map((_, i) => sql.raw(`k${i}`));
  const branches = distinct.map(
    (status) =>
      sql`(select ${jobs.id} as id, ${sql.join(
        keys.map((key, i) => sql`${key} as ${aliases[i]}`),
        sql`, `,
      )} from ${jobs} where ${and(others, statusCondition([status]), bounds)} order by ${orderBy} limit ${sql.raw(String(size + offset))})`,
  );
  const direction = sql.raw(order === 'descend' ? ' desc' : ' asc');
  return sql`select id from (${sql.join(branches, sql` union all `)}) as branches
    order by ${sql.join(
      aliases.map((alias) => sql`${alias}${direction}`),
      sql`, `,
    )} ${limit}`;
}
