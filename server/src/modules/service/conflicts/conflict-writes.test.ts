import { type AssignmentDay, addDays, type CausedConflicts, Code, type JobSaved, type StartOfDay } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { boardTeam, freshDate, placedJob } from '../board/board.fixtures';
import { newJob, pricedItem } from '../jobs/jobs.fixtures';

/** Outages, daily assignments and job edits answer the conflicts they caused (issue 20). */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs('super_admin');
});
afterAll(() => t.close());

const membersOf = (teamId: number) =>
  queryRows<{ userId: number }>(
    t.db,
    sql`select m.user_id as "userId" from team_members m join sys_users u on u.id = m.user_id
        where m.team_id = ${teamId} and u.deleted_at is null`,
  );

describe('writes that place people', () => {
  it('a team outage over a job saves and lists the team without members and its job', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const job = await placedJob(t, { teamId: team.id, date, startTime: '10:00' });
    const saved = await t.call<CausedConflicts>('/ygTeam/addOutage', {
      token: admin,
      body: { teamId: team.id, startDate: date, endDate: date, reason: 'Van in the shop' },
    });
    expect(saved.code).toBe(Code.OK);
    expect(saved.data.conflicts).toMatchObject([
      { kind: 'teamWithoutMembers', key: `teamWithoutMembers:${team.id}`, jobIds: [job.id], date },
    ]);
  });

  it('a daily assignment that takes the whole crew away lists the team left without members', async () => {
    const team = await boardTeam(t, 1);
    const date = freshDate();
    const job = await placedJob(t, { teamId: team.id, date, startTime: '10:00' });
    const moves = (await membersOf(team.id)).map((m) => ({ userId: m.userId, teamId: null }));
    const saved = await t.call<AssignmentDay & CausedConflicts>('/jhSchedule/updateBoard', {
      token: admin,
      body: { serviceDate: date, version: 0, moves },
    });
    expect(saved.code).toBe(Code.OK);
    expect(saved.data.conflicts.map((c) => c.key)).toEqual([`teamWithoutMembers:${team.id}`]);
    expect(saved.data.conflicts[0]!.jobIds).toEqual([job.id]);
  });
});

describe('job edits', () => {
  it('lines that make a job longer than the gap list the overlap they cause, and only once', async () => {
    const team = await boardTeam(t, 2);
    const date = freshDate();
    const first = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const next = await placedJob(t, { teamId: team.id, date, startTime: '09:30' });
    const item = await pricedItem(t, date);
    const lines = [{ priceItemId: item.id, quantity: 20 }];
    const saved = await t.call<JobSaved & CausedConflicts>('/job/saveLines', {
      token: admin,
      body: { id: first.id, version: first.version, lines },
    });
    expect(saved.code).toBe(Code.OK);
    const ids = [first.id, next.id].sort((a, b) => a - b);
    expect(saved.data.conflicts.filter((c) => c.kind === 'jobOverlap').map((c) => c.key)).toEqual([
      `jobOverlap:${ids[0]}:${ids[1]}`,
    ]);
    // The same lines again cause nothing new.
    const again = await t.call<JobSaved & CausedConflicts>('/job/saveLines', {
      token: admin,
      body: { id: first.id, version: saved.data.version, lines },
    });
    expect(again.code).toBe(Code.OK);
    expect(again.data.conflicts).toEqual([]);
  });
});

describe('Start of Day', () => {
  it('lists the day’s conflicts as an item that waits until each is acknowledged (stored with who)', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const job = await newJob(t, { windowStart: '09:00', windowEnd: '10:00' });
    const moved = await t.call('/jhSchedule/moveJob', {
      token: admin,
      body: { id: job.id, version: job.version, teamId: team.id, date, startTime: '11:00' },
    });
    expect(moved.code).toBe(Code.OK);
    const check = async () =>
      (await t.call<StartOfDay>('/officeDay/startOfDay', { token: admin, body: { date }, locale: 'zh' })).data.items.find(
        (i) => i.key === 'scheduleConflicts',
      )!;
    const key = `beyondArrivalWindow:${job.id}`;
    const before = await check();
    expect(before).toMatchObject({ ok: false, count: 1 });
    expect(before.rows[0]).toMatchObject({ conflictKey: key, link: `/service/schedule?date=${date}` });
    expect(before.rows[0]!.label).toContain('到达时段');
    expect(before.rows[0]!.acknowledgedBy).toBeUndefined();

    const unknown = await t.call('/officeDay/acknowledgeConflict', { token: admin, body: { date, key: 'jobOverlap:1:2' } });
    expect(unknown.code).toBe(Code.REFUSED);
    expect((await check()).ok).toBe(false);

    const ack = await t.call('/officeDay/acknowledgeConflict', { token: admin, body: { date, key } });
    expect(ack.code).toBe(Code.OK);
    const after = await check();
    expect(after).toMatchObject({ ok: true, count: 0 });
    expect(after.rows[0]!.acknowledgedBy).toBeTruthy();
    const [entry] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'acknowledgeConflict' and record_id = ${job.id}`,
    );
    expect(entry!.n).toBe(1);
  });
});

describe('job list', () => {
  it('"has a conflict" keeps only the jobs in a conflict of the dates', async () => {
    const team = await boardTeam(t, 3);
    const date = freshDate();
    const calm = await placedJob(t, { teamId: team.id, date, startTime: '08:00' });
    const job = await newJob(t, { windowStart: '09:00', windowEnd: '10:00' });
    const moved = await t.call('/jhSchedule/moveJob', {
      token: admin,
      body: { id: job.id, version: job.version, teamId: team.id, date, startTime: '12:00' },
    });
    expect(moved.code).toBe(Code.OK);
    const list = async (hasConflict?: boolean) =>
      (
        await t.call<{ list: { id: number }[] }>('/job/queryList', {
          token: admin,
          body: { pageNum: 1, pageSize: 50, dateFrom: date, dateTo: date, hasConflict },
        })
      ).data.list.map((j) => j.id);
    expect((await list()).sort()).toEqual([calm.id, job.id].sort());
    expect(await list(true)).toEqual([job.id]);
  });
});

describe('standing teams (runs last: it empties a team)', () => {
  it('moving the last member out of a team lists its coming jobs left without members', async () => {
    const team = await boardTeam(t, 4);
    const date = addDays(await businessToday(t.db), 40);
    const job = await placedJob(t, { teamId: team.id, date, startTime: '10:00' });
    const members = await membersOf(team.id);
    let last: CausedConflicts | undefined;
    for (const { userId } of members) {
      const moved = await t.call<CausedConflicts>('/ygTeam/changeTeam', { token: admin, body: { userId, toTeamId: null } });
      expect(moved.code).toBe(Code.OK);
      last = moved.data;
    }
    const caused = last!.conflicts.find((c) => c.kind === 'teamWithoutMembers' && c.date === date);
    expect(caused).toMatchObject({ key: `teamWithoutMembers:${team.id}`, jobIds: [job.id] });
  });
});
