import type { AssignmentCopyRequest, AssignmentDay, AssignmentUpdateRequest } from '@tidyhouse/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { isUniqueViolation } from '../../../platform/db-errors';
import { conflict, refused } from '../../../platform/errors';
import { sysUsers, teams } from '../../employees/employees.tables';
import { assignmentDay, blockedStatus, leavesOn } from './assignments.query';
import { assignmentDays, dayAssignments } from './assignments.tables';
import { type DayMember, inSequence, leaveOnDay, teamMembersOn } from './day-teams';

type Move = { userId: number; teamId: number | null };
type Leader = { teamId: number; userId: number | null };

/**
 * Takes the day for this change: the caller must have read its current version (0 while it
 * follows the standing teams). Locks the day's row, so two schedulers' changes of one day run one
 * after the other and the second gets 10009; a day stored for the first time starts from its
 * members as they were (standing teams minus the unavailable).
 */
async function takeDay(tx: Db, request: FastifyRequest, date: string, version: number) {
  const me = request.session!.userId;
  const stale = () => conflict('assignments.dayChanged', { date });
  if (version === 0) {
    // Read the day's members before it is stored: then they are the standing members.
    const members = (await teamMembersOn(tx, date, date)).get(date) ?? new Map<number, DayMember[]>();
    const created = await tx
      .insert(assignmentDays)
      .values({ serviceDate: date, createdBy: me, updatedBy: me })
      .onConflictDoNothing()
      .returning({ version: assignmentDays.version });
    // Someone stored the day first (this insert waited for their commit): what was read is stale.
    if (created.length === 0) throw stale();
    const rows = [...members.entries()].flatMap(([teamId, people]) =>
      people.map((m) => ({ serviceDate: date, teamId, userId: m.userId, isLeader: m.leader, createdBy: me })),
    );
    if (rows.length) await tx.insert(dayAssignments).values(rows);
    return;
  }
  const [row] = await tx.select().from(assignmentDays).where(eq(assignmentDays.serviceDate, date)).for('update');
  if (!row || row.version !== version) throw stale();
  await tx
    .update(assignmentDays)
    .set({ version: row.version + 1, updatedAt: new Date(), updatedBy: me })
    .where(eq(assignmentDays.serviceDate, date));
}

/** The teams named by a change: each must exist, be live and active. */
async function usableTeams(tx: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(inArray(teams.id, ids), isNull(teams.deletedAt), eq(teams.active, true)));
  const found = new Map(rows.map((r) => [r.id, r.name]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw refused('assignments.teamUnavailable', { id: missing });
  return found;
}

/** The employees moved into a team must be able to work that day (not frozen, terminated or on leave all day). */
async function assertAssignable(tx: Db, date: string, moves: Move[], leaderIds: number[]) {
  const ids = [...new Set([...moves.map((m) => m.userId), ...leaderIds])];
  if (ids.length === 0) return new Map<number, string>();
  const [people, leaves] = await inSequence([
    tx
      .select({
        id: sysUsers.id,
        name: sysUsers.name,
        status: sysUsers.status,
        accountStatus: sysUsers.accountStatus,
        terminatedOn: sysUsers.terminatedOn,
      })
      .from(sysUsers)
      .where(and(inArray(sysUsers.id, ids), isNull(sysUsers.deletedAt))),
    leavesOn(tx, date),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const move of moves) {
    const person = byId.get(move.userId);
    if (!person) throw refused('assignments.employeeUnavailable', { id: move.userId });
    if (move.teamId === null) continue;
    const blocked = blockedStatus(person, date);
    if (blocked === 'terminated') {
      throw refused('assignments.terminated', { name: person.name, terminatedOn: person.terminatedOn ?? '', date });
    }
    if (blocked === 'frozen') throw refused('assignments.frozen', { name: person.name });
    const leave = leaves.find((l) => l.userId === person.id && leaveOnDay(l, date) === 'all');
    if (leave) throw refused('assignments.onLeave', { name: person.name, date, reason: leave.reason });
  }
  return new Map(people.map((p) => [p.id, p.name]));
}

/** Applies the moves; answers each moved employee's team of the day before (null: none). */
async function applyMoves(tx: Db, request: FastifyRequest, date: string, moves: Move[]) {
  const before = new Map<number, number | null>();
  if (moves.length === 0) return before;
  const me = request.session!.userId;
  const current = await tx
    .select({ userId: dayAssignments.userId, teamId: dayAssignments.teamId })
    .from(dayAssignments)
    .where(
      and(
        eq(dayAssignments.serviceDate, date),
        inArray(
          dayAssignments.userId,
          moves.map((m) => m.userId),
        ),
      ),
    );
  for (const move of moves) before.set(move.userId, current.find((c) => c.userId === move.userId)?.teamId ?? null);
  // An employee already in the target team stays as they are (a leader stays leader).
  const changed = moves.filter((m) => before.get(m.userId) !== m.teamId);
  if (changed.length === 0) return before;
  await tx.delete(dayAssignments).where(
    and(
      eq(dayAssignments.serviceDate, date),
      inArray(
        dayAssignments.userId,
        changed.map((m) => m.userId),
      ),
    ),
  );
  const rows = changed
    .filter((m): m is Move & { teamId: number } => m.teamId !== null)
    .map((m) => ({ serviceDate: date, teamId: m.teamId, userId: m.userId, createdBy: me }));
  if (rows.length === 0) return before;
  try {
    await tx.insert(dayAssignments).values(rows);
  } catch (error) {
    // The database's one-team-per-day rule: only reachable if the day lock were bypassed.
    if (isUniqueViolation(error, 'day_assignments_day_user_uq')) throw conflict('assignments.alreadyAssigned', { date });
    throw error;
  }
  return before;
}

async function applyLeaders(tx: Db, date: string, leaders: Leader[], teamNames: Map<number, string>) {
  for (const { teamId, userId } of leaders) {
    await tx
      .update(dayAssignments)
      .set({ isLeader: false })
      .where(and(eq(dayAssignments.serviceDate, date), eq(dayAssignments.teamId, teamId)));
    if (userId === null) continue;
    const set = await tx
      .update(dayAssignments)
      .set({ isLeader: true })
      .where(and(eq(dayAssignments.serviceDate, date), eq(dayAssignments.teamId, teamId), eq(dayAssignments.userId, userId)))
      .returning({ id: dayAssignments.id });
    if (set.length === 0) {
      const [person] = await tx.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, userId));
      throw refused('assignments.leaderNotMember', {
        name: person?.name ?? String(userId),
        team: teamNames.get(teamId) ?? String(teamId),
        date,
      });
    }
  }
}

/**
 * `/jhSchedule/updateBoard`: moves employees between teams and the unassigned pool for one day and
 * sets leaders of the day; the standing teams never change. Answers the day as it now is.
 */
export async function updateAssignments(tx: Db, request: FastifyRequest, input: AssignmentUpdateRequest): Promise<AssignmentDay> {
  const moves = input.moves ?? [];
  const leaders = input.leaders ?? [];
  const teamIds = [...new Set([...moves.flatMap((m) => (m.teamId ? [m.teamId] : [])), ...leaders.map((l) => l.teamId)])];
  const teamNames = await usableTeams(tx, teamIds);
  const leaderIds = leaders.flatMap((l) => (l.userId ? [l.userId] : []));
  const names = await assertAssignable(tx, input.serviceDate, moves, leaderIds);
  await takeDay(tx, request, input.serviceDate, input.version);
  const before = await applyMoves(tx, request, input.serviceDate, moves);
  await applyLeaders(tx, input.serviceDate, leaders, teamNames);
  const allTeams = new Map((await tx.select({ id: teams.id, name: teams.name }).from(teams)).map((t) => [t.id, t.name]));
  const teamName = (id: number | null | undefined) => (id ? (allTeams.get(id) ?? `#${id}`) : 'unassigned');
  const describe = [
    ...moves.map((m) => `${names.get(m.userId)} → ${teamName(m.teamId)}`),
    ...leaders.map((l) => `leader of ${teamName(l.teamId)}: ${l.userId === null ? 'none' : names.get(l.userId)}`),
  ];
  await audit(tx, request, {
    module: 'service',
    action: 'updateAssignments',
    recordType: 'assignmentDay',
    summary: `Changed the daily assignments of ${input.serviceDate}: ${describe.join('; ')}`,
    details: {
      params: {
        date: input.serviceDate,
        employees: [...new Set([...moves.map((m) => m.userId), ...leaderIds])].map((id) => names.get(id) ?? `#${id}`),
      },
    },
    changes: Object.fromEntries([
      ...moves.map((m) => [`team of ${names.get(m.userId)}`, { from: teamName(before.get(m.userId)), to: teamName(m.teamId) }]),
      ...leaders.map((l) => [
        `leader of ${teamName(l.teamId)}`,
        { from: null, to: l.userId === null ? null : names.get(l.userId) },
      ]),
    ]),
  });
  return assignmentDay(tx, input.serviceDate);
}

/**
 * `/jhSchedule/copyAssignments`: the day takes the previous working day's teams (stored or
 * standing) and leaders; whoever cannot work on the day (leave, frozen, terminated) is left out.
 */
export async function copyPreviousDay(tx: Db, request: FastifyRequest, input: AssignmentCopyRequest): Promise<AssignmentDay> {
  const day = await assignmentDay(tx, input.serviceDate);
  const from = day.previousWorkingDay;
  const source = (await teamMembersOn(tx, from, from)).get(from) ?? new Map<number, DayMember[]>();
  if (source.size === 0) throw refused('assignments.nothingToCopy', { from });
  // Those the day can take: live, active teams, and people who can work that day.
  const activeTeams = new Set(day.teams.map((t) => t.id));
  const unavailable = new Set(day.unavailable.map((u) => u.userId));
  const known = new Set([...day.teams.flatMap((t) => t.members), ...day.unassigned].map((m) => m.userId));
  await takeDay(tx, request, input.serviceDate, input.version);
  const me = request.session!.userId;
  await tx.delete(dayAssignments).where(eq(dayAssignments.serviceDate, input.serviceDate));
  const rows = [...source.entries()]
    .filter(([teamId]) => activeTeams.has(teamId))
    .flatMap(([teamId, people]) =>
      people
        .filter((m) => known.has(m.userId) && !unavailable.has(m.userId))
        .map((m) => ({ serviceDate: input.serviceDate, teamId, userId: m.userId, isLeader: m.leader, createdBy: me })),
    );
  if (rows.length) await tx.insert(dayAssignments).values(rows);
  await audit(tx, request, {
    module: 'service',
    action: 'copyAssignments',
    recordType: 'assignmentDay',
    summary: `Copied the daily assignments of ${from} to ${input.serviceDate} (${rows.length} employees)`,
    details: { params: { from, date: input.serviceDate, count: rows.length } },
  });
  return assignmentDay(tx, input.serviceDate);
}
