import { type AssignmentDay, Code } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { employeeLeaves } from '../../employees/employee-records.tables';
import { sysUsers, teamMembers, teamOutages } from '../../employees/employees.tables';
import { daysFromToday, teamOf, userIdOf } from '../../employees/test-support';
import { auditLog } from '../../system/system.tables';
import { assignmentDays, dayAssignments } from './assignments.tables';

let t: TestApp;
let scheduler: string;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.loginAs('scheduler');
});
afterAll(() => t.close());

const call = <T = AssignmentDay>(path: string, body: object) => t.call<T>(path, { token: scheduler, body });
const query = async (serviceDate: string) => (await call('/jhSchedule/queryAssignments', { serviceDate })).data;
const teamId = async (name: string) => (await teamOf(t, name)).id;
const namesIn = (day: AssignmentDay, team: string) => day.teams.find((x) => x.name === team)!.members.map((m) => m.name);
const move = async (serviceDate: string, version: number, uname: string, team: string | null) =>
  call('/jhSchedule/updateBoard', {
    serviceDate,
    version,
    moves: [{ userId: await userIdOf(t, uname), teamId: team ? await teamId(team) : null }],
  });
/** The first day from `days` ahead that falls on `weekday` (0 Sunday … 6 Saturday), as days from today. */
const firstWeekdayFrom = (days: number, weekday: number) => {
  let offset = days;
  while (new Date(`${daysFromToday(offset)}T00:00:00Z`).getUTCDay() !== weekday) offset++;
  return offset;
};
const storedRows = (serviceDate: string) => t.db.select().from(dayAssignments).where(eq(dayAssignments.serviceDate, serviceDate));

describe('queryAssignments', () => {
  it('a day without changes follows the standing teams; the unavailable and the unassigned are apart', async () => {
    const day = await query(daysFromToday(13));
    expect(day).toMatchObject({ version: expect.any(Number), stored: true });
    const plain = await query(daysFromToday(8));
    expect(plain).toMatchObject({ serviceDate: daysFromToday(8), version: 0, stored: false });
    expect(namesIn(plain, 'Team Ocean')).toEqual(['Mei Lin', 'Grace Huang', '李秀英']);
    expect(plain.teams.find((x) => x.name === 'Team Ocean')).toMatchObject({ color: '#1677ff', textColor: '#ffffff' });
    expect(plain.teams.map((x) => x.name)).not.toContain('Team Evergreen');
    // Tomas Vargas's account is frozen; Juan Morales left 60 days ago (more than 30: not listed).
    expect(plain.unavailable.map((u) => [u.name, u.reason])).toEqual([['Tomas Vargas', 'frozen']]);
    expect(plain.unassigned.map((u) => u.name)).toContain('Hong Liu');
    expect(plain.unassigned.map((u) => u.name)).not.toContain('Juan Morales');
  });

  it('the seeded vacation: Mei Lin on leave apart, Hong Liu covering on Team Ocean, led by Grace Huang', async () => {
    const day = await query(daysFromToday(14));
    const ocean = day.teams.find((x) => x.name === 'Team Ocean')!;
    expect(ocean.members.map((m) => [m.name, m.leader])).toEqual([
      ['Grace Huang', true],
      ['Hong Liu', false],
      ['李秀英', false],
    ]);
    // A cover is marked with the team she stands in (none).
    expect(ocean.members.find((m) => m.name === 'Hong Liu')!.standingTeamId).toBeNull();
    expect(day.unavailable).toContainEqual(
      expect.objectContaining({ name: 'Mei Lin', reason: 'leave', note: 'Vacation / 休假', standingTeamId: ocean.id }),
    );
  });

  it('shows part-day leave on the member, and a team out of service', async () => {
    const coral = await teamId('Team Coral');
    await t.db
      .insert(teamOutages)
      .values({ teamId: coral, startDate: daysFromToday(2), endDate: daysFromToday(3), reason: 'Van in the shop' });
    const day = await query(daysFromToday(3));
    const team = day.teams.find((x) => x.id === coral)!;
    expect(team.outReason).toBe('Van in the shop');
    expect(team.members.find((m) => m.name === 'Carmen Torres')!.partLeave).toEqual([{ startTime: '13:00', endTime: '17:00' }]);
    expect((await query(daysFromToday(4))).teams.find((x) => x.id === coral)!.outReason).toBeNull();
  });

  it('answers 10001 naming the field for a missing or impossible date', async () => {
    expect(await call('/jhSchedule/queryAssignments', {})).toMatchObject({
      code: Code.INVALID_INPUT,
      message: 'service date is required',
    });
    expect((await call('/jhSchedule/queryAssignments', { serviceDate: '2027-02-30' })).code).toBe(Code.INVALID_INPUT);
  });
});

describe('updateBoard', () => {
  it('assigns a cover for one day only: the standing teams and the other days do not change', async () => {
    const date = daysFromToday(20);
    const standingBefore = await t.db.select().from(teamMembers);
    const result = await move(date, 0, 'hong.liu', 'Team Forest');
    expect(result.code).toBe(Code.OK);
    expect(result.data).toMatchObject({ version: 1, stored: true });
    expect(namesIn(result.data, 'Team Forest')).toEqual(['Lucia Hernandez', 'Elena Castillo', 'Hong Liu', 'Sofia Ramirez']);
    expect(result.data.unassigned.map((u) => u.name)).not.toContain('Hong Liu');
    // The day was stored whole: every standing member of that day has a row.
    expect(await storedRows(date)).toHaveLength(15);
    expect(await t.db.select().from(teamMembers)).toEqual(standingBefore);
    expect(namesIn(await query(daysFromToday(21)), 'Team Forest')).not.toContain('Hong Liu');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'updateAssignments'));
    expect(entry).toMatchObject({
      module: 'service',
      summary: `Changed the daily assignments of ${date} (Hong Liu)`,
      details: { params: { date, employees: ['Hong Liu'] } },
      changes: { 'team of Hong Liu': { from: 'unassigned', to: 'Team Forest' } },
    });
  });

  it('moves between teams and back to the pool; a move into the same team keeps the leader', async () => {
    const date = daysFromToday(22);
    let day = (await move(date, 0, 'elena.castillo', 'Team Coral')).data;
    expect(namesIn(day, 'Team Coral')).toContain('Elena Castillo');
    expect(namesIn(day, 'Team Forest')).not.toContain('Elena Castillo');
    day = (await move(date, day.version, 'elena.castillo', null)).data;
    expect(day.unassigned.map((u) => u.name)).toContain('Elena Castillo');
    day = (await move(date, day.version, 'lucia.hernandez', 'Team Forest')).data;
    expect(day.teams.find((x) => x.name === 'Team Forest')!.members[0]).toMatchObject({ name: 'Lucia Hernandez', leader: true });
    expect(day.version).toBe(3);
  });

  it('sets a leader of the day (one per team); a non-member is refused', async () => {
    const date = daysFromToday(23);
    const forest = await teamId('Team Forest');
    const sofia = await userIdOf(t, 'sofia.ramirez');
    const set = await call('/jhSchedule/updateBoard', {
      serviceDate: date,
      version: 0,
      leaders: [{ teamId: forest, userId: sofia }],
    });
    expect(set.code).toBe(Code.OK);
    expect(set.data.teams.find((x) => x.id === forest)!.members.map((m) => [m.name, m.leader])).toEqual([
      ['Sofia Ramirez', true],
      ['Elena Castillo', false],
      ['Lucia Hernandez', false],
    ]);
    const outsider = await call('/jhSchedule/updateBoard', {
      serviceDate: date,
      version: set.data.version,
      leaders: [{ teamId: forest, userId: await userIdOf(t, 'rosa.martinez') }],
    });
    expect(outsider).toMatchObject({
      code: Code.REFUSED,
      message: `Rosa Martinez is not in Team Forest on ${date}; assign them to the team first.`,
    });
    // Nothing changed: Sofia still leads, the version is the same.
    expect((await query(date)).version).toBe(set.data.version);
    const none = await call('/jhSchedule/updateBoard', {
      serviceDate: date,
      version: set.data.version,
      leaders: [{ teamId: forest, userId: null }],
    });
    expect(none.data.teams.find((x) => x.id === forest)!.members.every((m) => !m.leader)).toBe(true);
    // The standing leader is unchanged.
    const standing = await t.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, forest), eq(teamMembers.isLeader, true)));
    expect(standing.map((m) => m.userId)).toEqual([await userIdOf(t, 'lucia.hernandez')]);
  });

  it('refuses an employee on leave, frozen or terminated, changing nothing', async () => {
    const vacation = daysFromToday(15);
    const before = await storedRows(vacation);
    const { version } = await query(vacation);
    expect(await move(vacation, version, 'mei.lin', 'Team Ocean')).toMatchObject({
      code: Code.REFUSED,
      message: `Mei Lin is on leave on ${vacation} (Vacation / 休假) and cannot be assigned to a team that day.`,
    });
    expect(await storedRows(vacation)).toEqual(before);
    expect((await query(vacation)).version).toBe(version);

    const date = daysFromToday(24);
    expect(await move(date, 0, 'tomas.vargas', 'Team Ocean')).toMatchObject({
      code: Code.REFUSED,
      message: "Tomas Vargas's account is frozen and cannot be assigned to a team.",
    });
    const terminated = await move(date, 0, 'juan.morales', 'Team Ocean');
    expect(terminated.code).toBe(Code.REFUSED);
    expect(terminated.message).toMatch(/^Juan Morales was terminated on \d{4}-\d{2}-\d{2} and cannot be assigned/);
    expect(await storedRows(date)).toEqual([]);
    // Taking someone on leave out of a team is allowed (nothing to refuse).
    expect((await move(vacation, version, 'mei.lin', null)).code).toBe(Code.OK);
  });

  it('refuses an inactive team and an unknown employee', async () => {
    const date = daysFromToday(26);
    expect((await move(date, 0, 'hong.liu', 'Team Evergreen')).code).toBe(Code.REFUSED);
    const unknown = await call('/jhSchedule/updateBoard', {
      serviceDate: date,
      version: 0,
      moves: [{ userId: 999999, teamId: null }],
    });
    expect(unknown).toMatchObject({ code: Code.REFUSED, message: 'Employee 999999 does not exist or was removed.' });
    expect(await t.db.select().from(assignmentDays).where(eq(assignmentDays.serviceDate, date))).toEqual([]);
  });

  it('a stale version is 10009 and changes nothing', async () => {
    const date = daysFromToday(27);
    const first = await move(date, 0, 'hong.liu', 'Team Coral');
    expect(first.code).toBe(Code.OK);
    const rows = await storedRows(date);
    for (const version of [0, first.data.version - 1 || 99]) {
      expect(await move(date, version, 'hong.liu', 'Team Ocean')).toMatchObject({
        code: Code.CONFLICT,
        message: `Someone else changed the assignments of ${date} after you opened them. Reload the day and try again.`,
      });
    }
    expect(await storedRows(date)).toEqual(rows);
  });

  it('two schedulers assigning one employee to two teams at once: one wins, the other gets 10009', async () => {
    for (const [date, version] of [
      [daysFromToday(28), 0],
      [daysFromToday(12), (await query(daysFromToday(12))).version],
    ] as const) {
      const results = await Promise.all([
        move(date, version, 'elena.castillo', 'Team Ocean'),
        move(date, version, 'elena.castillo', 'Team Coral'),
      ]);
      expect(results.map((r) => r.code).sort()).toEqual([Code.OK, Code.CONFLICT]);
      const elena = await userIdOf(t, 'elena.castillo');
      const rows = (await storedRows(date)).filter((r) => r.userId === elena);
      expect(rows).toHaveLength(1);
      const winner = results.find((r) => r.code === Code.OK)!.data;
      expect(rows[0]!.teamId).toBe(winner.teams.find((x) => x.members.some((m) => m.userId === elena))!.id);
    }
  });
});

describe('copyAssignments', () => {
  it("copies the previous working day's teams and leaders, leaving out whoever cannot work that day", async () => {
    // A Tuesday at least a month ahead; its previous working day is the Monday before.
    const offset = firstWeekdayFrom(35, 2);
    const tuesday = daysFromToday(offset);
    const monday = daysFromToday(offset - 1);
    let mon = (await move(monday, 0, 'hong.liu', 'Team Redwood')).data;
    const redwood = await teamId('Team Redwood');
    const hong = await userIdOf(t, 'hong.liu');
    mon = (
      await call('/jhSchedule/updateBoard', {
        serviceDate: monday,
        version: mon.version,
        leaders: [{ teamId: redwood, userId: hong }],
      })
    ).data;
    const grace = await userIdOf(t, 'grace.huang');
    await t.db.insert(employeeLeaves).values({ userId: grace, startDate: tuesday, endDate: tuesday, reason: 'Court date' });

    const day = await query(tuesday);
    expect(day.previousWorkingDay).toBe(monday);
    const copied = await call('/jhSchedule/copyAssignments', { serviceDate: tuesday, version: day.version });
    expect(copied.code).toBe(Code.OK);
    for (const team of mon.teams) {
      const expected = team.members.filter((m) => m.userId !== grace).map((m) => [m.name, m.leader]);
      expect(copied.data.teams.find((x) => x.id === team.id)!.members.map((m) => [m.name, m.leader])).toEqual(expected);
    }
    expect(copied.data.unavailable.map((u) => u.name)).toContain('Grace Huang');
    expect((await call('/jhSchedule/copyAssignments', { serviceDate: tuesday, version: day.version })).code).toBe(Code.CONFLICT);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'copyAssignments'));
    expect(entry!.summary).toBe(
      `Copied the daily assignments of ${monday} to ${tuesday} (${copied.data.teams.flatMap((x) => x.members).length} employees)`,
    );
  });

  it("Monday's previous working day is Saturday", async () => {
    const offset = firstWeekdayFrom(40, 1);
    expect((await query(daysFromToday(offset))).previousWorkingDay).toBe(daysFromToday(offset - 2));
  });
});

describe('members who can no longer work', () => {
  it('a frozen employee stored on a day is left out of the team and listed apart', async () => {
    const date = daysFromToday(29);
    const day = (await move(date, 0, 'hong.liu', 'Team Coral')).data;
    await t.db.update(sysUsers).set({ accountStatus: 'frozen' }).where(eq(sysUsers.uname, 'hong.liu'));
    const after = await query(date);
    expect(namesIn(after, 'Team Coral')).not.toContain('Hong Liu');
    expect(after.unavailable.map((u) => [u.name, u.reason])).toContainEqual(['Hong Liu', 'frozen']);
    expect(after.version).toBe(day.version);
    await t.db.update(sysUsers).set({ accountStatus: 'normal' }).where(eq(sysUsers.uname, 'hong.liu'));
  });
});
