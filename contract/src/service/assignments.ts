import { z } from 'zod';
import { requiredCalendarDate } from '../calendar';
import { addDays } from '../dates';
import { INT4_MAX, int4, ZRecordId } from '../ids';

/**
 * Employee daily assignments (issue 10; `/jhSchedule/queryAssignments`, `/jhSchedule/updateBoard`,
 * `/jhSchedule/copyAssignments`): who works in which team on one service date. A day starts from
 * the team builder's standing members; a change stores that day only, never the standing teams.
 */

/** Why an employee cannot be assigned on a day. */
export const UNAVAILABLE_REASONS = ['leave', 'frozen', 'terminated'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** Most changes one updateBoard call carries (a form or a few drags). */
export const MAX_ASSIGNMENT_CHANGES = 100;

/** Terminated employees stay listed apart for this many days after their last day. */
export const RECENTLY_TERMINATED_DAYS = 30;

/**
 * The working day before `date`: teams work Monday to Saturday, so Monday's previous working day
 * is Saturday (docs/business-rules.md "Daily assignments").
 */
export function previousWorkingDay(date: string): string {
  let day = addDays(date, -1);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) day = addDays(day, -1);
  return day;
}

const serviceDate = requiredCalendarDate('validation.serviceDateRequired');
/** The day's version as read: 0 while the day has no stored assignments (it follows the standing teams). */
const dayVersion = int4(0);

export const ZAssignmentDayRequest = z.object({ serviceDate });
export type AssignmentDayRequest = z.infer<typeof ZAssignmentDayRequest>;

export const ZAssignmentMove = z.object({
  userId: z.number({ error: 'validation.employeeRequired' }).int().min(1).max(INT4_MAX),
  /** The team for the day, or null for the unassigned pool. */
  teamId: ZRecordId.nullable(),
});
export const ZAssignmentLeader = z.object({
  teamId: z.number({ error: 'validation.teamRequired' }).int().min(1).max(INT4_MAX),
  /** The leader of the day (one of the team's members that day), or null for none. */
  userId: ZRecordId.nullable(),
});

export const ZAssignmentUpdateRequest = z
  .object({
    serviceDate,
    version: dayVersion,
    moves: z
      .array(ZAssignmentMove)
      .max(MAX_ASSIGNMENT_CHANGES)
      .refine((moves) => new Set(moves.map((m) => m.userId)).size === moves.length, { error: 'rule.duplicateEmployees' })
      .default([]),
    leaders: z
      .array(ZAssignmentLeader)
      .max(MAX_ASSIGNMENT_CHANGES)
      .refine((leaders) => new Set(leaders.map((l) => l.teamId)).size === leaders.length, { error: 'rule.duplicateTeams' })
      .default([]),
  })
  .refine((input) => input.moves.length + input.leaders.length > 0, { error: 'rule.nothingToChange', path: ['moves'] });
export type AssignmentUpdateRequest = z.input<typeof ZAssignmentUpdateRequest>;

export const ZAssignmentCopyRequest = z.object({ serviceDate, version: dayVersion });
export type AssignmentCopyRequest = z.infer<typeof ZAssignmentCopyRequest>;

const ZPartLeave = z.object({ startTime: z.string(), endTime: z.string() });

export const ZAssignedMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  leader: z.boolean(),
  /** The team the employee stands in on the team builder (null: none); differs for a cover. */
  standingTeamId: z.number().int().nullable(),
  /** Leave taking part of the day (local wall clock). */
  partLeave: z.array(ZPartLeave),
});
export type AssignedMember = z.infer<typeof ZAssignedMember>;

export const ZAssignmentTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  textColor: z.string(),
  /** The team is out of service that day (outage reason), or null. */
  outReason: z.string().nullable(),
  members: z.array(ZAssignedMember),
});
export type AssignmentTeam = z.infer<typeof ZAssignmentTeam>;

export const ZUnavailableEmployee = z.object({
  userId: z.number().int(),
  name: z.string(),
  reason: z.enum(UNAVAILABLE_REASONS),
  /** For leave: its reason; for a termination: the last day. */
  note: z.string(),
  standingTeamId: z.number().int().nullable(),
});
export type UnavailableEmployee = z.infer<typeof ZUnavailableEmployee>;

export const ZAssignmentDay = z.object({
  serviceDate: z.string(),
  /** 0: the day follows the standing teams (nothing stored yet). Send it back with a change. */
  version: z.number().int(),
  stored: z.boolean(),
  previousWorkingDay: z.string(),
  teams: z.array(ZAssignmentTeam),
  /** Active employees in no team that day. */
  unassigned: z.array(ZAssignedMember),
  /** On leave for the whole day, frozen, or recently terminated: cannot be assigned. */
  unavailable: z.array(ZUnavailableEmployee),
  /** Compare with `/jhSchedule/assignmentsStamp` to learn whether the day changed. */
  stamp: z.string(),
});
export type AssignmentDay = z.infer<typeof ZAssignmentDay>;

/** The change stamp of a day's assignments, leave and outages (polled by the screen). */
export const ZAssignmentStamp = z.object({ serviceDate: z.string(), stamp: z.string() });
export type AssignmentStamp = z.infer<typeof ZAssignmentStamp>;
