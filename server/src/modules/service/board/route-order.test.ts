import { type BoardDay, Code, driveEstimate, type RouteOrderApplied, type RouteOrderSuggestion } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { translate } from '../../../platform/messages';
import { locationWith } from '../../customers/customers.fixtures';
import { boardTeam, freshDate, placedJob } from './board.fixtures';
import { zipCentroid } from './zip-centroids';

let t: TestApp;
let token: string;
// The office in San Francisco; A nearby (Potrero Hill), C halfway down the peninsula (San Bruno), B at its end (Palo Alto).
const OFFICE = '94103';
const ZIPS = { a: '94107', b: '94301', c: '94066' };
const locations: Record<keyof typeof ZIPS, number> = { a: 0, b: 0, c: 0 };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('scheduler');
  await t.db.execute(sql`update business_profile set zip = ${OFFICE} where id = 1`);
  const taken: number[] = [0];
  for (const key of ['a', 'b', 'c'] as const) {
    const location = await locationWith(t, `id not in (${taken.join(', ')})`);
    await t.db.execute(sql`update customer_locations set zip = ${ZIPS[key]} where id = ${location.id}`);
    locations[key] = location.id;
    taken.push(location.id);
  }
});
afterAll(() => t.close());

const minutes = (from: string, to: string) => driveEstimate(zipCentroid(from)!, zipCentroid(to)!).minutes;
const suggest = (teamId: number, date: string) =>
  t.call<RouteOrderSuggestion>('/jhSchedule/suggestOrder', { token, body: { teamId, date } });
const apply = (body: Record<string, unknown>, locale: 'en' | 'zh' = 'en') =>
  t.call<RouteOrderApplied>('/jhSchedule/applyOrder', { token, body, locale });
const boardOf = async (date: string) => (await t.call<BoardDay>('/jhSchedule/queryBoard', { token, body: { date } })).data;
const routeOf = async (teamId: number, date: string) =>
  (await boardOf(date)).jobs.filter((j) => j.teamId === teamId).sort((x, y) => x.startMinutes! - y.startMinutes!);
const jobRows = (ids: number[]) =>
  queryRows<{ id: number; version: number; start: number }>(
    t.db,
    sql`select id, version, start_minutes as start from jobs where id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )}) order by id`,
  );

/** Team 1's fresh day driven out and back: A 08:00, B 10:00, C 13:00, an hour each. */
async function outAndBack(window: Record<string, unknown> = {}) {
  const team = await boardTeam(t);
  const date = freshDate();
  const place = (key: keyof typeof ZIPS, startTime: string, extra: Record<string, unknown> = {}) =>
    placedJob(t, { teamId: team.id, date, startTime }, { locationId: locations[key], durationMinutes: 60, ...extra });
  const a = await place('a', '08:00');
  const b = await place('b', '10:00', window);
  const c = await place('c', '13:00');
  return { team, date, a, b, c };
}

describe('/jhSchedule/suggestOrder and /jhSchedule/applyOrder', () => {
  it('suggests A, C, B with the saving, applies it as one audited move, and the board shows the new order', async () => {
    const { team, date, a, b, c } = await outAndBack();
    const before = await routeOf(team.id, date);
    expect(before.map((j) => j.id)).toEqual([a.id, b.id, c.id]);

    const s = await suggest(team.id, date);
    expect(s.code).toBe(0);
    const current = minutes(OFFICE, ZIPS.a) + minutes(ZIPS.a, ZIPS.b) + minutes(ZIPS.b, ZIPS.c);
    const shorter = minutes(OFFICE, ZIPS.a) + minutes(ZIPS.a, ZIPS.c) + minutes(ZIPS.c, ZIPS.b);
    // The current drive is what the board shows for the route.
    expect(s.data.currentDriveMinutes).toBe(before.reduce((sum, j) => sum + (j.driveMinutes ?? 0), 0));
    expect(s.data).toMatchObject({ currentDriveMinutes: current, suggestedDriveMinutes: shorter, changed: true });
    expect(s.data.savingMinutes).toBe(current - shorter);
    expect(s.data.savingMinutes).toBeGreaterThan(0);
    expect(s.data.suggested.map((j) => j.id)).toEqual([a.id, c.id, b.id]);
    expect(s.data.suggested[0]!.startMinutes).toBe(8 * 60);

    const applied = await apply({ teamId: team.id, date, jobs: s.data.suggested.map((j) => ({ id: j.id, version: j.version })) });
    expect(applied.code).toBe(0);
    expect(applied.data.savingMinutes).toBe(s.data.savingMinutes);
    const after = await routeOf(team.id, date);
    expect(after.map((j) => j.id)).toEqual([a.id, c.id, b.id]);
    expect(after.map((j) => j.startMinutes)).toEqual(s.data.suggested.map((j) => j.startMinutes));
    expect(after.every((j) => j.durationMinutes === 60)).toBe(true);
    // The drives stored and shown follow the new order.
    expect(after.reduce((sum, j) => sum + (j.driveMinutes ?? 0), 0)).toBe(shorter);
    const [log, ...more] = await queryRows<{ summary: string; recordId: number }>(
      t.db,
      sql`select summary, record_id as "recordId" from audit_log where record_type = 'team' and summary like ${`%${date}%`}`,
    );
    expect(more).toEqual([]);
    expect(log!.recordId).toBe(team.id);
    const ref = new Map(s.data.current.map((j) => [j.id, j.reference]));
    expect(log!.summary).toContain(`${ref.get(a.id)} 08:00, ${ref.get(c.id)}`);
    expect(log!.summary).toContain(`${current} → ${shorter}`);
    // Applied again, the suggestion is the order it now has: nothing more to save.
    const again = await suggest(team.id, date);
    expect(again.data).toMatchObject({ changed: false, savingMinutes: 0 });
  });

  it('refuses with 10009 when a job changed since the suggestion, and changes nothing', async () => {
    const { team, date, a, b, c } = await outAndBack();
    const s = await suggest(team.id, date);
    const stale = s.data.suggested.map((j) => ({ id: j.id, version: j.id === b.id ? j.version - 1 : j.version }));
    const rows = await jobRows([a.id, b.id, c.id]);
    const refused = await apply({ teamId: team.id, date, jobs: stale });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.message).toBe(translate('en', 'board.routeChanged', { team: s.data.teamName, date }));
    // A job left out is refused the same way.
    const partial = await apply({ teamId: team.id, date, jobs: s.data.suggested.slice(0, 2) });
    expect(partial.code).toBe(Code.CONFLICT);
    expect(await jobRows([a.id, b.id, c.id])).toEqual(rows);
  });

  it('keeps the current order when the shorter one breaks an arrival window, and refuses that order if sent', async () => {
    // B's window 10:00–10:30: kept now; after A and C it would start past 11:00.
    const { team, date, a, b, c } = await outAndBack({ windowStart: '10:00', windowEnd: '10:30' });
    const s = await suggest(team.id, date);
    expect(s.data).toMatchObject({ changed: false, savingMinutes: 0 });
    expect(s.data.suggested.map((j) => j.id)).toEqual([a.id, b.id, c.id]);
    const rows = await jobRows([a.id, b.id, c.id]);
    const byId = new Map(s.data.current.map((j) => [j.id, j]));
    const order = [a.id, c.id, b.id].map((id) => ({ id, version: byId.get(id)!.version }));
    const refused = await apply({ teamId: team.id, date, jobs: order }, 'zh');
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toContain(byId.get(b.id)!.reference);
    expect(refused.message).toContain('10:00–10:30');
    expect(refused.message).toContain('到达时段');
    expect(await jobRows([a.id, b.id, c.id])).toEqual(rows);
  });

  it('refuses to re-order a day with a completed job, naming it', async () => {
    const { team, date, a } = await outAndBack();
    await t.db.execute(sql`update jobs set status = 'completed' where id = ${a.id}`);
    const s = await suggest(team.id, date);
    expect(s.code).toBe(Code.REFUSED);
    const [row] = await queryRows<{ reference: string }>(t.db, sql`select reference from jobs where id = ${a.id}`);
    expect(s.message).toBe(translate('en', 'board.routeFixed', { reference: row!.reference, status: 'jobs.status.completed' }));
  });
});
