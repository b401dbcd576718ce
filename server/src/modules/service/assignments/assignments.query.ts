import {
  type AssignedMember,
  type AssignmentDay,
  addDays,
  previousWorkingDay,
  RECENTLY_TERMINATED_DAYS,
  type UnavailableEmployee,
} from '@tidyhouse/contract';
import { and, asc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { sysUsers, teamMembers, teamOutages, teams } from '../../employees/employees.tables';
import { assignmentDays } from './assignments.tables';
import { assignmentsStamp } from './day-stamp';
import { type DayMember, inSequence, leaveOnDay, leavesInRange, teamMembersOn } from './day-teams';

/** Everyone who could matter on a day: live employees, active or terminated recently. */
const peopleOn = (db: Db, date: string) =>
  db
    .select({
      userId: sysUsers.id,
      name: sysUsers.name,
      status: sysUsers.status,
      accountStatus: sysUsers.accountStatus,
      terminatedOn: sysUsers.terminatedOn,
      standingTeamId: teamMembers.teamId,
    })
    .from(sysUsers)
    .leftJoin(teamMembers, eq(teamMembers.userId, sysUsers.id))
    .where(
      and(
        isNull(sysUsers.deletedAt),
        or(ne(sysUsers.status, 'terminated'), gte(sysUsers.terminatedOn, addDays(date, -RECENTLY_TERMINATED_DAYS))),
      ),
    )
    .orderBy(asc(sysUsers.name), asc(sysUsers.id));

export type Person = Awaited<ReturnType<typeof peopleOn>>[number];

/** Why a person cannot work on `date`, or null; whole-day leave is checked apart. */
export function blockedStatus(person: Pick<Person, 'status' | 'accountStatus' | 'terminatedOn'>, date: string) {
  if (person.status === 'terminated' && (person.terminatedOn === null || person.terminatedOn <= date)) return 'terminated';
  if (person.accountStatus === 'frozen') return 'frozen';
  return null;
}

/** Leave of a day (whole or part), of everyone: one query. */
export const leavesOn = (db: Db, date: string) => leavesInRange(db, date, date);

/** The stored version of a day, or 0 while it follows the standing teams. */
export async function dayVersion(db: Db, date: string): Promise<number> {
  const [row] = await db
    .select({ version: assignmentDays.version })
    .from(assignmentDays)
    .where(eq(assignmentDays.serviceDate, date));
  return row?.version ?? 0;
}

/**
 * One day of the Employee Daily Assignments screen in a fixed number of queries: the active teams
 * (colour, outage that day) with their members of the day, the unassigned active employees, and
 * those who cannot be assigned (whole-day leave, frozen, terminated in the last 30 days).
 */
export async function assignmentDay(db: Db, date: string): Promise<AssignmentDay> {
  const [teamRows, outages, people, leaves] = await inSequence([
    db
      .select({ id: teams.id, name: teams.name, color: teams.color, textColor: teams.textColor })
      .from(teams)
      .where(and(isNull(teams.deletedAt), eq(teams.active, true)))
      .orderBy(asc(teams.name), asc(teams.id)),
    db
      .select({ teamId: teamOutages.teamId, reason: teamOutages.reason })
      .from(teamOutages)
      .where(and(lte(teamOutages.startDate, date), gte(teamOutages.endDate, date))),
    peopleOn(db, date),
    leavesOn(db, date),
  ]);
  const version = await dayVersion(db, date);
  const { stamp } = await assignmentsStamp(db, date);
  const byDay = await teamMembersOn(db, date, date);
  const members = byDay.get(date) ?? new Map<number, DayMember[]>();
  const standingOf = new Map(people.map((p) => [p.userId, p.standingTeamId]));
  const placed = new Set<number>();

  const teamsOfDay = teamRows.map((team) => ({
    ...team,
    outReason: outages.find((o) => o.teamId === team.id)?.reason ?? null,
    members: (members.get(team.id) ?? []).map((m): AssignedMember => {
      placed.add(m.userId);
      return {
        userId: m.userId,
        name: m.name,
        leader: m.leader,
        standingTeamId: standingOf.get(m.userId) ?? null,
        partLeave: m.partLeave ?? [],
      };
    }),
  }));

  const unassigned: AssignedMember[] = [];
  const unavailable: UnavailableEmployee[] = [];
  for (const person of people) {
    if (placed.has(person.userId)) continue;
    const mine = leaves.filter((l) => l.userId === person.userId);
    const whole = mine.find((l) => leaveOnDay(l, date) === 'all');
    const blocked = blockedStatus(person, date);
    const base = { userId: person.userId, name: person.name, standingTeamId: person.standingTeamId };
    if (blocked === 'terminated') unavailable.push({ ...base, reason: 'terminated', note: person.terminatedOn ?? '' });
    else if (blocked === 'frozen') unavailable.push({ ...base, reason: 'frozen', note: '' });
    else if (whole) unavailable.push({ ...base, reason: 'leave', note: whole.reason });
    else {
      const partLeave = mine.flatMap((l) => {
        const taken = leaveOnDay(l, date);
        return taken && taken !== 'all' ? [taken] : [];
      });
      unassigned.push({ ...base, leader: false, partLeave });
    }
  }
  return {
    serviceDate: date,
    version,
    stored: version > 0,
    previousWorkingDay: previousWorkingDay(date),
    teams: teamsOfDay,
    unassigned,
    unavailable,
    stamp,
  };
}
