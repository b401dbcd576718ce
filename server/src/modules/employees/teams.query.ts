import type {
  ListResponse,
  Locale,
  TeamBoard,
  TeamDetail,
  TeamListItem,
  TeamMember,
  TeamOption,
  ZTeamListRequest,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { businessTodaySql } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { likeEscape, orderOf, paged, toListResponse, totalCount } from '../../platform/list';
import { zones } from '../system/settings.tables';
import { roles } from '../system/system.tables';
import { roleNameIn } from './employees.query';
import { employeePhotos, sysUsers, teamMembers, teamOutages, teams } from './employees.tables';

const leaderMember = alias(teamMembers, 'leader_member');
const leader = alias(sysUsers, 'leader');

const teamColumns = {
  id: teams.id,
  name: teams.name,
  color: teams.color,
  textColor: teams.textColor,
  vehicle: teams.vehicle,
  mobile: teams.mobile,
  active: teams.active,
  defaultZoneId: teams.defaultZoneId,
  zoneName: zones.name,
  memberCount: sql<number>`(select count(*) from team_members m where m.team_id = "teams"."id")`.mapWith(Number),
  leaderId: leader.id,
  leaderName: leader.name,
  outToday: sql<boolean>`exists (select 1 from team_outages o where o.team_id = "teams"."id"
    and ${businessTodaySql} between o.start_date and o.end_date)`.mapWith(Boolean),
  version: teams.version,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
};

/** Teams with zone, member count, leader and today's outage: one select. */
const teamSelect = (db: Db) =>
  db
    .select({ ...teamColumns, total: totalCount })
    .from(teams)
    .leftJoin(zones, eq(zones.id, teams.defaultZoneId))
    .leftJoin(leaderMember, and(eq(leaderMember.teamId, teams.id), eq(leaderMember.isLeader, true)))
    .leftJoin(leader, eq(leader.id, leaderMember.userId));

type TeamRow = Awaited<ReturnType<ReturnType<typeof teamSelect>['execute']>>[number];
const toTeamItem = ({ total: _t, createdAt: _c, updatedAt: _u, ...row }: TeamRow): TeamListItem => row;

export async function listTeams(db: Db, input: z.infer<typeof ZTeamListRequest>): Promise<ListResponse<TeamListItem>> {
  const conditions: SQL[] = [isNull(teams.deletedAt)];
  if (input.keyword) conditions.push(ilike(teams.name, `%${likeEscape(input.keyword)}%`));
  if (input.active !== undefined) conditions.push(eq(teams.active, input.active));
  if (input.zoneId) conditions.push(eq(teams.defaultZoneId, input.zoneId));
  const query = teamSelect(db)
    .where(and(...conditions))
    .orderBy(...orderOf(input.sort, { name: teams.name, createdAt: teams.createdAt }, [asc(teams.name)], teams.id))
    .$dynamic();
  const { rows, total } = await paged(query, input);
  return toListResponse(rows, total, toTeamItem);
}

/** Every team not removed, as options for other screens (active first, by name). */
export async function teamOptions(db: Db): Promise<TeamOption[]> {
  return db
    .select({ id: teams.id, name: teams.name, color: teams.color, textColor: teams.textColor, active: teams.active })
    .from(teams)
    .where(isNull(teams.deletedAt))
    .orderBy(desc(teams.active), asc(teams.name), asc(teams.id));
}

/** Employees as team members: role, leader flag, photo tag. */
const memberSelect = (db: Db, locale: Locale) =>
  db
    .select({
      userId: sysUsers.id,
      name: sysUsers.name,
      uname: sysUsers.uname,
      employeeNo: sysUsers.employeeNo,
      phone: sysUsers.phone,
      roleCode: roles.code,
      roleName: roleNameIn(locale),
      teamId: teamMembers.teamId,
      isLeader: teamMembers.isLeader,
      photoTag: employeePhotos.tag,
      enabled: sysUsers.enabled,
      accountStatus: sysUsers.accountStatus,
      version: sysUsers.version,
    })
    .from(sysUsers)
    .innerJoin(roles, eq(roles.id, sysUsers.roleId))
    .leftJoin(teamMembers, eq(teamMembers.userId, sysUsers.id))
    .leftJoin(employeePhotos, eq(employeePhotos.userId, sysUsers.id));

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberSelect>['execute']>>[number];
const toMember = ({ teamId: _t, ...row }: MemberRow): TeamMember => ({
  ...row,
  isLeader: row.isLeader ?? false,
  hasPhoto: row.photoTag !== null,
});

const memberOrder = [desc(sql`coalesce(${teamMembers.isLeader}, false)`), asc(sysUsers.name), asc(sysUsers.id)];

export async function teamDetail(db: Db, id: number, locale: Locale): Promise<TeamDetail> {
  const [row] = await teamSelect(db).where(and(eq(teams.id, id), isNull(teams.deletedAt)));
  if (!row) throw notFound('employees.team');
  const members = await memberSelect(db, locale)
    .where(eq(teamMembers.teamId, id))
    .orderBy(...memberOrder);
  const outages = await db
    .select()
    .from(teamOutages)
    .where(eq(teamOutages.teamId, id))
    .orderBy(desc(teamOutages.startDate), desc(teamOutages.id));
  return {
    ...toTeamItem(row),
    members: members.map(toMember),
    outages: outages.map((o) => ({ ...o, createdBy: undefined, createdAt: o.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The Team Builder board in two queries: the active teams, then every active employee with the
 * team they are in (none: unassigned).
 */
export async function teamBoard(db: Db, locale: Locale): Promise<TeamBoard> {
  const teamRows = await teamSelect(db)
    .where(and(isNull(teams.deletedAt), eq(teams.active, true)))
    .orderBy(asc(teams.name), asc(teams.id));
  const people = await memberSelect(db, locale)
    .where(and(isNull(sysUsers.deletedAt), eq(sysUsers.status, 'active')))
    .orderBy(...memberOrder);
  const byTeam = new Map<number, TeamMember[]>();
  const unassigned: TeamMember[] = [];
  for (const person of people) {
    if (person.teamId === null) unassigned.push(toMember(person));
    else byTeam.set(person.teamId, [...(byTeam.get(person.teamId) ?? []), toMember(person)]);
  }
  return {
    teams: teamRows.map((row) => ({ ...toTeamItem(row), members: byTeam.get(row.id) ?? [] })),
    unassigned,
  };
}
