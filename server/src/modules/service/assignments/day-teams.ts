import { addDays } from '@tidyhouse/contract';
import { and, asc, eq, gte, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { employeeLeaves } from '../../employees/employee-records.tables';
import { sysUsers, teamMembers, teams } from '../../employees/employees.tables';
import { assignmentDays, dayAssignments } from './assignments.tables';

/** A part-day leave on one day, as local wall-clock times (`HH:MM`; `24:00` is the end of the day). */
export interface PartDayLeave {
  startTime: string;
  endTime: string;
}

/** Someone working in a team on a day. */
export interface DayMember {
  userId: number;
  name: string;
  leader: boolean;
  /** Leave taking part of that day (a member with leave for the whole day is not a member that day). */
  partLeave?: PartDayLeave[];
}

/** date → team id → members of the day (leader first, then by name). */
export type DayTeams = Map<string, Map<number, DayMember[]>>;

interface LeaveRow {
  userId: number;
  startDate: string;
  endDate: string;
  allDay: boolean;
  startTime: string | null;
  endTime: string | null;
}

/**
 * What a leave takes of one day: 'all' (the whole day), a part-day span, or null (nothing).
 * A multi-day timed leave runs from its start time on the first day to its end time on the last.
 */
export function leaveOnDay(leave: LeaveRow, day: string): 'all' | PartDayLeave | null {
  if (day < leave.startDate || day > leave.endDate) return null;
  if (leave.allDay) return 'all';
  const startTime = day === leave.startDate ? (leave.startTime ?? '00:00') : '00:00';
  const endTime = day === leave.endDate ? (leave.endTime ?? '24:00') : '24:00';
  if (startTime === '00:00' && endTime === '24:00') return 'all';
  return { startTime, endTime };
}

/**
 * Runs lazy Drizzle queries (they start when awaited) one after the other; in a transaction they
 * share one connection, which must not be given two queries at once.
 */
export async function inSequence<const T extends readonly PromiseLike<unknown>[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** The days from `fromDate` to `toDate` inclusive (both `YYYY-MM-DD`). */
export function daysBetween(fromDate: string, toDate: string): string[] {
  const days: string[] = [];
  for (let day = fromDate; day <= toDate; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Employees who can work on a day at all: live, not frozen, not terminated by that day. */
export const workingEmployee = (day: SQL | string): SQL =>
  and(
    isNull(sysUsers.deletedAt),
    eq(sysUsers.accountStatus, 'normal'),
    or(ne(sysUsers.status, 'terminated'), sql`${sysUsers.terminatedOn} > ${day}`),
  )!;

/** Employees usable on some day of a range starting `fromDate` (each day is checked again in memory). */
const usableInRange = (fromDate: string): SQL => workingEmployee(fromDate);

const liveTeam = and(isNull(teams.deletedAt), eq(teams.active, true))!;

/**
 * The members of every active team on every day from `fromDate` to `toDate`, in four queries
 * whatever the range: a day with stored assignments (`assignment_days`) has exactly those; any
 * other day has the team builder's standing members. Either way, employees removed, frozen,
 * terminated by that day or on leave for the whole day are left out; a part-day leave is listed
 * on the member (`partLeave`) so callers can refuse work during it.
 */
export async function teamMembersOn(db: Db, fromDate: string, toDate: string): Promise<DayTeams> {
  // One after the other: inside a transaction the queries share one connection.
  const [storedDays, stored, standing, leaves] = await inSequence([
    db
      .select({ serviceDate: assignmentDays.serviceDate })
      .from(assignmentDays)
      .where(and(gte(assignmentDays.serviceDate, fromDate), lte(assignmentDays.serviceDate, toDate))),
    db
      .select({
        serviceDate: dayAssignments.serviceDate,
        teamId: dayAssignments.teamId,
        userId: dayAssignments.userId,
        name: sysUsers.name,
        leader: dayAssignments.isLeader,
        status: sysUsers.status,
        terminatedOn: sysUsers.terminatedOn,
      })
      .from(dayAssignments)
      .innerJoin(teams, eq(teams.id, dayAssignments.teamId))
      .innerJoin(sysUsers, eq(sysUsers.id, dayAssignments.userId))
      .where(
        and(
          gte(dayAssignments.serviceDate, fromDate),
          lte(dayAssignments.serviceDate, toDate),
          liveTeam,
          usableInRange(fromDate),
        ),
      )
      .orderBy(asc(dayAssignments.serviceDate), asc(sysUsers.name), asc(sysUsers.id)),
    db
      .select({
        teamId: teamMembers.teamId,
        userId: teamMembers.userId,
        name: sysUsers.name,
        leader: teamMembers.isLeader,
        status: sysUsers.status,
        terminatedOn: sysUsers.terminatedOn,
      })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(sysUsers, eq(sysUsers.id, teamMembers.userId))
      .where(and(liveTeam, usableInRange(fromDate)))
      .orderBy(asc(sysUsers.name), asc(sysUsers.id)),
    leavesInRange(db, fromDate, toDate),
  ]);

  const leavesByUser = new Map<number, LeaveRow[]>();
  for (const leave of leaves) leavesByUser.set(leave.userId, [...(leavesByUser.get(leave.userId) ?? []), leave]);
  const storedByDay = new Map<string, typeof stored>();
  for (const row of stored) storedByDay.set(row.serviceDate, [...(storedByDay.get(row.serviceDate) ?? []), row]);
  const isStored = new Set(storedDays.map((d) => d.serviceDate));

  const result: DayTeams = new Map();
  for (const day of daysBetween(fromDate, toDate)) {
    const byTeam = new Map<number, DayMember[]>();
    const rows = isStored.has(day) ? (storedByDay.get(day) ?? []) : standing;
    for (const row of rows) {
      if (row.status === 'terminated' && (row.terminatedOn === null || row.terminatedOn <= day)) continue;
      const partLeave: PartDayLeave[] = [];
      let away = false;
      for (const leave of leavesByUser.get(row.userId) ?? []) {
        const taken = leaveOnDay(leave, day);
        if (taken === 'all') away = true;
        else if (taken) partLeave.push(taken);
      }
      if (away) continue;
      const member: DayMember = { userId: row.userId, name: row.name, leader: row.leader };
      if (partLeave.length) member.partLeave = partLeave;
      const members = byTeam.get(row.teamId) ?? [];
      if (member.leader) members.unshift(member);
      else members.push(member);
      byTeam.set(row.teamId, members);
    }
    result.set(day, byTeam);
  }
  return result;
}

/** Leave (whole or part day) of everyone that touches [fromDate, toDate]: one query. */
export const leavesInRange = (db: Db, fromDate: string, toDate: string) =>
  db
    .select({
      userId: employeeLeaves.userId,
      startDate: employeeLeaves.startDate,
      endDate: employeeLeaves.endDate,
      allDay: employeeLeaves.allDay,
      startTime: employeeLeaves.startTime,
      endTime: employeeLeaves.endTime,
      reason: employeeLeaves.reason,
    })
    .from(employeeLeaves)
    .where(and(isNull(employeeLeaves.deletedAt), lte(employeeLeaves.startDate, toDate), gte(employeeLeaves.endDate, fromDate)));
