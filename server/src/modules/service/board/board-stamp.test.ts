import { type AssignmentDay, Code, JOB_CANCEL_REASONS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../../test/clock';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { boardTeam, freshDate, placedJob } from './board.fixtures';

/**
 * The change stamps another scheduler's open screen polls: the board's (`boardStamp`) and the daily
 * assignments' (`assignmentsStamp`) must move with every input those screens show, and only with
 * changes of their date.
 */
let t: TestApp;
let scheduler: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.loginAs('scheduler');
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

async function ok<T>(path: string, body: object, token = scheduler): Promise<T> {
  const result = await t.call<T>(path, { token, body });
  if (result.code !== Code.OK) throw new Error(`${path}: ${result.code} ${result.message}`);
  return result.data;
}

/** Both stamps of a date, to compare before and after a change. */
const stamps = async (date: string) => ({
  board: (await ok<{ stamp: string }>('/jhSchedule/boardStamp', { date })).stamp,
  assignments: (await ok<{ stamp: string }>('/jhSchedule/assignmentsStamp', { serviceDate: date })).stamp,
});

async function expectBothMove(date: string, change: () => Promise<unknown>) {
  const before = await stamps(date);
  await change();
  const after = await stamps(date);
  expect(after.board).not.toBe(before.board);
  expect(after.assignments).not.toBe(before.assignments);
  return after;
}

const membersOf = (teamId: number) =>
  queryRows<{ userId: number }>(
    t.db,
    sql`select m.user_id as "userId" from team_members m join sys_users u on u.id = m.user_id
        where m.team_id = ${teamId} and u.deleted_at is null and u.account_status = 'normal' and u.status <> 'terminated'
        order by m.is_leader, u.id`,
  );

describe('change stamps of the board and the daily assignments', () => {
  it('stay the same without a change; the loaded screens carry the stamp they were read with', async () => {
    const date = freshDate();
    const first = await stamps(date);
    expect(await stamps(date)).toEqual(first);
    expect((await ok<{ stamp: string }>('/jhSchedule/queryBoard', { date })).stamp).toBe(first.board);
    expect((await ok<AssignmentDay>('/jhSchedule/queryAssignments', { serviceDate: date })).stamp).toBe(first.assignments);
  });

  it('move when leave for the date is approved (added) and when it is cancelled; not for leave on another date', async () => {
    const team = await boardTeam(t);
    const [member] = await membersOf(team.id);
    const date = freshDate();
    const elsewhere = freshDate();
    const before = await stamps(date);
    const away = await ok<{ id: number; version: number }>(
      '/sysUserLeave/add',
      { userId: member!.userId, startDate: elsewhere, endDate: elsewhere, reason: 'Dentist' },
      office,
    );
    expect(await stamps(date)).toEqual(before);
    await ok('/sysUserLeave/remove', away, office);

    let leave = { id: 0, version: 0 };
    await expectBothMove(date, async () => {
      leave = await ok('/sysUserLeave/add', { userId: member!.userId, startDate: date, endDate: date, reason: 'Trip' }, office);
    });
    await expectBothMove(date, () => ok('/sysUserLeave/remove', leave, office));
  });

  it('move when a team outage on the date is added and when it is removed', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    let outage = { id: 0 };
    await expectBothMove(date, async () => {
      outage = await ok('/ygTeam/addOutage', { teamId: team.id, startDate: date, endDate: date, reason: 'Van in the shop' });
    });
    await expectBothMove(date, () => ok('/ygTeam/removeOutage', { id: outage.id }));
  });

  it('move when the standing teams change: a member moved to another team, a new leader', async () => {
    const team = await boardTeam(t);
    const other = await boardTeam(t, 1);
    const date = freshDate();
    const [member] = await membersOf(team.id);
    await expectBothMove(date, () => ok('/ygTeam/changeTeam', { userId: member!.userId, toTeamId: other.id }));
    await expectBothMove(date, () => ok('/ygTeam/setLeader', { teamId: other.id, userId: member!.userId }));
    await expectBothMove(date, () => ok('/ygTeam/changeTeam', { userId: member!.userId, toTeamId: team.id }));
  });

  it("move when the day's assignments change (a cover moved in, copied from the previous working day)", async () => {
    const team = await boardTeam(t);
    const other = await boardTeam(t, 1);
    const date = freshDate();
    const [member] = await membersOf(other.id);
    const moved = await ok<AssignmentDay>('/jhSchedule/queryAssignments', { serviceDate: date });
    const after = await expectBothMove(date, () =>
      ok('/jhSchedule/updateBoard', {
        serviceDate: date,
        version: moved.version,
        moves: [{ userId: member!.userId, teamId: team.id }],
      }),
    );
    // The answer of the change carries the new stamp, so the screen that made it does not reload.
    const day = await ok<AssignmentDay>('/jhSchedule/queryAssignments', { serviceDate: date });
    expect(day.stamp).toBe(after.assignments);
    const next = freshDate();
    const copied = await ok<AssignmentDay>('/jhSchedule/queryAssignments', { serviceDate: next });
    await expectBothMove(next, () => ok('/jhSchedule/copyAssignments', { serviceDate: next, version: copied.version }));
  });

  it('move when an employee of a team is frozen and unfrozen', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const [member] = await membersOf(team.id);
    await expectBothMove(date, () => ok('/sysUser/updateState', { id: member!.userId, enabled: false }, office));
    await expectBothMove(date, () => ok('/sysUser/updateState', { id: member!.userId, enabled: true }, office));
  });

  it("the board's move on each write of its job drawer: a reschedule (both dates), a completion, a cancel", async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const later = freshDate();
    const admin = await t.loginAs('super_admin');
    const boardOf = async (d: string) => (await stamps(d)).board;
    const placed = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const before = { here: await boardOf(date), there: await boardOf(later) };
    const moved = await ok<{ version: number }>('/jhSchedule/moveJob', {
      id: placed.id,
      version: placed.version,
      teamId: team.id,
      date: later,
      startTime: '10:00',
    });
    expect(await boardOf(date)).not.toBe(before.here);
    expect(await boardOf(later)).not.toBe(before.there);
    const placedStamp = await boardOf(later);
    const done = await onBusinessDay(later, () =>
      ok<{ version: number }>(
        '/job/updateState',
        { id: placed.id, version: moved.version, status: 'completed', actualMinutes: 60 },
        admin,
      ),
    );
    expect(await boardOf(later)).not.toBe(placedStamp);
    const other = await placedJob(t, { teamId: team.id, date, startTime: '11:00' });
    const withOther = await boardOf(date);
    await ok(
      '/job/updateState',
      { id: other.id, version: other.version, status: 'cancelled', reason: JOB_CANCEL_REASONS[0] },
      admin,
    );
    expect(await boardOf(date)).not.toBe(withOther);
    expect(done.version).toBeGreaterThan(moved.version);
  });
});
