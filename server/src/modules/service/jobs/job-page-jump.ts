import type { JobListRequest } from '@tidyhouse/contract';
import { and, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRowsPrepared } from '../../../platform/database';
import { jobDayTotals } from '../../dashboard/dashboard.tables';
import { dateKeyBeyond, type ListField, type ListOrder, listDateKey, listMinutesKey } from './job-cursor';
import { jobs } from './jobs.tables';
import { datedOnly, summable, summaryCondition } from './jobs-totals.query';

/**
 * From this many rows skipped, a page by number in date order skips whole days by the summary: below
 * it, walking the order index is cheaper than one more statement.
 */
export const JUMP_MIN_OFFSET = 1_000;

interface Landing {
  undated: number;
  /** The day the page starts on (null: past the dated days) and the page's first row on it. */
  day: string | null;
  minutes: number | null;
  id: number | null;
  /** Every dated row of the filter: asked for only when no day holds the page's first row. */
  dated: number | null;
}

/**
 * A page by number without a cursor (the pager's "go to page" or its last page) in date order, for the
 * filters the maintained `job_day_totals` covers (dates, statuses, team, none): the days before the
 * page are skipped by their running total, exact in the jobs' own transaction (migration 0019), and
 * only the rows of the page's first day are walked, to its first row. The page is then read from that
 * row on, like a page after a cursor: with no offset, one text for every page, prepared with a generic
 * plan. Page 500 of a million jobs skipped 9,980 index entries; now it reads the summary rows of a few
 * weeks and skips the rows of one day (docs/performance.md).
 *
 * Returns the page's condition, or null when the request is not such a page (the offset serves it).
 * Descending, the undated jobs (`infinity`) come first and ascending last, as in `listDateKey`.
 */
export async function pageJump(
  db: Db,
  req: JobListRequest,
  filters: SQL | undefined,
  field: ListField,
  order: ListOrder,
  offset: number,
  minOffset = JUMP_MIN_OFFSET,
): Promise<SQL | null> {
  if (field !== 'serviceDate' || offset < minOffset || !summable(req)) return null;
  const t = jobDayTotals;
  const inSummary = summaryCondition(req);
  const descend = order === 'descend';
  const direction = sql.raw(descend ? 'desc' : 'asc');
  const undated = datedOnly(req)
    ? sql`0`
    : sql`(select count(*)::int from ${jobs} where ${and(filters, isNull(jobs.serviceDate))})`;
  // Descending, the undated rows are skipped before the first day; ascending, after the last one.
  const skippedInDays = descend ? sql`${offset}::int - undated.n` : sql`${offset}::int`;
  // The days in the list's order with their rows and the running total before each: grouped and summed
  // as the index gives the days (no sort), and read only until the day the skipped rows end in.
  const running = sql`sum(per_day.n) over (order by per_day.day ${direction} rows unbounded preceding)`;
  const [landing] = await queryRowsPrepared<Landing>(
    db,
    sql`select undated.n as undated, at.day::text as day, first_row.minutes, first_row.id,
        case when at.day is null then (select coalesce(sum(${t.jobs}), 0)::int from ${t} where ${inSummary}) end as dated
      from (select ${undated} as n) as undated
      left join lateral (
        select day, before from (
          select per_day.day, ${running} - per_day.n as before, ${running} as through
          from (select ${t.serviceDate} as day, sum(${t.jobs}) as n from ${t} where ${inSummary}
            group by ${t.serviceDate} order by ${t.serviceDate} ${direction}) as per_day
        ) as days
        where through > ${skippedInDays} limit 1
      ) as at on true
      left join lateral (${firstRow(filters, sql`${listDateKey} = at.day`, direction, sql`greatest(${skippedInDays} - at.before, 0)::bigint`)}) as first_row on true`,
  );
  const { undated: undatedRows, day, minutes, id, dated } = landing!;
  // Descending, a page among the undated rows is near the top: the offset (its day was read at 0).
  if (descend && offset < undatedRows) return null;
  // A day always holds its first row (the totals and the rows read in one snapshot); else the offset.
  if (day !== null) return id === null ? null : from(day, minutes!, id, descend);
  // Past every dated row. Descending, or ascending past the undated rows too: past the end, no page.
  if (descend || offset >= dated! + undatedRows) return sql`false`;
  // Ascending, among the undated rows that end the list.
  const [row] = await queryRowsPrepared<{ minutes: number; id: number }>(
    db,
    firstRow(filters, sql`${listDateKey} = 'infinity'::date`, direction, sql`${offset - dated!}::int`),
  );
  // Read after the totals: an undated job removed in between may leave no row there (no page).
  return row ? from('infinity', row.minutes, row.id, descend) : sql`false`;
}

/** The row at `position` (from 0) of a day's rows in the list's order, on the list's order indexes. */
const firstRow = (filters: SQL | undefined, onDay: SQL, direction: SQL, position: SQL) =>
  sql`select ${listMinutesKey} as minutes, ${jobs.id} as id from ${jobs} where ${and(filters, onDay)}
    order by ${listMinutesKey} ${direction}, ${jobs.id} ${direction} offset ${position} limit 1`;

/** The page's rows: from its first row on, in the list's order (the keys of `listOrderBy`). */
const from = (day: string, minutes: number, id: number, descend: boolean): SQL =>
  dateKeyBeyond(sql.raw(descend ? '<=' : '>='), day, minutes, id);
