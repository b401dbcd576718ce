import { z } from 'zod';
import { ZTimeOfDay } from '../calendar';
import { FIELD_STATES } from '../field/actions';
import { ZIsoDate } from '../fields';
import { int4, ZRecordId, ZVersion } from '../ids';
import { ZScheduleConflictNotice } from './conflicts';
import { jobLengthOf, ZJobLength } from './job-length';
import { JOB_STATUSES } from './jobs';

/**
 * Schedule board (issue 10; `/jhSchedule/*`). Times in answers are local wall-clock minutes from
 * midnight in the business time zone (the board lays them out); requests take 'HH:mm' like the job calls.
 */

/** The board's grid step. */
export const BOARD_SLOT_MINUTES = 15;
/** Business hours of the board (docs/business-rules.md "Schedule board"): 07:00 to 19:00. */
export const BOARD_OPENING_MINUTES = 7 * 60;
export const BOARD_CLOSING_MINUTES = 19 * 60;
/** Straight-line distance between ZIP centroids × this factor ≈ road distance. */
export const DRIVE_ROAD_FACTOR = 1.3;
/** Average driving speed between homes, miles per hour (suburban streets with some freeway). */
export const DRIVE_AVERAGE_MPH = 25;

const EARTH_RADIUS_MILES = 3958.8;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles between two points. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated drive: road miles in tenths and whole minutes (rounded up), from two ZIP centroids. */
export function driveEstimate(from: LatLng, to: LatLng): { tenthMiles: number; minutes: number } {
  const miles = haversineMiles(from, to) * DRIVE_ROAD_FACTOR;
  return { tenthMiles: Math.round(miles * 10), minutes: Math.ceil((miles / DRIVE_AVERAGE_MPH) * 60) };
}

/**
 * A job's length on the board: its planned in-home person-minutes divided by the members of the
 * team that day, rounded up; without planned minutes, its stored duration (contract `jobLengthOf`,
 * the one length of every screen).
 */
export function boardDuration(plannedMinutes: number | null, members: number, storedDuration: number): number {
  return jobLengthOf({ plannedMinutes, quotedMinutes: 0, durationMinutes: storedDuration }, members).wallMinutes;
}

/** Monday of the week holding `date` (weeks on the board run Monday to Sunday). */
export function weekStartOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

export const ZBoardDayRequest = z.object({ date: ZIsoDate });
export type BoardDayRequest = z.infer<typeof ZBoardDayRequest>;

const ZMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  leader: z.boolean(),
  /** Clocked in from the field app (an open shift), on today's board only. */
  clockedIn: z.boolean(),
});
const ZLeaveOfDay = z.object({
  userId: z.number().int(),
  name: z.string(),
  allDay: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const ZBoardTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  textColor: z.string(),
  defaultZoneId: z.number().int().nullable(),
  members: z.array(ZMember),
  /** Members of the day (stored daily assignment or standing team) on leave that day. */
  onLeave: z.array(ZLeaveOfDay),
  /** The team's outage reason when it is out that day. */
  outage: z.string().nullable(),
  cleanMinutes: z.number().int(),
  revenueCents: z.number().int(),
});
export type BoardTeam = z.infer<typeof ZBoardTeam>;

export const ZBoardJob = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  status: z.enum(JOB_STATUSES),
  teamId: z.number().int().nullable(),
  serviceDate: z.string().nullable(),
  startMinutes: z.number().int().nullable(),
  /** Time on site that day (`length.wallMinutes`). */
  durationMinutes: z.number().int(),
  /** The one length (contract jobLength): person-minutes shared by the members of the day. */
  length: ZJobLength,
  customerId: z.number().int(),
  customerName: z.string(),
  city: z.string(),
  zip: z.string(),
  zone: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  customerAtHome: z.boolean(),
  keyNeeded: z.boolean(),
  reclean: z.boolean(),
  windowStartMinutes: z.number().int().nullable(),
  windowEndMinutes: z.number().int().nullable(),
  preferredTeamId: z.number().int().nullable(),
  revenueCents: z.number().int(),
  /** Drive from the previous stop (the office for the first job): tenths of a mile and minutes. */
  driveTenthMiles: z.number().int().nullable(),
  driveMinutes: z.number().int().nullable(),
  /** The gap after the previous job is shorter than the drive. */
  driveShort: z.boolean(),
  /** The crew's state from the field app (contract FIELD_STATES; en route: the crew's next job). */
  fieldState: z.enum(FIELD_STATES),
  /** Today, the arrival window (else the start) has begun and nobody checked in. */
  lateToArrive: z.boolean(),
  /** A field action on this job met an office change (field_actions): the office looks at it. */
  fieldConflict: z.boolean(),
});
export type BoardJob = z.infer<typeof ZBoardJob>;

export const ZBoardTask = z.object({
  taskId: z.number().int(),
  reference: z.string(),
  name: z.string(),
  teamIds: z.array(z.number().int()),
  startMinutes: z.number().int().nullable(),
  durationMinutes: z.number().int(),
});
export type BoardTask = z.infer<typeof ZBoardTask>;

export const ZBoardDay = z.object({
  date: z.string(),
  today: z.string(),
  timeZone: z.string(),
  openingMinutes: z.number().int(),
  closingMinutes: z.number().int(),
  slotMinutes: z.number().int(),
  goals: z.object({ dailyCleanMinutesGoal: z.number().int(), dailyRevenueGoalCents: z.number().int() }),
  /** Compare with `/jhSchedule/boardStamp` to learn whether the board changed. */
  stamp: z.string(),
  teams: z.array(ZBoardTeam),
  jobs: z.array(ZBoardJob),
  tasks: z.array(ZBoardTask),
  /** The day's unscheduled jobs, then unscheduled jobs without a date (at most TRAY_UNDATED_MAX). */
  unassigned: z.array(ZBoardJob),
  /** The day's schedule conflicts (contract findConflicts), each with its sentence. */
  conflicts: z.array(ZScheduleConflictNotice),
});
export type BoardDay = z.infer<typeof ZBoardDay>;
export const TRAY_UNDATED_MAX = 50;

export const ZBoardStamp = z.object({ date: z.string(), stamp: z.string() });
export type BoardStamp = z.infer<typeof ZBoardStamp>;

/** A job of a team's day in the week calendar: its time and customer. */
export const ZBoardWeekBlock = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(JOB_STATUSES),
  startMinutes: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  customerName: z.string(),
  /** The job is in one of the day's schedule conflicts (contract findConflicts). */
  conflict: z.boolean(),
});
export type BoardWeekBlock = z.infer<typeof ZBoardWeekBlock>;
/** A team's day in the week calendar lists its jobs up to this many; a fuller day shows a count and a load bar. */
export const WEEK_CELL_BLOCKS_MAX = 4;

export const ZBoardWeekCell = z.object({
  date: z.string(),
  jobs: z.number().int(),
  cleanMinutes: z.number().int(),
  revenueCents: z.number().int(),
  /** The team-day's schedule conflicts (contract findConflicts); the totals add them up. */
  conflicts: z.number().int(),
  /** The day's jobs in start order when there are at most WEEK_CELL_BLOCKS_MAX (a team's cell); else empty. */
  blocks: z.array(ZBoardWeekBlock),
});
export type BoardWeekCell = z.infer<typeof ZBoardWeekCell>;

export const ZBoardWeek = z.object({
  weekStart: z.string(),
  dates: z.array(z.string()),
  today: z.string(),
  /** Business hours: a team's day is full when its jobs take them all (the load bar). */
  openingMinutes: z.number().int(),
  closingMinutes: z.number().int(),
  goals: z.object({ dailyCleanMinutesGoal: z.number().int(), dailyRevenueGoalCents: z.number().int() }),
  teams: z.array(
    z.object({ id: z.number().int(), name: z.string(), color: z.string(), textColor: z.string(), days: z.array(ZBoardWeekCell) }),
  ),
  totals: z.array(ZBoardWeekCell),
});
export type BoardWeek = z.infer<typeof ZBoardWeek>;

export const ZMoveJobRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  teamId: ZRecordId,
  date: ZIsoDate,
  startTime: ZTimeOfDay,
});
export type MoveJobRequest = z.infer<typeof ZMoveJobRequest>;

export const ZUnassignJobRequest = z.object({ id: ZRecordId, version: ZVersion });
export type UnassignJobRequest = z.infer<typeof ZUnassignJobRequest>;

export const ZResizeJobRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  /** Minutes on site for the team of the day, in 15-minute steps. */
  durationMinutes: int4(BOARD_SLOT_MINUTES, 24 * 60).refine((v) => v % BOARD_SLOT_MINUTES === 0, {
    error: 'rule.quarterHour',
  }),
});
export type ResizeJobRequest = z.infer<typeof ZResizeJobRequest>;

export const BOARD_WARNINGS = ['window', 'zone', 'drive', 'noMembers'] as const;
export type BoardWarningKind = (typeof BOARD_WARNINGS)[number];

export const ZBoardMoveResult = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(JOB_STATUSES),
  teamId: z.number().int().nullable(),
  serviceDate: z.string().nullable(),
  startMinutes: z.number().int().nullable(),
  durationMinutes: z.number().int(),
  /** Allowed, but worth a look: outside the preferred window or zone, a gap shorter than the drive. */
  warnings: z.array(z.object({ kind: z.enum(BOARD_WARNINGS), message: z.string() })),
  /** The schedule conflicts the change caused (contract findConflicts). */
  conflicts: z.array(ZScheduleConflictNotice),
});
export type BoardMoveResult = z.infer<typeof ZBoardMoveResult>;
