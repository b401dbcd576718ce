import { momentAtWallClock } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { activeTeam, newJob } from '../../service/jobs/jobs.fixtures';
import { jobs } from '../../service/jobs/jobs.tables';
import { timeCardDays, timePunches } from './time-cards.tables';
import { loadWorkDays, workDayBatches } from './work-days';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZONE = 'America/Los_Angeles';
/** 2027-03-14: clocks in Los Angeles jump from 02:00 to 03:00. */
const DST_DAY = '2027-03-14';
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, ZONE);
};

async function teamWithMember() {
  const team = await activeTeam(t);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 1`,
  )) as unknown as { rows: { user_id: number }[] };
  return { teamId: team.id as number, userId: Number(rows.rows[0]!.user_id) };
}

describe('loading work days', () => {
  it('counts minutes from local midnight (a daylight-saving day included) and stands drive estimates in between jobs', async () => {
    const { teamId, userId } = await teamWithMember();
    const first = await newJob(t, { teamId, serviceDate: DST_DAY, startTime: '09:00' });
    const second = await newJob(t, { teamId, serviceDate: DST_DAY, startTime: '13:00' });
    await t.db.update(jobs).set({ driveMinutes: 40 }).where(eq(jobs.id, first.id));
    await t.db.update(jobs).set({ driveMinutes: 25 }).where(eq(jobs.id, second.id));
    await t.db.insert(timePunches).values([
      { userId, workDate: DST_DAY, kind: 'shift', startsAt: at(DST_DAY, '01:00'), endsAt: at(DST_DAY, '15:00') },
      { userId, workDate: DST_DAY, kind: 'job', jobId: first.id, startsAt: at(DST_DAY, '09:05'), endsAt: at(DST_DAY, '11:30') },
      { userId, workDate: DST_DAY, kind: 'meal', startsAt: at(DST_DAY, '11:30'), endsAt: at(DST_DAY, '12:00') },
      { userId, workDate: DST_DAY, kind: 'job', jobId: second.id, startsAt: at(DST_DAY, '13:10'), endsAt: null },
    ]);
    await t.db.insert(timeCardDays).values({ userId, workDate: DST_DAY, missedRestBreaks: 1 });

    const [day, ...others] = await loadWorkDays(t.db, { from: DST_DAY, to: DST_DAY, userIds: [userId] });
    expect(others).toEqual([]);
    // 01:00 PST is 60 minutes after midnight; 15:00 PDT only 14 h later (one hour skipped).
    expect(day).toMatchObject({ userId, workDate: DST_DAY, shift: { start: 60, end: 840 }, missedRestBreaks: 1 });
    expect(day!.segments).toEqual([
      { kind: 'job', jobId: first.id, start: 485, end: 630 },
      { kind: 'meal', start: 630, end: 660 },
      // The second job's drive ends at its check-in (13:10 PDT, 730 minutes lived); an open punch is no segment.
      { kind: 'drive', start: 705, end: 730, estimated: true },
    ]);

    // A punched drive replaces every estimate of the day.
    await t.db.insert(timePunches).values({
      userId,
      workDate: DST_DAY,
      kind: 'drive',
      startsAt: at(DST_DAY, '12:30'),
      endsAt: at(DST_DAY, '13:05'),
    });
    const [punched] = await loadWorkDays(t.db, { from: DST_DAY, to: DST_DAY, userIds: [userId] });
    expect(punched!.segments.filter((s) => s.kind === 'drive')).toEqual([{ kind: 'drive', start: 690, end: 725 }]);
  });

  it('leaves out removed punches, sorts by employee and date, and batches employees', async () => {
    const found = (await t.db.execute(sql`select id from sys_users where deleted_at is null order by id limit 2`)) as unknown as {
      rows: { id: number }[];
    };
    const [lo, hi] = found.rows.map((r) => Number(r.id)) as [number, number];
    const day1 = '2027-05-03';
    const day2 = '2027-05-04';
    const inserted = await t.db
      .insert(timePunches)
      .values([
        { userId: hi, workDate: day1, kind: 'shift', startsAt: at(day1, '07:00'), endsAt: at(day1, '09:00') },
        { userId: lo, workDate: day2, kind: 'shift', startsAt: at(day2, '08:00'), endsAt: at(day2, '16:30') },
        { userId: lo, workDate: day1, kind: 'shift', startsAt: at(day1, '08:00'), endsAt: at(day1, '12:00') },
        { userId: hi, workDate: day2, kind: 'shift', startsAt: at(day2, '07:00'), endsAt: at(day2, '09:00') },
      ])
      .returning({ id: timePunches.id });
    await t.db.update(timePunches).set({ deletedAt: new Date() }).where(eq(timePunches.id, inserted[3]!.id));

    const days = await loadWorkDays(t.db, { from: day1, to: day2 });
    expect(days.map((d) => [d.userId, d.workDate, d.shift])).toEqual([
      [lo, day1, { start: 480, end: 720 }],
      [lo, day2, { start: 480, end: 990 }],
      [hi, day1, { start: 420, end: 540 }],
    ]);

    const batches: number[][] = [];
    for await (const batch of workDayBatches(t.db, { from: day1, to: day2 }, 1)) batches.push(batch.map((d) => d.userId));
    expect(batches).toEqual([[lo, lo], [hi]]);
  });
});
