import {
  addDays,
  COUNT_CAP,
  JOB_CONFLICT_FILTER_DAYS,
  type JobExportQuery,
  type JobLength,
  type JobListItem,
  type JobListRequest,
  type JobListResponse,
  type JobTotals,
  jobRevenueCents,
  minutesToTime,
} from '@tidyhouse/contract';
import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import { type Db, frozenSql, inLiterals, queryRows, queryRowsPrepared } from '../../../platform/database';
import { largeTotal } from '../../../platform/list';
import { customerLocations, customers } from '../../customers/customers.tables';
import { teams } from '../../employees/employees.tables';
import { zones } from '../../system/settings.tables';
import { assembleDayTeams, type DayTeamsData, dayTeamsColumns } from '../assignments/day-teams';
import { conflictsBetween } from '../conflicts/conflicts.query';
import { afterCursor, type ListField, type ListOrder, listDateKey, listOrderBy, nextCursor } from './job-cursor';
import { type JobLengthRow, jobLengths, lengthsWithCrews } from './job-length.query';
import { pageIdsSql, sortedInRange, sortsInRange, statusCondition } from './job-page-ids';
import { JUMP_MIN_OFFSET, pageJump } from './job-page-jump';
import { jobRevenueSql } from './job-revenue';
import { broadSearchCount, jobSearch } from './job-search';
import { jobs } from './jobs.tables';
import { countedCte, listCountCap, sumsColumn } from './jobs-totals.query';

type JobFilters = Omit<JobListRequest, 'pageNum' | 'pageSize' | 'sort'>;

/** The WHERE of the job list and its export; every filter is a column of jobs (indexed with the date). */
export async function jobConditions(db: Db, f: JobFilters | JobExportQuery): Promise<SQL | undefined> {
  return and(await filterConditions(db, f), dateRange(f, 'column'));
}

/** Every filter but the date range. */
async function filterConditions(db: Db, f: JobFilters | JobExportQuery): Promise<SQL | undefined> {
  return and(await otherFilters(db, f), statusCondition(f.statuses));
}

/** Every filter but the date range and the statuses. */
async function otherFilters(db: Db, f: JobFilters | JobExportQuery): Promise<SQL | undefined> {
  return and((await jobSearch(db, f.keyword?.trim() ?? '')).condition, await fieldFilters(db, f));
}

/** Every filter but the keyword, the date range and the statuses. */
async function fieldFilters(db: Db, f: JobFilters | JobExportQuery): Promise<SQL | undefined> {
  return and(
    f.teamId === 0 ? isNull(jobs.teamId) : f.teamId ? inLiterals(jobs.teamId, [f.teamId]) : undefined,
    f.zoneId ? inLiterals(jobs.zoneId, [f.zoneId]) : undefined,
    f.frequency ? inLiterals(jobs.frequency, [f.frequency]) : undefined,
    f.customerId ? eq(jobs.customerId, f.customerId) : undefined,
    'locationId' in f && f.locationId ? eq(jobs.locationId, f.locationId) : undefined,
    'planId' in f && f.planId ? eq(jobs.planId, f.planId) : undefined,
    'hasConflict' in f && f.hasConflict ? await conflictCondition(db, f) : undefined,
  );
}

/**
 * The date range on the column (the count reads `jobs_date_idx` alone), or the same rows on the list's
 * order key (a job without a date sorts as `infinity`, never inside a range), so that a page walks the
 * order index within the range and stops after its rows.
 */
function dateRange(f: Pick<JobFilters, 'dateFrom' | 'dateTo'>, on: 'column' | 'listKey'): SQL | undefined {
  if (on === 'column') {
    return and(
      f.dateFrom ? gte(jobs.serviceDate, f.dateFrom) : undefined,
      f.dateTo ? lte(jobs.serviceDate, f.dateTo) : undefined,
    );
  }
  if (!f.dateFrom && !f.dateTo) return undefined;
  return and(
    f.dateFrom ? sql`${listDateKey} >= ${f.dateFrom}::date` : undefined,
    f.dateTo ? sql`${listDateKey} <= ${f.dateTo}::date` : sql`${listDateKey} < 'infinity'::date`,
  );
}

/** Jobs in a schedule conflict between the filter's dates (from today, at most JOB_CONFLICT_FILTER_DAYS days). */
async function conflictCondition(db: Db, f: JobFilters): Promise<SQL> {
  const from = f.dateFrom ?? (await businessToday(db));
  const last = addDays(from, JOB_CONFLICT_FILTER_DAYS - 1);
  const to = f.dateTo && f.dateTo < last ? f.dateTo : last;
  if (to < from) return sql`false`;
  const { conflicts } = await conflictsBetween(db, from, to);
  const ids = [...new Set(conflicts.flatMap((c) => c.jobIds))];
  return ids.length ? inArray(jobs.id, ids) : sql`false`;
}

const listColumns = {
  id: jobs.id,
  reference: jobs.reference,
  status: jobs.status,
  serviceDate: jobs.serviceDate,
  startMinutes: jobs.startMinutes,
  durationMinutes: jobs.durationMinutes,
  frequency: jobs.frequency,
  customerId: jobs.customerId,
  customerName: customers.name,
  phone: customers.phone1,
  locationId: jobs.locationId,
  locationName: customerLocations.name,
  address1: customerLocations.address1,
  city: customerLocations.city,
  zip: customerLocations.zip,
  zoneId: jobs.zoneId,
  zoneName: zones.name,
  zoneColor: zones.color,
  teamId: jobs.teamId,
  teamName: teams.name,
  teamColor: teams.color,
  quotedMinutes: jobs.quotedMinutes,
  plannedMinutes: jobs.plannedMinutes,
  actualMinutes: jobs.actualMinutes,
  subtotalCents: jobs.subtotalCents,
  cancelFeeCents: jobs.cancelFeeCents,
  invoiceTotalCents: jobs.invoiceTotalCents,
  planId: jobs.planId,
  recleanOfJobId: jobs.recleanOfJobId,
  version: jobs.version,
};
type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null } & Record<string, unknown>;

function listQuery(db: Db, where: SQL | undefined, order: ListOrder, field: ListField) {
  return db
    .select(listColumns)
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .innerJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .leftJoin(zones, eq(zones.id, jobs.zoneId))
    .leftJoin(teams, eq(teams.id, jobs.teamId))
    .where(where)
    .orderBy(...listOrderBy(field, order))
    .$dynamic();
}

export function toListItem(r: ListRow, length: JobLength): JobListItem {
  return {
    id: r.id!,
    reference: r.reference!,
    status: r.status!,
    serviceDate: r.serviceDate,
    startTime: r.startMinutes === null ? null : minutesToTime(r.startMinutes),
    durationMinutes: r.durationMinutes!,
    length,
    frequency: r.frequency!,
    customer: { id: r.customerId!, name: r.customerName! },
    phone: r.phone ?? '',
    location: { id: r.locationId!, name: r.locationName!, address1: r.address1!, city: r.city!, zip: r.zip! },
    zone: r.zoneId ? { id: r.zoneId, name: r.zoneName ?? '', color: r.zoneColor ?? '' } : null,
    team: r.teamId ? { id: r.teamId, name: r.teamName ?? '', color: r.teamColor ?? '' } : null,
    quotedMinutes: r.quotedMinutes!,
    actualMinutes: r.actualMinutes,
    subtotalCents: r.subtotalCents!,
    revenueCents: jobRevenueCents({ status: r.status!, subtotalCents: r.subtotalCents!, cancelFeeCents: r.cancelFeeCents! }),
    invoiceTotalCents: r.invoiceTotalCents!,
    planId: r.planId,
    recleanOfJobId: r.recleanOfJobId,
    version: r.version!,
  };
}

/** List rows with their one length (the crew of their team that day, as on the board). */
async function withLengths(db: Db, rows: ListRow[]): Promise<JobListItem[]> {
  const lengths = await jobLengths(
    db,
    rows.map((r) => ({
      id: r.id!,
      teamId: r.teamId,
      serviceDate: r.serviceDate,
      plannedMinutes: r.plannedMinutes,
      quotedMinutes: r.quotedMinutes!,
      durationMinutes: r.durationMinutes!,
    })),
  );
  return rows.map((r) => toListItem(r, lengths.get(r.id!)!));
}

/**
 * Count and totals of the filtered set, reading at most `cap` + 1 matching rows (docs/api-conventions.md
 * "Totals of large lists"): `capped` when more match, and then the sums are of a part only.
 */
export async function cappedTotals(db: Db, where: SQL | undefined, cap = COUNT_CAP) {
  const matching = db
    .select({ minutes: jobs.durationMinutes, revenue: jobRevenueSql().as('revenue') })
    .from(jobs)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db
    .select({
      jobs: sql<number>`count(*)`.mapWith(Number),
      inHomeMinutes: sql<number>`coalesce(sum(${matching.minutes}), 0)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${matching.revenue}), 0)`.mapWith(Number),
    })
    .from(matching);
  return { ...row!, capped: row!.jobs > cap };
}

/** The list's columns as one JSON object per row (keys as `listColumns`; json_build_object takes at most 50 pairs). */
const listItemJson = sql`json_build_object(${sql.join(
  Object.entries(listColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

/**
 * The page's rows (JSON, in the list's order) and the crews of its days, for each order: the same text
 * on every request, rendered once (frozenSql).
 */
const pageColumnsIn = (field: ListField, order: ListOrder) =>
  frozenSql(sql`(select json_agg(${listItemJson} order by ${sql.join(listOrderBy(field, order), sql`, `)})
      from ${jobs}
      join ${customers} on ${customers.id} = ${jobs.customerId}
      join ${customerLocations} on ${customerLocations.id} = ${jobs.locationId}
      left join ${zones} on ${zones.id} = ${jobs.zoneId}
      left join ${teams} on ${teams.id} = ${jobs.teamId}
      where ${jobs.id} in (select id from page_ids)) as "rows",
    ${dayTeamsColumns(sql`(select min(day) from crew_days)`, sql`(select max(day) from crew_days)`, sql`select day from crew_days`)}`);
const pageColumns: Record<ListField, Record<ListOrder, SQL>> = {
  serviceDate: { ascend: pageColumnsIn('serviceDate', 'ascend'), descend: pageColumnsIn('serviceDate', 'descend') },
  reference: { ascend: pageColumnsIn('reference', 'ascend'), descend: pageColumnsIn('reference', 'descend') },
};
/** The page's days that have a team, whose crews the lengths need. */
const crewDays = frozenSql(sql`crew_days as (select distinct ${jobs.serviceDate} as day from ${jobs}
  where ${jobs.id} in (select id from page_ids) and ${jobs.teamId} is not null and ${jobs.serviceDate} is not null)`);

interface ListAnswer extends DayTeamsData {
  count: number;
  sums: Omit<JobTotals, 'jobs'> | null;
  rows: ListRow[] | null;
}

/**
 * The Job List: one page in the chosen order (keyset after a cursor, docs/api-conventions.md "Cursor of
 * the Job List"), and the count and totals of the filtered set, counted up to COUNT_CAP like the other
 * large lists (a search to JOB_SEARCH_COUNT_CAP); past it the total is "10,000+" ("1,000+") and the
 * totals are null (the screen asks for a narrower filter), so no filter ever sums a million rows
 * (jobs-totals.query.ts).
 *
 * One prepared statement (each round trip costs more than the SQL, docs/performance.md "Jobs"): the
 * page's ids are found on jobs alone (an order index, or the few matching rows sorted), only they are
 * joined; the capped count and the sums; and the crews of the page's days for the lengths
 * (`dayTeamsColumns`). A statement planned on every call is split in two (`plannedEachTime`). A deep
 * page by number is found first from the day summary (`pageJump`, from `jumpFrom` rows skipped).
 */
export async function listJobs(db: Db, req: JobListRequest, jumpFrom = JUMP_MIN_OFFSET): Promise<JobListResponse> {
  const search = await jobSearch(db, req.keyword?.trim() ?? '');
  const fields = await fieldFilters(db, req);
  const others = and(search.condition, fields);
  const filters = and(others, statusCondition(req.statuses));
  const field: ListField = req.sort?.field === 'reference' ? 'reference' : 'serviceDate';
  const order: ListOrder = req.sort?.order ?? 'descend';
  const after = afterCursor(req, field, order);
  const skipped = after ? 0 : (req.pageNum - 1) * req.pageSize;
  // A deep page by number skips whole days by the summary, then the rows of its first day (job-page-jump.ts).
  const jump = after ? null : await pageJump(db, req, filters, field, order, skipped, jumpFrom);
  const offset = jump ? 0 : skipped;
  const inRange = await sortsInRange(db, req, field, order);
  const bounds = and(dateRange(req, inRange ? 'column' : 'listKey'), after, jump ?? undefined);
  const pageIds = inRange
    ? sortedInRange(and(filters, bounds), req, order, req.pageSize, offset)
    : pageIdsSql(req.statuses, others, bounds, field, order, req.pageSize, offset);
  const where = and(filters, dateRange(req, 'column'));
  const counted =
    search.broadWords && !fields && !req.statuses?.length
      ? broadSearchCount(search.broadWords, dateRange(req, 'column'), listCountCap(req))
      : countedCte(req, where);
  const found = sql`with page_ids as (${pageIds}), ${counted}`;
  const countColumns = sql`(select n from counted) as "count", ${sumsColumn(req, where)}`;
  // Prepared, one statement: the first page, every cursor page and every jumped page (from its first row
  // on, no offset) of the filters whose text has few forms.
  const answer =
    offset === 0 && !req.keyword?.trim() && !req.hasConflict
      ? (
          await queryRowsPrepared<ListAnswer>(db, sql`${found}, ${crewDays} select ${countColumns}, ${pageColumns[field][order]}`)
        )[0]!
      : await plannedEachTime(db, found, countColumns, field, order);
  const { count, sums } = answer;
  const cap = listCountCap(req);
  const rows = answer.rows ?? [];
  const crews = assembleDayTeams([...new Set(rows.flatMap((r) => (r.serviceDate ? [r.serviceDate] : [])))], answer);
  const lengths = lengthsWithCrews(rows as JobLengthRow[], crews);
  const last = rows.length === req.pageSize ? rows[rows.length - 1] : undefined;
  return {
    list: rows.map((r) => toListItem(r, lengths.get(r.id!)!)),
    ...largeTotal(count, true, cap),
    totals:
      count > cap
        ? null
        : { jobs: count, inHomeMinutes: Number(sums?.inHomeMinutes ?? 0), revenueCents: Number(sums?.revenueCents ?? 0) },
    ...(last
      ? {
          nextCursor: nextCursor(req, field, order, {
            id: last.id!,
            reference: last.reference!,
            serviceDate: last.serviceDate,
            startMinutes: last.startMinutes,
          }),
        }
      : {}),
  };
}

/**
 * A page by offset (its text varies with the page), a search or a conflict filter (a list of ids of any
 * length): the statement that finds the page's ids and counts them is planned on every call, so it is
 * kept small (planned in 1.4 ms where the whole list's statement took 5.5, docs/performance.md), and the
 * page's rows and crews are read by their ids in a prepared statement, the same text for every page.
 */
async function plannedEachTime(db: Db, found: SQL, counted: SQL, field: ListField, order: ListOrder): Promise<ListAnswer> {
  const [answer] = await queryRows<Omit<ListAnswer, 'rows'> & { ids: number[] | null }>(
    db,
    sql`${found} select ${counted}, (select array_agg(id) from page_ids) as "ids"`,
  );
  const { ids, ...totals } = answer!;
  if (!ids?.length) return { ...totals, rows: null };
  const [page] = await queryRowsPrepared<ListAnswer>(
    db,
    sql`with page_ids as (select unnest(${`{${ids.join(',')}}`}::int[]) as id), ${crewDays} select ${pageColumns[field][order]}`,
  );
  return { ...page!, ...totals };
}

/** Rows of the export, in pages of `batch`, for a streaming writer. */
export async function* exportRows(
  db: Db,
  where: SQL | undefined,
  query: JobExportQuery,
  batch = 1000,
): AsyncGenerator<JobListItem[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await listQuery(db, where, query.sortOrder ?? 'ascend', 'serviceDate')
      .limit(batch)
      .offset(offset);
    if (rows.length === 0) return;
    yield await withLengths(db, rows as ListRow[]);
    if (rows.length < batch) return;
  }
}
