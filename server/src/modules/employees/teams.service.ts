import type { ChangeTeamRequest, TeamAddRequest, TeamModifyRequest, TeamOutageAddRequest } from '@tidyhouse/contract';
import { and, count, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit, diff } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, notFound, refused } from '../../platform/errors';
import { loadForUpdate } from '../../platform/versioned';
import { zones } from '../system/settings.tables';
import { findUser } from './employees.service';
import { sysUsers, teamMembers, teamOutages, teams } from './employees.tables';

type TeamRow = typeof teams.$inferSelect;
const lockTeam = (tx: Db, id: number) => loadForUpdate(tx, teams, id, 'employees.team');

async function assertNameFree(tx: Db, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        sql`lower(${teams.name}) = ${name.toLowerCase()}`,
        isNull(teams.deletedAt),
        exceptId ? ne(teams.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict('employees.teamNameTaken', { name });
}

async function assertZoneUsable(tx: Db, zoneId: number | null | undefined) {
  if (!zoneId) return;
  const [zone] = await tx.select().from(zones).where(eq(zones.id, zoneId));
  if (!zone) throw notFound('employees.zone');
  if (zone.deletedAt || !zone.active) throw refused('employees.zoneUnavailable');
}

const memberCount = async (tx: Db, teamId: number) =>
  Number((await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId)))[0]?.n ?? 0);

const guardName = async <T>(work: () => Promise<T>, name: string): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'teams_name_uq')) throw conflict('employees.teamNameTaken', { name });
    throw error;
  }
};

const audited = (t: TeamRow) => ({
  name: t.name,
  color: t.color,
  textColor: t.textColor,
  vehicle: t.vehicle,
  mobile: t.mobile,
  defaultZoneId: t.defaultZoneId,
  active: t.active,
});

export async function addTeam(tx: Db, request: FastifyRequest, input: TeamAddRequest) {
  await assertNameFree(tx, input.name);
  await assertZoneUsable(tx, input.defaultZoneId);
  const me = request.session!.userId;
  const [team] = await guardName(
    () =>
      tx
        .insert(teams)
        .values({ ...input, defaultZoneId: input.defaultZoneId ?? null, createdBy: me, updatedBy: me })
        .returning(),
    input.name,
  );
  await audit(tx, request, {
    module: 'employees',
    action: 'addTeam',
    recordType: 'team',
    recordId: team!.id,
    details: { params: { team: team!.name } },
    changes: diff({}, audited(team!)),
  });
  return { id: team!.id, version: team!.version };
}

async function updateTeam(tx: Db, request: FastifyRequest, before: TeamRow, values: Partial<typeof teams.$inferInsert>) {
  const [after] = await guardName(
    () =>
      tx
        .update(teams)
        .set({ ...values, version: before.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
        .where(eq(teams.id, before.id))
        .returning(),
    values.name ?? before.name,
  );
  return after!;
}

export async function modifyTeam(tx: Db, request: FastifyRequest, input: TeamModifyRequest) {
  const before = await lockTeam(tx, input.id);
  if (before.version !== input.version) throw conflict();
  const { id, version: _v, ...fields } = input;
  if (fields.name && fields.name.toLowerCase() !== before.name.toLowerCase()) await assertNameFree(tx, fields.name, id);
  if (fields.defaultZoneId && fields.defaultZoneId !== before.defaultZoneId) await assertZoneUsable(tx, fields.defaultZoneId);
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const after = await updateTeam(tx, request, before, values);
  await audit(tx, request, {
    module: 'employees',
    action: 'modifyTeam',
    recordType: 'team',
    recordId: id,
    details: { params: { team: after.name } },
    changes: diff(audited(before), audited(after)),
  });
  return { id, version: after.version };
}

/** Soft removal, only of a team without members. */
export async function removeTeam(tx: Db, request: FastifyRequest, input: { id: number; version: number }) {
  const team = await lockTeam(tx, input.id);
  if (team.version !== input.version) throw conflict();
  const members = await memberCount(tx, team.id);
  if (members > 0) throw refused('employees.teamHasMembers', { name: team.name, count: members });
  const after = await updateTeam(tx, request, team, { deletedAt: new Date() });
  await audit(tx, request, {
    module: 'employees',
    action: 'removeTeam',
    recordType: 'team',
    recordId: team.id,
    details: { params: { team: team.name } },
  });
  return { id: team.id, version: after.version };
}

/** Activate or deactivate; a team with members stays active (move them first). */
export async function setTeamActive(tx: Db, request: FastifyRequest, input: { id: number; active: boolean }) {
  const team = await lockTeam(tx, input.id);
  if (!input.active) {
    const members = await memberCount(tx, team.id);
    if (members > 0) throw refused('employees.teamHasMembers', { name: team.name, count: members });
  }
  const after = team.active === input.active ? team : await updateTeam(tx, request, team, { active: input.active });
  await audit(tx, request, {
    module: 'employees',
    action: input.active ? 'activateTeam' : 'deactivateTeam',
    recordType: 'team',
    recordId: team.id,
    details: { params: { team: team.name } },
    changes: { active: { from: team.active, to: input.active } },
  });
  return { id: team.id, version: after.version };
}

export async function addOutage(tx: Db, request: FastifyRequest, input: TeamOutageAddRequest) {
  const team = await lockTeam(tx, input.teamId);
  const [overlap] = await tx
    .select()
    .from(teamOutages)
    .where(
      and(eq(teamOutages.teamId, team.id), lte(teamOutages.startDate, input.endDate), gte(teamOutages.endDate, input.startDate)),
    )
    .limit(1);
  if (overlap) throw refused('employees.outageOverlap', { start: overlap.startDate, end: overlap.endDate });
  const [outage] = await tx
    .insert(teamOutages)
    .values({ ...input, createdBy: request.session!.userId })
    .returning();
  await audit(tx, request, {
    module: 'employees',
    action: 'addOutage',
    recordType: 'team',
    recordId: team.id,
    details: { params: { team: team.name, from: input.startDate, to: input.endDate, reason: input.reason } },
    changes: { outageId: { from: null, to: outage!.id } },
  });
  return { id: outage!.id, teamId: team.id };
}

export async function removeOutage(tx: Db, request: FastifyRequest, input: { id: number }) {
  const [outage] = await tx.select().from(teamOutages).where(eq(teamOutages.id, input.id)).for('update');
  if (!outage) throw notFound('employees.outage');
  const team = await lockTeam(tx, outage.teamId);
  await tx.delete(teamOutages).where(eq(teamOutages.id, outage.id));
  await audit(tx, request, {
    module: 'employees',
    action: 'removeOutage',
    recordType: 'team',
    recordId: team.id,
    details: { params: { team: team.name, from: outage.startDate, to: outage.endDate, reason: outage.reason } },
    changes: { outageId: { from: outage.id, to: null } },
  });
  return { id: outage.id, teamId: team.id };
}

/**
 * Moves an employee into a team or out of any, in one transaction under the employee's row lock:
 * at most one membership row whatever runs at the same time (and the unique index says so too).
 */
export async function changeTeam(tx: Db, request: FastifyRequest, input: ChangeTeamRequest) {
  const user = await findUser(tx, input.userId);
  if (input.version !== undefined && user.version !== input.version) throw conflict();
  const [current] = await tx.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
  const fromTeamId = current?.teamId ?? null;
  let target: TeamRow | null = null;
  if (input.toTeamId !== null) {
    target = await lockTeam(tx, input.toTeamId);
    if (!target.active) throw refused('employees.teamInactive', { name: target.name });
    if (user.status === 'terminated') throw refused('employees.terminatedCannotJoin', { name: user.name });
  }
  if (fromTeamId === input.toTeamId) return { userId: user.id, fromTeamId, toTeamId: fromTeamId, version: user.version };

  if (current) await tx.delete(teamMembers).where(eq(teamMembers.userId, user.id));
  if (target) await tx.insert(teamMembers).values({ teamId: target.id, userId: user.id, isLeader: false });
  const [after] = await tx
    .update(sysUsers)
    .set({ version: user.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(sysUsers.id, user.id))
    .returning({ version: sysUsers.version });
  await audit(tx, request, {
    module: 'employees',
    action: 'changeTeam',
    recordType: 'sysUser',
    recordId: user.id,
    summary: target ? `Moved ${user.name} to ${target.name}` : `Took ${user.name} out of their team`,
    details: target
      ? { params: { name: user.name, team: target.name } }
      : { key: 'employees.leaveTeam', params: { name: user.name } },
    changes: {
      teamId: { from: fromTeamId, to: target?.id ?? null },
      ...(current?.isLeader ? { leaderOf: { from: fromTeamId, to: null } } : {}),
    },
  });
  return { userId: user.id, fromTeamId, toTeamId: target?.id ?? null, version: after!.version };
}

/** Makes a member the team's leader (a team has at most one). */
export async function setLeader(tx: Db, request: FastifyRequest, input: { teamId: number; userId: number }) {
  const team = await lockTeam(tx, input.teamId);
  const [member] = await tx
    .select({ userId: teamMembers.userId, isLeader: teamMembers.isLeader, name: sysUsers.name })
    .from(teamMembers)
    .innerJoin(sysUsers, eq(sysUsers.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, input.userId)));
  if (!member) {
    const [user] = await tx.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, input.userId));
    if (!user) throw notFound('employees.user');
    throw refused('employees.notAMember', { name: user.name, team: team.name });
  }
  const [previous] = await tx
    .update(teamMembers)
    .set({ isLeader: false })
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.isLeader, true)))
    .returning({ userId: teamMembers.userId });
  await tx
    .update(teamMembers)
    .set({ isLeader: true })
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.userId)));
  await audit(tx, request, {
    module: 'employees',
    action: 'setLeader',
    recordType: 'team',
    recordId: team.id,
    summary: `${member.name} leads ${team.name}`,
    details: { params: { name: member.name, team: team.name } },
    changes: { leaderId: { from: previous?.userId ?? null, to: member.userId } },
  });
  return { teamId: team.id, leaderId: member.userId };
}
