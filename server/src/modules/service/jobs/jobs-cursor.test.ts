import { Code, type JobListRequest, type JobListResponse } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { sortsInRange, WALK_PAST_MAX } from './job-page-ids';
import { activeTeam, newJob } from './jobs.fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const list = async (body: Record<string, unknown>) => {
  const result = await t.call<JobListResponse>('/job/queryList', { token, body });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

const SORTS = [
  { field: 'serviceDate', order: 'descend' },
  { field: 'serviceDate', order: 'ascend' },
  { field: 'reference', order: 'ascend' },
  { field: 'reference', order: 'descend' },
] as const;

/**
 * Jobs of their own (references J-99nn-…, found by that prefix), with ties the order must break: three
 * on one date at one time, two on one date without a time, two without a date at all.
 */
/** Ten jobs on three dates and none; `reversed` inserts them from J to A, so the ids run against the references. */
async function insertJobs(prefix: string, { reversed = false } = {}) {
  const job = await newJob(t);
  const rows: [string, string | null, number | null][] = [
    ['A', '2032-03-01', 540],
    ['B', '2032-03-01', 540],
    ['C', '2032-03-01', 540],
    ['D', '2032-03-01', null],
    ['E', '2032-03-01', null],
    ['F', '2032-03-02', 480],
    ['G', '2032-02-28', 600],
    ['H', null, null],
    ['I', null, null],
    ['J', '2032-03-02', 480],
  ];
  for (const [suffix, date, minutes] of reversed ? rows.toReversed() : rows) {
    await t.db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, status, service_date, start_minutes, duration_minutes, subtotal_cents)
      select ${`${prefix}${suffix}`}, customer_id, location_id, zone_id, 'unscheduled', ${date}::date, ${minutes}::int, 60, 100
      from jobs where id = ${job.id}`);
  }
  return rows.length;
}

/** Every page of a sort walked with the cursor each answer gives. */
async function walk(filters: Record<string, unknown>, sort: (typeof SORTS)[number], pageSize: number) {
  const pages: number[][] = [];
  let cursor: string | undefined;
  for (let pageNum = 1; pageNum < 20; pageNum++) {
    const page = await list({ ...filters, sort, pageSize, pageNum, ...(cursor ? { cursor } : {}) });
    pages.push(page.list.map((j) => j.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return pages;
}

/** Every page, by cursor and by number alone, holds the expected rows in their order, with their count. */
async function expectPagesInOrder(
  filters: Record<string, unknown>,
  sort: (typeof SORTS)[number],
  pageSize: number,
  expected: { id: number }[],
  label: string,
) {
  const pages = await walk(filters, sort, pageSize);
  expect(pages.flat(), label).toEqual(expected.map((r) => Number(r.id)));
  for (const [index, ids] of pages.entries()) {
    const page = await list({ ...filters, sort, pageSize, pageNum: index + 1 });
    expect(
      page.list.map((j) => j.id),
      `${label} page ${index + 1}`,
    ).toEqual(ids);
    expect(page.total).toBe(expected.length);
  }
}

describe('job list cursor', () => {
  it('walks every sort page by page with the cursor: the same rows as by page number, none twice, ties kept apart', async () => {
    const count = await insertJobs('J-9901-');
    const filters = { keyword: 'J-9901-' };
    for (const sort of SORTS) {
      const all = await list({ ...filters, sort, pageSize: 100 });
      expect(all.list).toHaveLength(count);
      const pages = await walk(filters, sort, 3);
      expect(pages.flat()).toEqual(all.list.map((j) => j.id));
      expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
      // Each page by page number alone (no cursor) is the same page.
      for (const [index, ids] of pages.entries()) {
        const byNumber = await list({ ...filters, sort, pageSize: 3, pageNum: index + 1 });
        expect(byNumber.list.map((j) => j.id)).toEqual(ids);
      }
    }
    // Date descending puts the undated jobs first, and a date's jobs without a time before the timed ones.
    const descending = await list({ ...filters, pageSize: 100 });
    expect(descending.list.map((j) => j.reference.slice(-1))).toEqual(['I', 'H', 'J', 'F', 'E', 'D', 'C', 'B', 'A', 'G']);
  });

  it('pages several statuses (one ordered branch per status, merged) exactly as the table orders them', async () => {
    await insertJobs('J-9907-');
    const team = await activeTeam(t);
    await t.db.execute(
      sql`update jobs set status = 'cancelled' where reference in ('J-9907-A', 'J-9907-D', 'J-9907-G', 'J-9907-J', 'J-9907-H')`,
    );
    await t.db.execute(
      sql`update jobs set status = 'completed', team_id = ${team.id} where reference in ('J-9907-C', 'J-9907-F')`,
    );
    const keys = {
      serviceDate: `coalesce(service_date, 'infinity'::date) #, coalesce(start_minutes, 1440) #, id #`,
      reference: 'reference #',
    };
    for (const statuses of [
      ['unscheduled', 'cancelled'],
      ['completed', 'cancelled', 'unscheduled'],
      ['cancelled', 'completed', 'cancelled'],
    ]) {
      for (const sort of SORTS) {
        const direction = sort.order === 'descend' ? 'desc' : 'asc';
        const expected = await queryRows<{ id: number }>(
          t.db,
          sql`select id from jobs where reference like 'J-9907-%' and status in ${statuses}
              order by ${sql.raw(keys[sort.field].replaceAll('#', direction))}`,
        );
        await expectPagesInOrder({ keyword: 'J-9907-', statuses }, sort, 3, expected, `${statuses} ${sort.field} ${sort.order}`);
      }
    }
  });

  it('pages by reference within a date range (read day by day, or the reference walked) exactly as the table does', async () => {
    // Inserted from J to A: a day's rows in id order would not be its rows in reference order.
    await insertJobs('J-9908-', { reversed: true });
    // Both ways are taken below: ascending from 2032 leaves the demo's jobs beyond the range (day by
    // day), descending to 2032 leaves only a few of these (walked); a month or less is read day by day.
    const [demo] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where service_date < '2032-01-01'`,
    );
    expect(demo!.n).toBeGreaterThan(WALK_PAST_MAX);
    const request = (range: Record<string, string>) => ({ pageNum: 1, pageSize: 2, ...range }) as JobListRequest;
    expect(await sortsInRange(t.db, request({ dateFrom: '2032-03-01' }), 'reference', 'ascend')).toBe(true);
    expect(await sortsInRange(t.db, request({ dateTo: '2032-03-01' }), 'reference', 'descend')).toBe(false);
    expect(await sortsInRange(t.db, request({ dateFrom: '2032-03-01' }), 'serviceDate', 'ascend')).toBe(false);
    // 31 days at most: day by day without counting what lies beyond (here a few jobs, which the walk would pass).
    const descending = (range: Record<string, string>) => sortsInRange(t.db, request(range), 'reference', 'descend');
    expect(await descending({ dateFrom: '2032-03-01', dateTo: '2032-03-31' })).toBe(true);
    expect(await descending({ dateFrom: '2032-03-01', dateTo: '2032-04-01' })).toBe(false);
    const ranges = [
      { dateFrom: '2032-03-01', dateTo: '2032-03-02' },
      { dateFrom: '2032-03-01' },
      { dateTo: '2032-03-01' },
      { dateFrom: '2032-02-28', dateTo: '2032-02-28' },
      { dateFrom: '2031-12-01', dateTo: '2032-03-01' },
      { dateFrom: '2032-02-29', dateTo: '2099-12-31' },
    ];
    for (const range of ranges) {
      for (const sort of SORTS.filter((s) => s.field === 'reference')) {
        const direction = sort.order === 'descend' ? 'desc' : 'asc';
        const expected = await queryRows<{ id: number }>(
          t.db,
          sql`select id from jobs where reference like 'J-9908-%'
              and service_date >= ${range.dateFrom ?? '1900-01-01'}::date and service_date <= ${range.dateTo ?? '2999-12-31'}::date
              order by reference ${sql.raw(direction)}`,
        );
        expect(expected.length).toBeGreaterThan(0);
        await expectPagesInOrder({ keyword: 'J-9908-', ...range }, sort, 2, expected, `${JSON.stringify(range)} ${sort.order}`);
      }
    }
  });

  it('continues after the last row seen when a job is added before it between two pages', async () => {
    await insertJobs('J-9902-');
    const filters = { keyword: 'J-9902-', sort: SORTS[0], pageSize: 4 };
    const first = await list(filters);
    const [job] = await queryRows<{ id: number }>(t.db, sql`select id from jobs where reference = 'J-9902-A'`);
    // A new job on the newest date: by page number alone, page 2 would show page 1's last row again.
    await t.db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, status, service_date, start_minutes, duration_minutes, subtotal_cents)
      select 'J-9902-K', customer_id, location_id, zone_id, 'unscheduled', date '2032-03-05', 600, 60, 100 from jobs where id = ${job!.id}`);
    const byNumber = await list({ ...filters, pageNum: 2 });
    expect(byNumber.list[0]!.id).toBe(first.list[3]!.id);
    const second = await list({ ...filters, pageNum: 2, cursor: first.nextCursor });
    expect(first.list.map((j) => j.reference.slice(-1))).toEqual(['I', 'H', 'J', 'F']);
    expect(second.list.map((j) => j.reference.slice(-1))).toEqual(['E', 'D', 'C', 'B']);
    expect(second.list.some((j) => first.list.some((f) => f.id === j.id))).toBe(false);
    expect(second.total).toBe(11);
  });

  it('ignores a cursor of another filter, sort, size or page and one that does not decode; refuses a malformed one', async () => {
    await insertJobs('J-9903-');
    const filters = { keyword: 'J-9903-', pageSize: 3 };
    const first = await list(filters);
    const expected = (await list({ ...filters, pageNum: 2 })).list.map((j) => j.id);
    for (const body of [
      { ...filters, pageNum: 2, cursor: (await list({ keyword: 'J-9901-', pageSize: 3 })).nextCursor },
      { ...filters, pageNum: 2, cursor: (await list({ ...filters, sort: SORTS[1] })).nextCursor },
      { ...filters, pageNum: 2, cursor: 'bm90LWEtY3Vyc29y' },
    ]) {
      expect((await list(body)).list.map((j) => j.id)).toEqual(expected);
    }
    // A cursor given with another page than the one after it: that page number decides.
    const third = await list({ ...filters, pageNum: 3 });
    expect((await list({ ...filters, pageNum: 3, cursor: first.nextCursor })).list).toEqual(third.list);
    const bad = await t.call('/job/queryList', { token, body: { ...filters, pageNum: 2, cursor: 'not a cursor!' } });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    expect(bad.message).toMatch(/^Page position/);
  });

  it('totals a filtered set exactly from the maintained summary, with the undated jobs, and by rows for other filters', async () => {
    await insertJobs('J-9904-');
    const table = async (where: string) => {
      const [row] = await queryRows<{ n: string; minutes: string; revenue: string }>(
        t.db,
        sql.raw(`select count(*) n, coalesce(sum(duration_minutes), 0) minutes,
          coalesce(sum(case when status = 'cancelled' then cancel_fee_cents else subtotal_cents end), 0) revenue from jobs where ${where}`),
      );
      return { jobs: Number(row!.n), inHomeMinutes: Number(row!.minutes), revenueCents: Number(row!.revenue) };
    };
    expect((await list({ statuses: ['unscheduled'] })).totals).toEqual(await table(`status = 'unscheduled'`));
    expect((await list({ statuses: ['unscheduled'], teamId: 0 })).totals).toEqual(
      await table(`status = 'unscheduled' and team_id is null`),
    );
    expect((await list({ dateFrom: '2032-02-01', dateTo: '2032-03-31' })).totals).toEqual(
      await table(`service_date between '2032-02-01' and '2032-03-31'`),
    );
    expect((await list({ keyword: 'J-9904-' })).totals).toEqual({ jobs: 10, inHomeMinutes: 600, revenueCents: 1000 });
  });
});

describe('the order indexes (migrations 0049, 0054, 0056, 0057, 0058)', () => {
  it('carry the raw date and start time, so a page by offset can skip entries in the index alone', async () => {
    const rows = await queryRows<{ name: string; def: string }>(
      t.db,
      sql`select indexname as name, indexdef as def from pg_indexes
          where tablename = 'jobs' and indexname in ('jobs_list_order_idx', 'jobs_status_list_idx', 'jobs_team_list_idx')
          order by indexname`,
    );
    expect(rows.map((r) => r.name)).toEqual(['jobs_list_order_idx', 'jobs_status_list_idx', 'jobs_team_list_idx']);
    for (const row of rows) expect(row.def, row.name).toContain('INCLUDE (service_date, start_minutes');
    // The team's carries the status too (migration 0058).
    expect(rows.find((r) => r.name === 'jobs_team_list_idx')?.def).toContain('INCLUDE (service_date, start_minutes, status)');
  });

  it('include a status then the reference, for the list sorted by reference after a status (migration 0056)', async () => {
    const [row] = await queryRows<{ def: string }>(
      t.db,
      sql`select indexdef as def from pg_indexes where tablename = 'jobs' and indexname = 'jobs_status_reference_idx'`,
    );
    expect(row?.def).toMatch(/\(status, reference\)$/);
  });

  it('key the date index on the reference within the day, so a range sorted by reference is read day by day (migration 0059)', async () => {
    const [row] = await queryRows<{ def: string }>(
      t.db,
      sql`select indexdef as def from pg_indexes where tablename = 'jobs' and indexname = 'jobs_date_idx'`,
    );
    expect(row?.def).toMatch(/\(service_date, reference\) INCLUDE \(id\)$/);
  });
});
