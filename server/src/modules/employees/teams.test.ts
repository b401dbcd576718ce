import {
  Code,
  type ListResponse,
  type TeamBoard,
  type TeamDetail,
  type TeamListItem,
  type TeamOption,
} from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { zones } from '../system/settings.tables';
import { auditLog } from '../system/system.tables';
import { teamMembers } from './employees.tables';
import { daysFromToday, teamOf, today, userIdOf, userRef } from './test-support';

let t: TestApp;
let scheduler: string;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.loginAs('scheduler');
});
afterAll(() => t.close());

const call = <T>(path: string, body: object) => t.call<T>(path, { token: scheduler, body });
const membershipsOf = async (uname: string) =>
  t.db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.userId, await userIdOf(t, uname)));
const move = async (uname: string, team: string | null, version?: number) =>
  call<{ fromTeamId: number | null; toTeamId: number | null; version: number }>('/ygTeam/changeTeam', {
    userId: await userIdOf(t, uname),
    toTeamId: team ? (await teamOf(t, team)).id : null,
    ...(version ? { version } : {}),
  });

describe('team list and board', () => {
  it('lists teams with colours, member count, leader and zone', async () => {
    const result = await call<ListResponse<TeamListItem>>('/ygTeam/queryList', { active: true });
    expect(result.data.list.map((team) => team.name)).toEqual([
      'Team Coral',
      'Team Forest',
      'Team Ocean',
      'Team Redwood',
      'Team Sunshine',
    ]);
    expect(result.data.list.find((team) => team.name === 'Team Sunshine')).toMatchObject({
      color: '#fadb14',
      textColor: '#262626',
      memberCount: 3,
      leaderName: 'Rosa Martinez',
      outToday: false,
    });
    const all = await call<ListResponse<TeamListItem>>('/ygTeam/queryList', {});
    expect(all.data.list.find((team) => team.name === 'Team Evergreen')).toMatchObject({
      active: false,
      memberCount: 0,
      leaderId: null,
    });
  });

  it('offers teams to any logged-in user as options, active ones first', async () => {
    const options = await t.call<TeamOption[]>('/ygTeam/options', { token: await t.loginAs('sales') });
    expect(options.code).toBe(Code.OK);
    expect(options.data.at(-1)).toMatchObject({ name: 'Team Evergreen', active: false });
    expect(options.data[0]).toMatchObject({ name: 'Team Coral', color: '#ff7a45', textColor: '#ffffff', active: true });
  });

  it('shows every active team with its members (leader first) and the unassigned active employees', async () => {
    const board = (await call<TeamBoard>('/ygTeam/board', {})).data;
    expect(board.teams).toHaveLength(5);
    const sunshine = board.teams.find((team) => team.name === 'Team Sunshine')!;
    expect(sunshine.members.map((m) => [m.name, m.isLeader])).toEqual([
      ['Rosa Martinez', true],
      ['Ana Lopez', false],
      ['Tomas Vargas', false],
    ]);
    expect(sunshine.members[0]).toMatchObject({ hasPhoto: true, roleCode: 'cleaner', roleName: 'Field Technician' });
    expect(sunshine.members[2]!.accountStatus).toBe('frozen');
    const unassigned = board.unassigned.map((m) => m.uname);
    expect(unassigned).toEqual(expect.arrayContaining(['hong.liu', 'office', 'scheduler', 'sales']));
    expect(unassigned).not.toContain('juan.morales');
    expect(board.teams.flatMap((team) => team.members).length + board.unassigned.length).toBe(23);
  });

  it('shows outages in the detail, and whether the team is out today', async () => {
    const coral = await teamOf(t, 'Team Coral');
    const added = await call('/ygTeam/addOutage', {
      teamId: coral.id,
      startDate: today(),
      endDate: today(),
      reason: 'Van inspection',
    });
    expect(added.code).toBe(Code.OK);
    const overlap = await call('/ygTeam/addOutage', {
      teamId: coral.id,
      startDate: daysFromToday(-1),
      endDate: daysFromToday(1),
      reason: 'x',
    });
    expect(overlap).toMatchObject({ code: Code.REFUSED, message: `The team is already out from ${today()} to ${today()}.` });
    const detail = (await call<TeamDetail>('/ygTeam/detail', { id: coral.id })).data;
    expect(detail).toMatchObject({ outToday: true, memberCount: 3, outages: [{ reason: 'Van inspection', startDate: today() }] });
    expect(detail.members.map((m) => m.name)).toEqual(['Jenny Zhao', 'Carmen Torres', '王芳']);
    expect((await call('/ygTeam/removeOutage', { id: detail.outages[0]!.id })).code).toBe(Code.OK);
    expect((await call<TeamDetail>('/ygTeam/detail', { id: coral.id })).data.outToday).toBe(false);
  });
});

describe('team records', () => {
  it('adds a team with a default zone; names are unique; a removed or inactive zone is refused', async () => {
    const [zone] = await t.db.insert(zones).values({ name: 'Peninsula North', color: '#1677ff', code: 'PN' }).returning();
    const [closed] = await t.db
      .insert(zones)
      .values({ name: 'Old zone', color: '#000000', code: 'OLD', active: false })
      .returning();
    const added = await call<{ id: number }>('/ygTeam/add', { name: 'Team Harbor', color: '#13c2c2', defaultZoneId: zone!.id });
    expect(added.code).toBe(Code.OK);
    const detail = (await call<TeamDetail>('/ygTeam/detail', { id: added.data.id })).data;
    expect(detail).toMatchObject({ zoneName: 'Peninsula North', textColor: '#ffffff', active: true, members: [] });
    const filtered = await call<ListResponse<TeamListItem>>('/ygTeam/queryList', { zoneId: zone!.id });
    expect(filtered.data.list.map((team) => team.name)).toEqual(['Team Harbor']);
    const dup = await call('/ygTeam/add', { name: 'team ocean', color: '#000000' });
    expect(dup).toMatchObject({ code: Code.CONFLICT, message: 'A team named "team ocean" already exists.' });
    expect((await call('/ygTeam/add', { name: 'Team Closed', color: '#000000', defaultZoneId: closed!.id })).code).toBe(
      Code.REFUSED,
    );
  });

  it('refuses to remove or deactivate a team that has members; removes an empty one', async () => {
    const ocean = await teamOf(t, 'Team Ocean');
    const remove = await call('/ygTeam/remove', { id: ocean.id, version: ocean.version });
    expect(remove).toMatchObject({ code: Code.REFUSED, message: expect.stringContaining('still has 3 member') });
    expect((await call('/ygTeam/updateState', { id: ocean.id, active: false })).code).toBe(Code.REFUSED);
    const evergreen = await teamOf(t, 'Team Evergreen');
    expect((await call('/ygTeam/remove', { id: evergreen.id, version: evergreen.version })).code).toBe(Code.OK);
    expect((await call('/ygTeam/detail', { id: evergreen.id })).code).toBe(Code.NOT_FOUND);
  });
});

describe('changeTeam and setLeader', () => {
  it('moves an employee between teams and out of any, one membership at most, with an audit entry', async () => {
    const moved = await move('ana.lopez', 'Team Ocean');
    expect(moved.code).toBe(Code.OK);
    expect(moved.data).toMatchObject({
      fromTeamId: (await teamOf(t, 'Team Sunshine')).id,
      toTeamId: (await teamOf(t, 'Team Ocean')).id,
    });
    expect((await membershipsOf('ana.lopez')).map((m) => m.teamId)).toEqual([(await teamOf(t, 'Team Ocean')).id]);
    expect((await move('ana.lopez', null)).code).toBe(Code.OK);
    expect(await membershipsOf('ana.lopez')).toEqual([]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'changeTeam'));
    expect(entries.map((e) => e.summary)).toEqual(['Moved Ana Lopez to Team Ocean', 'Took Ana Lopez out of their team']);
  });

  it('refuses a stale version, a terminated employee and an inactive team', async () => {
    const { version } = await userRef(t, 'sofia.ramirez');
    expect((await move('sofia.ramirez', 'Team Coral', version)).code).toBe(Code.OK);
    expect((await move('sofia.ramirez', 'Team Ocean', version)).code).toBe(Code.CONFLICT);
    const terminated = await move('juan.morales', 'Team Ocean');
    expect(terminated).toMatchObject({ code: Code.REFUSED, message: 'Juan Morales is terminated and cannot join a team.' });
    const added = await call<{ id: number }>('/ygTeam/add', { name: 'Team Dormant', color: '#8c8c8c', active: false });
    const dormant = await call('/ygTeam/changeTeam', { userId: await userIdOf(t, 'hong.liu'), toTeamId: added.data.id });
    expect(dormant.code).toBe(Code.REFUSED);
  });

  it('keeps exactly one membership when moves of the same employee race', async () => {
    const names = ['Team Ocean', 'Team Forest', 'Team Coral', 'Team Redwood', 'Team Sunshine', 'Team Ocean'];
    const results = await Promise.all(names.map((name) => move('daniel.nguyen', name)));
    expect(results.every((r) => r.code === Code.OK)).toBe(true);
    const rows = await membershipsOf('daniel.nguyen');
    expect(rows).toHaveLength(1);
    // And racing moves of many employees into one team leave each in exactly one.
    const people = ['grace.huang', 'mei.lin', 'elena.castillo', 'fang.wang'];
    await Promise.all(people.flatMap((p) => [move(p, 'Team Redwood'), move(p, 'Team Sunshine')]));
    for (const p of people) expect(await membershipsOf(p)).toHaveLength(1);
  });

  it('makes a member the leader (one per team); a non-member is refused', async () => {
    const forest = await teamOf(t, 'Team Forest');
    const lucia = await userIdOf(t, 'lucia.hernandez');
    const result = await call<{ leaderId: number }>('/ygTeam/setLeader', { teamId: forest.id, userId: lucia });
    expect(result.code).toBe(Code.OK);
    const leaders = (await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, forest.id))).filter((m) => m.isLeader);
    expect(leaders.map((m) => m.userId)).toEqual([lucia]);
    const outsider = await call('/ygTeam/setLeader', { teamId: forest.id, userId: await userIdOf(t, 'rosa.martinez') });
    expect(outsider).toMatchObject({ code: Code.REFUSED, message: 'Rosa Martinez is not a member of the team "Team Forest".' });
    // A leader who moves away leaves the team without a leader.
    await move('lucia.hernandez', 'Team Ocean');
    expect((await call<TeamDetail>('/ygTeam/detail', { id: forest.id })).data.leaderId).toBeNull();
  });
});
