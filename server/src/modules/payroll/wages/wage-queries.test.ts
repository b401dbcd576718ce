import { addDays, momentAtWallClock } from '@tidyhouse/contract';
import { inArray, min, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { recordQueries } from '../../../platform/query-recorder';
import { employeePayRates } from '../../employees/employee-records.tables';
import { newJob } from '../../service/jobs/jobs.fixtures';
import { timePunches } from '../time-cards/time-cards.tables';
import { payTypesOf, queryWageSummary } from './wages.service';

/**
 * Issue 25: the wages of a period are loaded set-based, one query per kind for a batch of employees,
 * so a query per employee or per day (N+1) cannot come back unseen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZONE = 'America/Los_Angeles';
/** Round trips of the whole summary (3 employees or 6, one day or five); the count after issue 25. */
const MOST_QUERIES = 21;

async function summaryQueries(date: string): Promise<string[]> {
  const recorder = recordQueries(t.db);
  try {
    await queryWageSummary(t.db, { date }, 'en');
  } finally {
    recorder.stop();
  }
  return recorder.queries.map((q) => q.sql);
}

async function teamOf(offset: number): Promise<{ teamId: number; userIds: number[] }> {
  const rows = (await t.db.execute(sql`
    select t.id as team_id, array_agg(m.user_id order by m.user_id) as user_ids from teams t
    join team_members m on m.team_id = t.id where t.deleted_at is null and t.active
    group by t.id having count(*) >= 2 order by t.id offset ${offset} limit 1`)) as unknown as {
    rows: Array<{ team_id: number; user_ids: number[] }>;
  };
  const [row] = rows.rows;
  return { teamId: Number(row!.team_id), userIds: row!.user_ids.map(Number) };
}

/** The team's job on the day, and each member's shift and job punches for it. */
async function worked(team: { teamId: number; userIds: number[] }, day: string) {
  const at = (minutes: number) => momentAtWallClock(day, minutes, ZONE);
  const job = await newJob(t, { teamId: team.teamId, serviceDate: day, startTime: '09:00', flatRateCents: 20_000 });
  await t.db.insert(timePunches).values(
    team.userIds.flatMap((userId) => [
      { userId, workDate: day, kind: 'shift' as const, startsAt: at(510), endsAt: at(900) },
      { userId, workDate: day, kind: 'job' as const, jobId: job.id, startsAt: at(540), endsAt: at(720) },
    ]),
  );
}

/** A Monday whose week, and the week before, the demo's time cards do not reach. */
async function quietMonday(): Promise<string> {
  const [demo] = await t.db.select({ first: min(timePunches.workDate) }).from(timePunches);
  let monday = '2026-01-05';
  while (monday >= addDays(demo!.first!, -14)) monday = addDays(monday, -7);
  return monday;
}

describe('wages: round trips of a period (issue 25)', () => {
  it('loads the summary in the same few queries for one team on one day as for two teams all week, none sent twice', async () => {
    const monday = await quietMonday();
    const first = await teamOf(0);
    const second = await teamOf(1);
    await worked(first, monday);
    const few = await summaryQueries(monday);

    for (let day = 1; day < 5; day++) await worked(first, addDays(monday, day));
    for (let day = 0; day < 5; day++) await worked(second, addDays(monday, day));
    const many = await summaryQueries(monday);

    expect(many.length).toBe(few.length);
    // A query per employee or per day would send the same SQL again with other parameters.
    expect(many.filter((text, index) => many.indexOf(text) !== index)).toEqual([]);
    expect(many.length).toBeLessThanOrEqual(MOST_QUERIES);
  });

  it('lists the pay types in force from the rates it loaded, as the query it replaces answered', async () => {
    const monday = await quietMonday();
    const { userIds } = await teamOf(2);
    const [changed, salaried] = userIds as [number, number];
    await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(inArray(employeePayRates.userId, userIds));
    await t.db.insert(employeePayRates).values([
      // Hourly until a percentage rate takes over inside the period: both.
      { userId: changed, payType: 'hourly', rateCents: 2_000, effectiveFrom: addDays(monday, -60) },
      { userId: changed, payType: 'percentage', rateCents: 4_000, effectiveFrom: addDays(monday, 2) },
      // Hourly replaced by a salary before the period, a percentage rate after it: the salary alone.
      { userId: salaried, payType: 'hourly', rateCents: 2_000, effectiveFrom: addDays(monday, -60) },
      { userId: salaried, payType: 'salary', rateCents: 250_000, effectiveFrom: addDays(monday, -30) },
      { userId: salaried, payType: 'percentage', rateCents: 4_000, effectiveFrom: addDays(monday, 10) },
    ]);
    const summary = await queryWageSummary(t.db, { date: monday }, 'en');
    const typesOf = (userId: number) => summary.rows.find((r) => r.userId === userId)?.payTypes;
    expect(typesOf(changed)).toEqual(['hourly', 'percentage']);
    expect(typesOf(salaried)).toEqual(['salary']);
    const bySql = await payTypesOf(t.db, summary.period, [changed, salaried]);
    expect([bySql.get(changed), bySql.get(salaried)]).toEqual([typesOf(changed), typesOf(salaried)]);
  });
});
