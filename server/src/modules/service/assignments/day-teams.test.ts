import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { employeeLeaves } from '../../employees/employee-records.tables';
import { daysFromToday, teamOf, userIdOf } from '../../employees/test-support';
import { assignmentDays, dayAssignments } from './assignments.tables';
import { leaveOnDay, teamMembersOn } from './day-teams';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const namesOf = (members: { name: string }[] | undefined) => (members ?? []).map((m) => m.name);

describe('teamMembersOn', () => {
  it('a day without stored assignments has the standing members, minus frozen and whole-day leave', async () => {
    const [ocean, sunshine, coral] = await Promise.all([
      teamOf(t, 'Team Ocean'),
      teamOf(t, 'Team Sunshine'),
      teamOf(t, 'Team Coral'),
    ]);
    // Seed: Ana Lopez was on leave 40–38 days ago; Tomas Vargas (Sunshine) is frozen; Carmen Torres
    // has a dentist appointment 13:00–17:00 in 3 days. Day 11 follows the standing teams.
    const days = await teamMembersOn(t.db, daysFromToday(-40), daysFromToday(-37));
    expect(days.has(daysFromToday(-41))).toBe(false);
    expect(namesOf(days.get(daysFromToday(-39))!.get(sunshine.id))).toEqual(['Rosa Martinez']);
    expect(namesOf(days.get(daysFromToday(-37))!.get(sunshine.id))).toEqual(['Rosa Martinez', 'Ana Lopez']);
    const standing = (await teamMembersOn(t.db, daysFromToday(11), daysFromToday(11))).get(daysFromToday(11))!;
    expect(namesOf(standing.get(ocean.id))).toEqual(['Mei Lin', 'Grace Huang', '李秀英']);
    expect(standing.get(ocean.id)![0]!.leader).toBe(true);

    const dentist = (await teamMembersOn(t.db, daysFromToday(3), daysFromToday(3))).get(daysFromToday(3))!.get(coral.id)!;
    expect(dentist.find((m) => m.name === 'Carmen Torres')).toMatchObject({
      partLeave: [{ startTime: '13:00', endTime: '17:00' }],
    });
  });

  it('a stored day has exactly its rows, and never changes the days around it', async () => {
    const day = daysFromToday(20);
    const [ocean, forest] = await Promise.all([teamOf(t, 'Team Ocean'), teamOf(t, 'Team Forest')]);
    const grace = await userIdOf(t, 'grace.huang');
    const elena = await userIdOf(t, 'elena.castillo');
    await t.db.insert(assignmentDays).values({ serviceDate: day });
    await t.db.insert(dayAssignments).values([
      { serviceDate: day, teamId: ocean.id, userId: grace, isLeader: true },
      { serviceDate: day, teamId: ocean.id, userId: elena },
    ]);
    const days = await teamMembersOn(t.db, daysFromToday(19), daysFromToday(21));
    expect(days.get(day)!.get(ocean.id)).toEqual([
      { userId: grace, name: 'Grace Huang', leader: true },
      { userId: elena, name: 'Elena Castillo', leader: false },
    ]);
    expect(days.get(day)!.get(forest.id)).toBeUndefined();
    expect(namesOf(days.get(daysFromToday(19))!.get(forest.id))).toContain('Elena Castillo');
    expect(namesOf(days.get(daysFromToday(21))!.get(ocean.id))).toEqual(['Mei Lin', 'Grace Huang', '李秀英']);
  });

  it("the demo's stored vacation days: the cover on Team Ocean, Grace Huang leading", async () => {
    const ocean = await teamOf(t, 'Team Ocean');
    const day = (await teamMembersOn(t.db, daysFromToday(12), daysFromToday(12))).get(daysFromToday(12))!;
    expect(day.get(ocean.id)!.map((m) => [m.name, m.leader])).toEqual([
      ['Grace Huang', true],
      ['Hong Liu', false],
      ['李秀英', false],
    ]);
  });

  it('a stored member who later takes whole-day leave is not a member that day', async () => {
    const day = daysFromToday(25);
    const ocean = await teamOf(t, 'Team Ocean');
    const grace = await userIdOf(t, 'grace.huang');
    await t.db.insert(assignmentDays).values({ serviceDate: day });
    await t.db.insert(dayAssignments).values({ serviceDate: day, teamId: ocean.id, userId: grace });
    await t.db.insert(employeeLeaves).values({ userId: grace, startDate: day, endDate: day, reason: 'Moving house' });
    const days = await teamMembersOn(t.db, day, day);
    expect(days.get(day)!.get(ocean.id)).toBeUndefined();
  });

  it('the database holds one team per employee per day', async () => {
    const day = daysFromToday(40);
    const [ocean, forest] = await Promise.all([teamOf(t, 'Team Ocean'), teamOf(t, 'Team Forest')]);
    const grace = await userIdOf(t, 'grace.huang');
    await t.db.insert(assignmentDays).values({ serviceDate: day });
    await t.db.insert(dayAssignments).values({ serviceDate: day, teamId: ocean.id, userId: grace });
    await expect(t.db.insert(dayAssignments).values({ serviceDate: day, teamId: forest.id, userId: grace })).rejects.toThrow();
  });
});

describe('leaveOnDay', () => {
  const timed = {
    userId: 1,
    startDate: '2027-03-01',
    endDate: '2027-03-03',
    allDay: false,
    startTime: '15:00',
    endTime: '10:00',
  };
  it('splits a multi-day timed leave into its days', () => {
    expect(leaveOnDay(timed, '2027-02-28')).toBeNull();
    expect(leaveOnDay(timed, '2027-03-01')).toEqual({ startTime: '15:00', endTime: '24:00' });
    expect(leaveOnDay(timed, '2027-03-02')).toBe('all');
    expect(leaveOnDay(timed, '2027-03-03')).toEqual({ startTime: '00:00', endTime: '10:00' });
    expect(leaveOnDay({ ...timed, allDay: true }, '2027-03-03')).toBe('all');
  });
});
