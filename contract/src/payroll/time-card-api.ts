import { z } from 'zod';
import { ZCalendarDate, ZTimeOfDay } from '../calendar';
import { ZFieldLocation } from '../field/actions';
import { whenMissing } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';
import { TIME_CARD_FLAG_CODES } from './time-card-flags';
import { PAY_PERIOD_APPROVAL_STATUSES, TIME_PUNCH_KINDS, TIME_PUNCH_SOURCES } from './time-cards';

/** Time-card endpoints (issue 11): /jhSchedule/queryAttendance and /timeCard/*. */

/** Action keys of the time-card screen (contract ACTION_KEYS). */
export const TIME_CARD_APPROVE_KEY = 'employee:timecard:approve';
export const TIME_CARD_REOPEN_KEY = 'employee:timecard:reopen';

/** The longest range of the flags list, in days (a quarter). */
export const TIME_CARD_FLAG_RANGE_DAYS = 93;

/** Why a punch is corrected or removed, or a period reopened: kept in the operation log. */
const reason = z
  .string({ error: whenMissing('validation.reasonRequired') })
  .trim()
  .min(1, { error: 'validation.reasonRequired' })
  .max(500);

/** Day view: every employee of `date`. Week view: one employee, the 7 days of the workweek holding `date`. */
export const ZAttendanceQuery = z.discriminatedUnion('view', [
  z.object({ view: z.literal('day'), date: ZCalendarDate }),
  z.object({ view: z.literal('week'), date: ZCalendarDate, userId: ZRecordId }),
]);
export type AttendanceQuery = z.infer<typeof ZAttendanceQuery>;

/** A punch as typed: wall-clock times of the work date; an end at or before the start is the next morning. */
const punchFields = {
  kind: z.enum(TIME_PUNCH_KINDS),
  startTime: ZTimeOfDay,
  /** null or absent: still open (clocked in, not out yet). */
  endTime: ZTimeOfDay.nullish(),
  jobId: ZRecordId.nullish(),
  laborTypeId: ZRecordId.nullish(),
  note: z.string().trim().max(500).default(''),
};
type PunchShape = { kind: string; jobId?: number | null; laborTypeId?: number | null };
const linkedRecords = (value: PunchShape, ctx: z.RefinementCtx) => {
  if (value.kind === 'job' && !value.jobId) ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['jobId'] });
  if (value.kind === 'labor' && !value.laborTypeId) {
    ctx.addIssue({ code: 'custom', message: 'rule.required', path: ['laborTypeId'] });
  }
};

export const ZPunchAddRequest = z
  .object({ userId: ZRecordId, workDate: ZCalendarDate, ...punchFields, reason: z.string().trim().max(500).default('') })
  .superRefine(linkedRecords);
export type PunchAddRequest = z.infer<typeof ZPunchAddRequest>;

export const ZPunchUpdateRequest = z
  .object({ id: ZRecordId, version: ZVersion, ...punchFields, reason })
  .superRefine(linkedRecords);
export type PunchUpdateRequest = z.infer<typeof ZPunchUpdateRequest>;

export const ZPunchRemoveRequest = z.object({ id: ZRecordId, version: ZVersion, reason });

export const ZTimeCardDayUpdateRequest = z.object({
  userId: ZRecordId,
  workDate: ZCalendarDate,
  missedRestBreaks: rangedInt(NUMBER_RANGES.missedRestBreaks),
  note: z.string().trim().max(500).default(''),
});
export type TimeCardDayUpdateRequest = z.infer<typeof ZTimeCardDayUpdateRequest>;

const range = { from: ZCalendarDate, to: ZCalendarDate };
const rangeRules = (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (value.to < value.from) ctx.addIssue({ code: 'custom', message: 'rule.dateRange', path: ['to'] });
  const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
  if (days > TIME_CARD_FLAG_RANGE_DAYS) ctx.addIssue({ code: 'custom', message: 'rule.rangeTooLong', path: ['to'] });
};
export const ZTimeCardFlagsRequest = ZListRequest.extend({ ...range, userId: ZRecordId.optional() }).superRefine(rangeRules);
export type TimeCardFlagsRequest = z.infer<typeof ZTimeCardFlagsRequest>;

/** Approve the pay period holding `date` for the employees named (default: everyone with a card in it). */
export const ZPeriodApproveRequest = z.object({ date: ZCalendarDate, userIds: z.array(ZRecordId).max(1000).optional() });
export type PeriodApproveRequest = z.infer<typeof ZPeriodApproveRequest>;
export const ZPeriodReopenRequest = z.object({ date: ZCalendarDate, userIds: z.array(ZRecordId).max(1000).optional(), reason });
export type PeriodReopenRequest = z.infer<typeof ZPeriodReopenRequest>;

export const ZTimeCardFlag = z.object({
  code: z.enum(TIME_CARD_FLAG_CODES),
  params: z.object({
    punchIds: z.array(z.number().int()).optional(),
    jobId: z.number().int().optional(),
    jobReference: z.string().optional(),
    meal: z.union([z.literal(1), z.literal(2)]).optional(),
    minutes: z.number().int().optional(),
    kind: z.enum(TIME_PUNCH_KINDS).optional(),
  }),
});

export const ZPunchView = z.object({
  id: z.number().int(),
  version: z.number().int(),
  kind: z.enum(TIME_PUNCH_KINDS),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** The end is on the next calendar day (a shift past midnight). */
  endsNextDay: z.boolean(),
  /** Minutes since the work date's local midnight (see contract clock.ts). */
  start: z.number().int(),
  end: z.number().int().nullable(),
  jobId: z.number().int().nullable(),
  jobReference: z.string().nullable(),
  laborTypeId: z.number().int().nullable(),
  source: z.enum(TIME_PUNCH_SOURCES),
  note: z.string(),
  /** Where the phone was at the start and at the end (field punches, when the cleaner allowed it). */
  location: ZFieldLocation.nullable(),
  endLocation: ZFieldLocation.nullable(),
});
export type PunchView = z.infer<typeof ZPunchView>;

/** Minutes of a day or a week (docs/business-rules.md "Time cards"). */
export const ZTimeCardTotals = z.object({
  worked: z.number().int(),
  job: z.number().int(),
  drive: z.number().int(),
  /** Of `drive`, the board's estimates. */
  driveEstimated: z.number().int(),
  meal: z.number().int(),
  labor: z.array(z.object({ laborTypeId: z.number().int(), minutes: z.number().int() })),
});
export type TimeCardTotals = z.infer<typeof ZTimeCardTotals>;

export const ZAttendanceDay = z.object({
  userId: z.number().int(),
  workDate: z.string(),
  punches: z.array(ZPunchView),
  estimatedDrives: z.array(
    z.object({ start: z.number().int(), end: z.number().int(), startTime: z.string(), endTime: z.string() }),
  ),
  missedRestBreaks: z.number().int(),
  note: z.string(),
  flags: z.array(ZTimeCardFlag),
  /** Field app actions of the day not applied because the office had changed the punch or job meanwhile. */
  fieldConflicts: z.array(
    z.object({ kind: z.string(), at: z.string(), jobReference: z.string().nullable(), message: z.string() }),
  ),
  totals: ZTimeCardTotals,
  /** The team's jobs that day, for the job picker. */
  teamJobs: z.array(
    z.object({ id: z.number().int(), reference: z.string(), status: z.string(), startTime: z.string().nullable() }),
  ),
  /** Edits refused: the employee's pay period is approved, or the office day is closed. */
  periodApproved: z.boolean(),
  dayClosed: z.boolean(),
});
export type AttendanceDay = z.infer<typeof ZAttendanceDay>;

export const ZAttendanceEmployee = z.object({
  userId: z.number().int(),
  name: z.string(),
  employeeNo: z.string(),
  totals: ZTimeCardTotals,
  flagCount: z.number().int(),
});

export const ZAttendanceResponse = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  /** The pay period holding the date (approve / reopen act on it). */
  period: z.object({ start: z.string(), end: z.string() }),
  employees: z.array(ZAttendanceEmployee),
  /** Day view: one per employee; week view: one per day of the week (days without punches too). */
  days: z.array(ZAttendanceDay),
  laborTypes: z.array(z.object({ id: z.number().int(), nameEn: z.string(), nameZh: z.string() })),
  approvals: z.array(
    z.object({
      userId: z.number().int(),
      status: z.enum(PAY_PERIOD_APPROVAL_STATUSES),
      periodStart: z.string(),
      periodEnd: z.string(),
      /** The last approval (kept after a reopening): when and by whom, shown on the locked cards. */
      approvedAt: z.string().nullable(),
      approvedByName: z.string().nullable(),
    }),
  ),
});
export type AttendanceResponse = z.infer<typeof ZAttendanceResponse>;

export const ZTimeCardFlagRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  workDate: z.string(),
  flag: ZTimeCardFlag,
});
export type TimeCardFlagRow = z.infer<typeof ZTimeCardFlagRow>;

export const ZPunchSaved = z.object({ id: z.number().int(), version: z.number().int() });
export const ZPeriodResult = z.object({ start: z.string(), end: z.string(), userIds: z.array(z.number().int()) });
