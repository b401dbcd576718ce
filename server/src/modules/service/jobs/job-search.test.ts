import { Code, JOB_SEARCH_COUNT_CAP, type JobListResponse } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { CUSTOMER_IDS_MAX } from './job-search';
import { tableTotals } from './jobs.fixtures';

/**
 * A broad customer search (more matching terms than CUSTOMER_IDS_MAX) is counted customer by customer
 * (job-search.ts broadSearchCount): each customer once however many of its terms match, under every
 * other filter, up to JOB_SEARCH_COUNT_CAP. Checked against the jobs table itself.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('office_manager');
});
afterAll(() => t.close());

async function list(body: Record<string, unknown>): Promise<JobListResponse> {
  const result = await t.call<JobListResponse>('/job/queryList', { token, body: { pageSize: 100, ...body } });
  expect(result.code, result.message).toBe(Code.OK);
  return result.data;
}

describe('a broad customer search', () => {
  it('counts and totals each matching customer once, under the other filters, as the table does', async () => {
    // The three customers with the most jobs, of several statuses and dates.
    const customers = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select customer_id as id from jobs group by customer_id order by count(*) desc, customer_id limit 3`,
      )
    ).map((r) => Number(r.id));
    const [a, b, c] = customers as [number, number, number];
    const word = `broadword${Date.now() % 100_000}`;
    const second = `widerword${Date.now() % 100_000}`;
    // A and B hold 1,100 terms each starting with the word (more rows than the ids path takes); C one.
    await t.db.execute(sql`insert into customer_search_terms (customer_id, term)
      select customer_id, ${word} || g from unnest(${`{${a},${b}}`}::int[]) as customer_id, generate_series(1, 1100) as g
      union all select ${c}, ${word}
      union all select customer_id, ${second} from unnest(${`{${a},${c}}`}::int[]) as customer_id`);
    const [terms] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from customer_search_terms where term like ${`${word}%`}`,
    );
    expect(terms!.n).toBeGreaterThan(CUSTOMER_IDS_MAX);

    const all = `customer_id in (${a}, ${b}, ${c})`;
    const [some] = await queryRows<{ status: string; day: string; team: number | null }>(
      t.db,
      sql.raw(`select status, service_date::text as day, team_id as team from jobs
        where ${all} and service_date is not null order by id limit 1`),
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ keyword: word }, all],
      [{ keyword: word, statuses: [some!.status] }, `${all} and status = '${some!.status}'`],
      [{ keyword: word, dateFrom: some!.day }, `${all} and service_date >= '${some!.day}'`],
      [{ keyword: word, dateTo: some!.day }, `${all} and service_date <= '${some!.day}'`],
      [
        { keyword: word, teamId: some!.team ?? 0 },
        `${all} and ${some!.team === null ? 'team_id is null' : `team_id = ${some!.team}`}`,
      ],
      [{ keyword: `${word} ${second}` }, `customer_id in (${a}, ${c})`],
      [{ keyword: `${second} ${word.slice(0, 6)}` }, `customer_id in (${a}, ${c})`],
    ];
    for (const [filter, where] of cases) {
      const expected = await tableTotals(t, where);
      expect(expected.jobs, `${JSON.stringify(filter)} finds jobs`).toBeGreaterThan(0);
      const page = await list(filter);
      expect({ total: page.total, capped: page.totalCapped, totals: page.totals }, JSON.stringify(filter)).toEqual({
        total: expected.jobs,
        capped: false,
        totals: expected,
      });
      expect(new Set(page.list.map((j) => j.customer.id))).toEqual(
        new Set(
          (await queryRows<{ id: number }>(t.db, sql.raw(`select distinct customer_id as id from jobs where ${where}`))).map(
            (r) => Number(r.id),
          ),
        ),
      );
    }

    // Past the cap: "1,000+" and no totals.
    const { jobs: owned } = await tableTotals(t, all);
    await t.db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, status, service_date, duration_minutes, subtotal_cents)
      select 'J-3103-BRD' || g, customer_id, location_id, zone_id, 'unscheduled', date '2033-01-01' + g, 60, 100
      from (select * from jobs where customer_id = ${c} limit 1) as one, generate_series(1, ${JOB_SEARCH_COUNT_CAP - owned}::int) g`);
    try {
      expect(await list({ keyword: word, pageSize: 1 })).toMatchObject({ total: JOB_SEARCH_COUNT_CAP, totalCapped: false });
      await t.db.execute(sql`
        insert into jobs (reference, customer_id, location_id, zone_id, status, service_date, duration_minutes, subtotal_cents)
        select 'J-3103-BRDX', customer_id, location_id, zone_id, 'unscheduled', null, 60, 100 from jobs where customer_id = ${c} limit 1`);
      expect(await list({ keyword: word, pageSize: 1 })).toMatchObject({
        total: JOB_SEARCH_COUNT_CAP,
        totalCapped: true,
        totals: null,
      });
    } finally {
      await t.db.execute(sql`delete from jobs where reference like 'J-3103-BRD%'`);
    }
  }, 60_000);
});
