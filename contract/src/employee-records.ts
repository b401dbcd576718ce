import { z } from 'zod';
import { requiredCalendarDate, ZCalendarDate, ZTimeOfDay } from './calendar';
import { whenMissing } from './fields';
import { ZRecordId, ZVersion } from './ids';
import { ZListRequest } from './list';

const id = ZRecordId;
const version = ZVersion;

// ── Pay rates (spec §3 Employee "Pay rate") ──────────────────────────────────────────────────

export const PAY_TYPES = ['hourly', 'salary', 'percentage'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/**
 * What `rateCents` means: hourly → cents per hour worked; salary → cents per pay period, the pay
 * period being semi-monthly (1st–15th and 16th–end of month, California's twice-a-month schedule);
 * percentage → basis points of each job's price (a piece rate, issue 11: 4000 = 40 %), shared among
 * the team by in-home minutes or given in full to each (payroll settings).
 */
export const SALARY_PAY_PERIOD = 'semimonthly' as const;
/** A guard against typing a salary into an hourly rate: $500.00 an hour at most. */
export const HOURLY_RATE_MAX_CENTS = 50_000;
export const RATE_MAX_CENTS = 10_000_000;
/** A percentage of the job price is at most 100 % (basis points). */
export const PERCENTAGE_RATE_MAX_BPS = 10_000;

/** Where a rate stands today: in force, starting later, or replaced by a later one. */
export const PAY_RATE_STATES = ['current', 'scheduled', 'past'] as const;

export const ZPayRate = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  payType: z.enum(PAY_TYPES),
  /** Hourly: cents per hour. Salary: cents per semi-monthly pay period. Percentage: basis points. */
  rateCents: z.number().int(),
  laborTypeId: z.number().int().nullable(),
  /** In the caller's language. */
  laborTypeName: z.string().nullable(),
  isPaid: z.boolean(),
  effectiveFrom: z.string(),
  note: z.string(),
  state: z.enum(PAY_RATE_STATES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** For a correction (10009 when someone changed the rate meanwhile). */
  version: z.number().int(),
});
export type PayRate = z.infer<typeof ZPayRate>;

/** An employee's rate history, newest effective date first. */
export const ZPayRateListRequest = ZListRequest.extend({ userId: id });

/** A rate for one or many employees from a date; each gets a record of their own. */
const payRateFields = {
  payType: z.enum(PAY_TYPES, { error: 'validation.payTypeRequired' }),
  rateCents: z
    .number({ error: 'validation.rateRequired' })
    .int()
    .min(1, { error: 'validation.rateRequired' })
    .max(RATE_MAX_CENTS),
  laborTypeId: id.nullish(),
  isPaid: z.boolean().default(true),
  effectiveFrom: requiredCalendarDate('validation.effectiveDateRequired'),
  note: z.string().trim().max(500).default(''),
};
const withinHourlyCap = (v: { payType: PayType; rateCents: number }) =>
  v.payType !== 'hourly' || v.rateCents <= HOURLY_RATE_MAX_CENTS;
const hourlyCapIssue = { error: 'validation.hourlyRateTooHigh', path: ['rateCents'] };
const withinPercentageCap = (v: { payType: PayType; rateCents: number }) =>
  v.payType !== 'percentage' || v.rateCents <= PERCENTAGE_RATE_MAX_BPS;
const percentageCapIssue = { error: 'validation.percentageTooHigh', path: ['rateCents'] };
/** Why a rate is corrected or removed: kept in the operation log. */
const changeReason = z
  .string({ error: whenMissing('validation.reasonRequired') })
  .trim()
  .min(1, { error: 'validation.reasonRequired' })
  .max(500);

/**
 * A rate for one or many employees from a date. An employee whose latest rate starts on that very
 * date gets it corrected (a new rate of the same day replaces the one entered earlier).
 */
export const ZPayRateAddBatchRequest = z
  .object({
    userIds: z.array(id, { error: 'validation.employeeRequired' }).min(1, { error: 'validation.employeeRequired' }).max(200),
    ...payRateFields,
  })
  .refine(withinHourlyCap, hourlyCapIssue)
  .refine(withinPercentageCap, percentageCapIssue);
export type PayRateAddBatchRequest = z.infer<typeof ZPayRateAddBatchRequest>;
/** `count` = `added` (new rates) + `corrected` (same-day rates replaced), so the screen can say which. */
export const ZPayRateAddBatchResponse = z.object({
  ids: z.array(z.number().int()),
  count: z.number().int(),
  added: z.number().int(),
  corrected: z.number().int(),
});
export type PayRateAddBatchResponse = z.infer<typeof ZPayRateAddBatchResponse>;

/** The rate in force on a day (default: today in the business time zone), or null when none. */
export const ZPayRateCurrentRequest = z.object({ userId: id, date: ZCalendarDate.optional() });

/**
 * A correction of a rate (amount, type, labor type, effective date, …) with its reason, possible
 * until wages for its dates are approved; the date keeps the rate between its neighbours.
 */
export const ZPayRateCorrectRequest = z
  .object({ id, version, ...payRateFields, reason: changeReason })
  .refine(withinHourlyCap, hourlyCapIssue)
  .refine(withinPercentageCap, percentageCapIssue);
export type PayRateCorrectRequest = z.infer<typeof ZPayRateCorrectRequest>;

/** Removes a scheduled rate or the rate in force (a mistake), with the reason; a replaced rate is corrected instead. */
export const ZPayRateRemoveRequest = z.object({ id, reason: changeReason });

// ── Remarks: dated notes about an employee, with their author ────────────────────────────────

const remarkContent = z
  .string({ error: whenMissing('validation.remarkRequired') })
  .trim()
  .min(1, { error: 'validation.remarkRequired' })
  .max(4000);

export const ZRemark = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  remarkDate: z.string(),
  content: z.string(),
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  /** Whether the caller may modify or remove it (the author, or a holder of employee:remark:manage). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Remark = z.infer<typeof ZRemark>;

export const ZRemarkListRequest = ZListRequest.extend({ userId: id });
export const ZRemarkAddRequest = z.object({
  userId: id,
  /** Defaults to today in the business time zone. */
  remarkDate: ZCalendarDate.optional(),
  content: remarkContent,
});
export type RemarkAddRequest = z.infer<typeof ZRemarkAddRequest>;
export const ZRemarkModifyRequest = z.object({
  id,
  version,
  remarkDate: ZCalendarDate.optional(),
  content: remarkContent.optional(),
});
export type RemarkModifyRequest = z.infer<typeof ZRemarkModifyRequest>;
export const ZRemarkRemoveRequest = z.object({ id, version });

// ── Leave (spec §3 "Leave logs", §5) ─────────────────────────────────────────────────────────

/** Personal leave (unpaid, the leave of spec §3) or paid sick leave (issue 24: paid in wages from the balance). */
export const LEAVE_KINDS = ['personal', 'sick'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];

const leaveFields = {
  startDate: requiredCalendarDate('validation.leaveRequired'),
  endDate: requiredCalendarDate('validation.leaveRequired'),
  kind: z.enum(LEAVE_KINDS, { error: 'validation.leaveKindRequired' }).default('personal'),
  allDay: z.boolean().default(true),
  /** Only when not all day: the leave starts at startTime on startDate and ends at endTime on endDate. */
  startTime: ZTimeOfDay.nullish(),
  endTime: ZTimeOfDay.nullish(),
  reason: z
    .string({ error: whenMissing('validation.leaveRequired') })
    .trim()
    .min(1, { error: 'validation.leaveRequired' })
    .max(500),
};

type LeaveShape = { startDate: string; endDate: string; allDay: boolean; startTime?: string | null; endTime?: string | null };
const leaveRules = (v: LeaveShape, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: 'validation.endBeforeStart', path: ['endDate'] });
  if (v.allDay) return;
  if (!v.startTime) ctx.addIssue({ code: 'custom', message: 'validation.leaveTimesRequired', path: ['startTime'] });
  if (!v.endTime) ctx.addIssue({ code: 'custom', message: 'validation.leaveTimesRequired', path: ['endTime'] });
  if (v.startTime && v.endTime && v.startDate === v.endDate && v.endTime <= v.startTime) {
    ctx.addIssue({ code: 'custom', message: 'validation.endTimeNotAfterStart', path: ['endTime'] });
  }
};

export const ZLeave = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  kind: z.enum(LEAVE_KINDS),
  allDay: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  reason: z.string(),
  /** Calendar days the leave touches (a part-day leave counts its days too). */
  days: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
});
export type Leave = z.infer<typeof ZLeave>;

/** Leaves touching the date range (either end optional); without userId, every employee's. */
export const ZLeaveListRequest = ZListRequest.extend({
  userId: id.optional(),
  dateFrom: ZCalendarDate.optional(),
  dateTo: ZCalendarDate.optional(),
});
export const ZLeaveAddRequest = z.object({ userId: id, ...leaveFields }).superRefine(leaveRules);
export type LeaveAddRequest = z.infer<typeof ZLeaveAddRequest>;
/** Modify sends the whole entry again (the rules span several fields). */
export const ZLeaveModifyRequest = z.object({ id, version, ...leaveFields }).superRefine(leaveRules);
export type LeaveModifyRequest = z.infer<typeof ZLeaveModifyRequest>;
export const ZLeaveRemoveRequest = z.object({ id, version });

/** Answer of add / modify for remarks and leave. */
export const ZRecordSaved = z.object({ id: z.number().int(), version: z.number().int() });
