import {
  type BoardDay,
  type BoardMoveResult,
  type BoardWeek,
  type BusinessProfileDetail,
  Code,
  driveEstimate,
  weekStartOf,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../../test/clock';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { locationWith } from '../../customers/customers.fixtures';
import { pricedItem } from '../jobs/jobs.fixtures';
import { boardTeam, freshDate, placedJob, trayJob } from './board.fixtures';
import { zipCentroid } from './zip-centroids';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('scheduler');
});
afterAll(() => t.close());

const board = async (date: string) => (await t.call<BoardDay>('/jhSchedule/queryBoard', { token, body: { date } })).data;
const move = (body: Record<string, unknown>, locale: 'en' | 'zh' = 'en') =>
  t.call<BoardMoveResult>('/jhSchedule/moveJob', { token, body, locale });
const membersOf = async (teamId: number) =>
  queryRows<{ userId: number; name: string }>(
    t.db,
    sql`select m.user_id as "userId", u.name from team_members m join sys_users u on u.id = m.user_id
        where m.team_id = ${teamId} and u.deleted_at is null and u.account_status = 'normal' and u.status <> 'terminated'
        order by u.id`,
  );

describe('queryBoard (day view)', () => {
  it('answers the team with its members, the job at its place with duration = planned minutes ÷ members, and the tray', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const item = await pricedItem(t, '2026-12-01');
    const placed = await placedJob(
      t,
      { teamId: team.id, date, startTime: '09:00' },
      { lines: [{ priceItemId: item.id, quantity: 3 }], customerAtHome: true },
    );
    const waiting = await trayJob(t, { serviceDate: date });
    const day = await board(date);
    const row = day.teams.find((x) => x.id === team.id)!;
    const standing = await membersOf(team.id);
    expect(row.members.map((m) => m.userId).sort()).toEqual(standing.map((m) => m.userId).sort());
    const [quoted] = await queryRows<{ q: number }>(t.db, sql`select quoted_minutes as q from jobs where id = ${placed.id}`);
    const job = day.jobs.find((j) => j.id === placed.id)!;
    expect(quoted!.q).toBeGreaterThan(0);
    expect(job.durationMinutes).toBe(Math.max(15, Math.ceil(quoted!.q / standing.length)));
    expect(job).toMatchObject({ teamId: team.id, startMinutes: 540, status: 'scheduled', customerAtHome: true, reclean: false });
    expect(row.cleanMinutes).toBe(job.durationMinutes);
    expect(day.unassigned.map((j) => j.id)).toContain(waiting.id);
    expect(day.jobs.map((j) => j.id)).not.toContain(waiting.id);
    expect(day.openingMinutes).toBeLessThan(day.closingMinutes);
  });

  it('a day with a stored assignment divides by the members of that day', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const [first] = await membersOf(team.id);
    await t.db.execute(sql`insert into assignment_days (service_date) values (${date})`);
    await t.db.execute(
      sql`insert into day_assignments (service_date, team_id, user_id) values (${date}, ${team.id}, ${first!.userId})`,
    );
    const item = await pricedItem(t, '2026-12-01');
    const placed = await placedJob(
      t,
      { teamId: team.id, date, startTime: '08:00' },
      { lines: [{ priceItemId: item.id, quantity: 2 }] },
    );
    const [quoted] = await queryRows<{ q: number }>(t.db, sql`select quoted_minutes as q from jobs where id = ${placed.id}`);
    const day = await board(date);
    expect(day.teams.find((x) => x.id === team.id)!.members.map((m) => m.userId)).toEqual([first!.userId]);
    expect(day.jobs.find((j) => j.id === placed.id)!.durationMinutes).toBe(Math.max(15, quoted!.q));
  });
});

describe('moveJob refusals', () => {
  it('refuses a stale version with 10009 and changes nothing', async () => {
    const team = await boardTeam(t);
    const job = await trayJob(t);
    const date = freshDate();
    const first = await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: '09:00' });
    expect(first.code).toBe(0);
    const before = await t.fingerprint();
    const stale = await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: '11:00' });
    expect(stale.code).toBe(Code.CONFLICT);
    expect(await t.fingerprint()).toBe(before);
  });

  it('refuses a team outage, naming the reason', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    await t.db.execute(
      sql`insert into team_outages (team_id, start_date, end_date, reason) values (${team.id}, ${date}, ${date}, 'Van in the shop')`,
    );
    const job = await trayJob(t);
    const result = await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: '09:00' });
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain('Van in the shop');
  });

  it('refuses a member on leave (all day, standing team) and one on part-day leave during the job only', async () => {
    const team = await boardTeam(t);
    const [member] = await membersOf(team.id);
    const date = freshDate();
    await t.db.execute(
      sql`insert into employee_leaves (user_id, start_date, end_date, all_day, reason) values (${member!.userId}, ${date}, ${date}, true, 'Family')`,
    );
    const job = await trayJob(t);
    const result = await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: '09:00' });
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain(member!.name);
    expect(result.message).toContain('on leave');

    const partDate = freshDate();
    await t.db.execute(
      sql`insert into employee_leaves (user_id, start_date, end_date, all_day, start_time, end_time, reason)
          values (${member!.userId}, ${partDate}, ${partDate}, false, '13:00', '17:00', 'Doctor')`,
    );
    const during = await move({ id: job.id, version: job.version, teamId: team.id, date: partDate, startTime: '14:00' });
    expect(during.code).toBe(Code.REFUSED);
    const morning = await move({ id: job.id, version: job.version, teamId: team.id, date: partDate, startTime: '09:00' });
    expect(morning.code).toBe(0);
  });

  it('refuses an overlap with another job of the team, and allows the slot right after it', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const first = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const job = await trayJob(t);
    const overlapping = await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: '09:00' });
    expect(overlapping.code).toBe(Code.REFUSED);
    const [ref] = await queryRows<{ reference: string }>(t.db, sql`select reference from jobs where id = ${first.id}`);
    expect(overlapping.message).toContain(ref!.reference);
    const end = 9 * 60 + first.durationMinutes;
    const after = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    expect((await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: after })).code).toBe(0);
  });

  it('refuses a time outside business hours', async () => {
    const team = await boardTeam(t);
    const job = await trayJob(t);
    const day = await board(freshDate());
    const early = `${String(Math.floor(day.openingMinutes / 60) - 1).padStart(2, '0')}:00`;
    const result = await move({ id: job.id, version: job.version, teamId: team.id, date: freshDate(), startTime: early });
    expect(result.code).toBe(Code.REFUSED);
    const late = `${String(Math.floor(day.closingMinutes / 60) - 1).padStart(2, '0')}:50`;
    expect((await move({ id: job.id, version: job.version, teamId: team.id, date: freshDate(), startTime: late })).code).toBe(
      Code.REFUSED,
    );
  });

  it('takes its business hours from the business profile: the board day and the refusal follow a change', async () => {
    const admin = await t.loginAs('super_admin');
    const profile = (await t.call<BusinessProfileDetail>('/sysParam/profileDetail', { token: admin })).data;
    const saved = await t.call('/sysParam/profileModify', {
      token: admin,
      body: { ...profile, openingTime: '06:00', closingTime: '21:30' },
    });
    expect(saved.code).toBe(Code.OK);
    try {
      const date = freshDate();
      const day = await board(date);
      expect([day.openingMinutes, day.closingMinutes]).toEqual([360, 1290]);
      const team = await boardTeam(t);
      const job = await trayJob(t);
      // 06:15 was before the old opening (07:00) and is inside the new hours.
      const early = await move({ id: job.id, version: job.version, teamId: team.id, date, startTime: '06:15' });
      expect(early.code).toBe(Code.OK);
    } finally {
      const now = (await t.call<BusinessProfileDetail>('/sysParam/profileDetail', { token: admin })).data;
      await t.call('/sysParam/profileModify', { token: admin, body: { ...now, openingTime: '07:00', closingTime: '19:00' } });
    }
  });

  it('refuses moving a completed job', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const placed = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const admin = await t.loginAs('super_admin');
    const done = await onBusinessDay(date, () =>
      t.call<{ version: number }>('/job/updateState', {
        token: admin,
        body: { id: placed.id, version: placed.version, status: 'completed', actualMinutes: 60 },
      }),
    );
    expect(done.code).toBe(0);
    const result = await move({
      id: placed.id,
      version: done.data.version,
      teamId: team.id,
      date: freshDate(),
      startTime: '10:00',
    });
    expect(result.code).toBe(Code.REFUSED);
  });

  it('two moves into the same slot at once: one wins, the other is refused', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const [a, b] = await Promise.all([trayJob(t), trayJob(t)]);
    const results = await Promise.all(
      [a!, b!].map((j) => move({ id: j.id, version: j.version, teamId: team.id, date, startTime: '10:00' })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([0, Code.REFUSED]);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where team_id = ${team.id} and service_date = ${date} and status = 'scheduled'`,
    );
    expect(count!.n).toBe(1);
  });
});

describe('moveJob warnings, audit, unassign and resize', () => {
  it('allows a start outside the preferred window with a warning, and logs the move against the job', async () => {
    const team = await boardTeam(t);
    const job = await trayJob(t, { windowStart: '13:00', windowEnd: '15:00' });
    const result = await move({ id: job.id, version: job.version, teamId: team.id, date: freshDate(), startTime: '09:00' });
    expect(result.code).toBe(0);
    expect(result.data.warnings.map((w) => w.kind)).toContain('window');
    expect(result.data.warnings.find((w) => w.kind === 'window')!.message).toContain('13:00');
    const [entry] = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where record_type = 'job' and record_id = ${job.id} order by id desc limit 1`,
    );
    expect(entry!.summary).toContain('Schedule board');
  });

  it('unassign takes the job back to the tray, keeping its date', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const placed = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const result = await t.call<BoardMoveResult>('/jhSchedule/unassignJob', {
      token,
      body: { id: placed.id, version: placed.version },
    });
    expect(result.data).toMatchObject({ status: 'unscheduled', teamId: null, startMinutes: null, serviceDate: date });
    const day = await board(date);
    expect(day.unassigned.map((j) => j.id)).toContain(placed.id);
    expect(day.jobs.map((j) => j.id)).not.toContain(placed.id);
  });

  it('resize sets the length (stored as person-minutes) and refuses one that runs into the next job', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const first = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    await placedJob(t, { teamId: team.id, date, startTime: '11:00' });
    const resize = (version: number, durationMinutes: number) =>
      t.call<BoardMoveResult>('/jhSchedule/resizeJob', { token, body: { id: first.id, version, durationMinutes } });
    const longer = await resize(first.version, 90);
    expect(longer.code).toBe(0);
    expect(longer.data.durationMinutes).toBe(90);
    const members = (await membersOf(team.id)).length;
    const [row] = await queryRows<{ planned: number }>(
      t.db,
      sql`select planned_minutes as planned from jobs where id = ${first.id}`,
    );
    expect(row!.planned).toBe(90 * members);
    expect((await board(date)).jobs.find((j) => j.id === first.id)!.durationMinutes).toBe(90);
    expect((await resize(longer.data.version, 150)).code).toBe(Code.REFUSED);
  });
});

describe('drive time', () => {
  it('estimates known ZIP pairs from their centroids', () => {
    const sf = zipCentroid('94103')!;
    const paloAlto = zipCentroid('94301')!;
    // San Francisco SoMa to downtown Palo Alto: about 27 miles in a straight line.
    const straight = driveEstimate(sf, paloAlto);
    expect(straight.tenthMiles).toBeGreaterThan(340);
    expect(straight.tenthMiles).toBeLessThan(360);
    // About 34.5 road miles at 25 mph: 83 minutes.
    expect(straight.minutes).toBeGreaterThanOrEqual(80);
    expect(straight.minutes).toBeLessThanOrEqual(87);
    // Beverly Hills to Midtown Manhattan: about 2,450 miles.
    const coast = driveEstimate(zipCentroid('90210')!, zipCentroid('10001')!);
    expect(coast.tenthMiles / 10 / 1.3).toBeGreaterThan(2400);
    expect(coast.tenthMiles / 10 / 1.3).toBeLessThan(2500);
    expect(driveEstimate(sf, sf)).toEqual({ tenthMiles: 0, minutes: 0 });
    expect(zipCentroid('00000')).toBeNull();
    expect(zipCentroid('abc')).toBeNull();
  });

  it('stores each job’s drive from the previous stop and recomputes the route when a job moves', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    // Two seeded locations put at known ZIP codes (San Francisco SoMa and Palo Alto).
    const l1 = { ...(await locationWith(t, 'true')), zip: '94103' };
    const l2 = { ...(await locationWith(t, `id <> ${l1.id}`)), zip: '94301' };
    await t.db.execute(sql`update customer_locations set zip = ${l1.zip} where id = ${l1.id}`);
    await t.db.execute(sql`update customer_locations set zip = ${l2.zip} where id = ${l2.id}`);
    const a = await placedJob(t, { teamId: team.id, date, startTime: '08:00' }, { locationId: l1.id });
    const b = await placedJob(t, { teamId: team.id, date, startTime: '12:00' }, { locationId: l2.id });
    const drives = async () =>
      queryRows<{ id: number; tenth: number | null; minutes: number | null }>(
        t.db,
        sql`select id, driving_distance_tenth_miles as tenth, drive_minutes as minutes from jobs where id in (${a.id}, ${b.id})`,
      );
    const expected = driveEstimate(zipCentroid(l1.zip)!, zipCentroid(l2.zip)!);
    expect((await drives()).find((r) => r.id === b.id)).toMatchObject({ tenth: expected.tenthMiles, minutes: expected.minutes });
    // Swap the order: b first (from the office), a after b.
    const moved = await move({ id: b.id, version: b.version, teamId: team.id, date, startTime: '07:00' });
    expect(moved.code).toBe(0);
    const back = driveEstimate(zipCentroid(l2.zip)!, zipCentroid(l1.zip)!);
    expect((await drives()).find((r) => r.id === a.id)).toMatchObject({ tenth: back.tenthMiles, minutes: back.minutes });
    // The day view shows the same estimate for the current order.
    const shown = (await board(date)).jobs.find((j) => j.id === a.id)!;
    expect(shown).toMatchObject({ driveTenthMiles: back.tenthMiles, driveMinutes: back.minutes });
  });
});

describe('change stamp and week view', () => {
  it('the stamp changes when a job of the date moves, and only then', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const stamp = async () => (await t.call<{ stamp: string }>('/jhSchedule/boardStamp', { token, body: { date } })).data.stamp;
    const s1 = await stamp();
    expect(await stamp()).toBe(s1);
    const placed = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const s2 = await stamp();
    expect(s2).not.toBe(s1);
    expect((await board(date)).stamp).toBe(s2);
    await move({ id: placed.id, version: placed.version, teamId: team.id, date: freshDate(), startTime: '09:00' });
    expect(await stamp()).not.toBe(s2);
  });

  it("week totals equal the sum of each day's team figures", async () => {
    const team = await boardTeam(t);
    const other = await boardTeam(t, 1);
    const date = freshDate();
    const item = await pricedItem(t, '2026-12-01');
    await placedJob(t, { teamId: team.id, date, startTime: '09:00' }, { lines: [{ priceItemId: item.id, quantity: 2 }] });
    await placedJob(t, { teamId: other.id, date, startTime: '10:00' }, { lines: [{ priceItemId: item.id, quantity: 1 }] });
    const week = (await t.call<BoardWeek>('/jhSchedule/queryWeek', { token, body: { date } })).data;
    expect(week.weekStart).toBe(weekStartOf(date));
    expect(week.dates).toHaveLength(7);
    const i = week.dates.indexOf(date);
    const day = await board(date);
    for (const row of day.teams) {
      const cell = week.teams.find((x) => x.id === row.id)!.days[i]!;
      expect(cell.cleanMinutes).toBe(row.cleanMinutes);
      expect(cell.revenueCents).toBe(row.revenueCents);
    }
    expect(week.totals[i]!.cleanMinutes).toBe(day.teams.reduce((s, x) => s + x.cleanMinutes, 0));
    expect(week.totals[i]!.revenueCents).toBeGreaterThan(0);
  });

  it("a team's day on the week calendar lists its jobs (time, customer) in start order while they fit, then only counts them", async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const starts = ['11:00', '08:00', '13:30', '09:15'];
    const placed = [];
    for (const startTime of starts) placed.push(await placedJob(t, { teamId: team.id, date, startTime }));
    const cellOf = async () => {
      const week = (await t.call<BoardWeek>('/jhSchedule/queryWeek', { token, body: { date } })).data;
      const i = week.dates.indexOf(date);
      return { cell: week.teams.find((x) => x.id === team.id)!.days[i]!, total: week.totals[i]!, week };
    };
    const names = await queryRows<{ id: number; name: string }>(
      t.db,
      sql`select j.id, c.name from jobs j join customers c on c.id = j.customer_id
          where j.id in (${sql.join(
            placed.map((p) => sql`${p.id}`),
            sql`, `,
          )})`,
    );
    const { cell, total, week } = await cellOf();
    expect(cell.blocks.map((b) => b.startMinutes)).toEqual([480, 555, 660, 810]);
    for (const block of cell.blocks) {
      expect(block.customerName).toBe(names.find((n) => n.id === block.id)!.name);
      expect(block.status).toBe('scheduled');
    }
    expect(total.blocks).toEqual([]);
    expect(week.closingMinutes).toBeGreaterThan(week.openingMinutes);

    await placedJob(t, { teamId: team.id, date, startTime: '15:00' });
    const full = (await cellOf()).cell;
    expect(full.jobs).toBe(5);
    expect(full.blocks).toEqual([]);
  });

  it("marks the week's conflicts on their team's day and the listed jobs in them (an overlap made outside the board)", async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const a = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const b = await placedJob(t, { teamId: team.id, date, startTime: '12:00' });
    const c = await placedJob(t, { teamId: team.id, date, startTime: '15:00' });
    const weekCell = async () => {
      const week = (await t.call<BoardWeek>('/jhSchedule/queryWeek', { token, body: { date } })).data;
      const i = week.dates.indexOf(date);
      return { cell: week.teams.find((x) => x.id === team.id)!.days[i]!, total: week.totals[i]! };
    };
    const clean = await weekCell();
    expect(clean.cell.conflicts).toBe(0);
    expect(clean.cell.blocks.every((block) => !block.conflict)).toBe(true);
    // As a plan's generation may: b put on top of a, straight in the table (the board would refuse it).
    await t.db.execute(sql`update jobs set start_minutes = 9 * 60 where id = ${b.id}`);
    const { cell, total } = await weekCell();
    expect(cell.conflicts).toBe(1);
    expect(total.conflicts).toBe(1);
    const marked = Object.fromEntries(cell.blocks.map((block) => [block.id, block.conflict]));
    expect(marked).toEqual({ [a.id]: true, [b.id]: true, [c.id]: false });
  });
});
