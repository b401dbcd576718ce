import { addDays } from '@tidyhouse/contract';
import { and, eq, gte, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
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
const usableInRange = (fromDate: SQL | string): SQL => workingEmployee(fromDate);

const liveTeam = and(isNull(teams.deletedAt), eq(teams.active, true))!;

/** What `teamMembersOn` reads: the days with stored assignments, their rows, the standing teams, leave. */
export interface DayTeamsData {
  storedDays: string[] | null;
  stored: MemberRow[] | null;
  standing: MemberRow[] | null;
  leaves: LeaveRow[] | null;
}

interface MemberRow {
  serviceDate?: string;
  teamId: number;
  userId: number;
  name: string;
  leader: boolean;
  status: string;
  terminatedOn: string | null;
}

const memberFields = (teamId: SQL, leader: SQL) => sql`'teamId', ${teamId}, 'userId', ${sysUsers.id}, 'name', ${sysUsers.name},
  'leader', ${leader}, 'status', ${sysUsers.status}, 'terminatedOn', ${sysUsers.terminatedOn}`;

/**
 * The four reads of `teamMembersOn` as the columns of one SELECT (JSON arrays, null when empty), for
 * the days from `from` to `to` (SQL date expressions; `onlyDays`, a subquery of dates, narrows the
 * stored days further). A statement of its own, or columns of a larger one (the Job List's lengths).
 * A null `from` reads nothing.
 */
export function dayTeamsColumns(from: SQL, to: SQL, onlyDays?: SQL): SQL {
  const days = (column: SQL) => and(gte(column, from), lte(column, to), onlyDays ? sql`${column} in (${onlyDays})` : undefined);
  return sql`
    (select json_agg(${assignmentDays.serviceDate} order by ${assignmentDays.serviceDate}) from ${assignmentDays}
      where ${days(sql`${assignmentDays.serviceDate}`)}) as "storedDays",
    (select json_agg(json_build_object('serviceDate', ${dayAssignments.serviceDate},
        ${memberFields(sql`${dayAssignments.teamId}`, sql`${dayAssignments.isLeader}`)})
        order by ${dayAssignments.serviceDate}, ${sysUsers.name}, ${sysUsers.id})
      from ${dayAssignments}
      join ${teams} on ${teams.id} = ${dayAssignments.teamId}
      join ${sysUsers} on ${sysUsers.id} = ${dayAssignments.userId}
      where ${and(days(sql`${dayAssignments.serviceDate}`), liveTeam, usableInRange(from))}) as "stored",
    (select json_agg(json_build_object(${memberFields(sql`${teamMembers.teamId}`, sql`${teamMembers.isLeader}`)})
        order by ${sysUsers.name}, ${sysUsers.id})
      from ${teamMembers}
      join ${teams} on ${teams.id} = ${teamMembers.teamId}
      join ${sysUsers} on ${sysUsers.id} = ${teamMembers.userId}
      where ${from} is not null and ${and(liveTeam, usableInRange(from))}) as "standing",
    (select json_agg(json_build_object('userId', ${employeeLeaves.userId}, 'startDate', ${employeeLeaves.startDate},
        'endDate', ${employeeLeaves.endDate}, 'allDay', ${employeeLeaves.allDay},
        'startTime', ${employeeLeaves.startTime}, 'endTime', ${employeeLeaves.endTime}))
      from ${employeeLeaves}
      where ${and(isNull(employeeLeaves.deletedAt), lte(employeeLeaves.startDate, to), gte(employeeLeaves.endDate, from))}) as "leaves"`;
}

/**
 * The members of every active team on every day from `fromDate` to `toDate`, in one statement
 * whatever the range: a day with stored assignments (`assignment_days`) has exactly those; any
 * other day has the team builder's standing members. Either way, employees removed, frozen,
 * terminated by that day or on leave for the whole day are left out; a part-day leave is listed
 * on the member (`partLeave`) so callers can refuse work during it.
 */
export async function teamMembersOn(db: Db, fromDate: string, toDate: string): Promise<DayTeams> {
  const [data] = await queryRows<DayTeamsData>(db, sql`select ${dayTeamsColumns(sql`${fromDate}::date`, sql`${toDate}::date`)}`);
  return assembleDayTeams(daysBetween(fromDate, toDate), data!);
}

/** The members of each team on each of `days`, from what `dayTeamsColumns` read. */
export function assembleDayTeams(days: readonly string[], data: DayTeamsData): DayTeams {
  const leavesByUser = new Map<number, LeaveRow[]>();
  for (const leave of data.leaves ?? []) leavesByUser.set(leave.userId, [...(leavesByUser.get(leave.userId) ?? []), leave]);
  const storedByDay = new Map<string, MemberRow[]>();
  for (const row of data.stored ?? []) storedByDay.set(row.serviceDate!, [...(storedByDay.get(row.serviceDate!) ?? []), row]);
  const isStored = new Set(data.storedDays ?? []);
  const standing = data.standing ?? [];

  const result: DayTeams = new Map();
  for (const day of days) {
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
