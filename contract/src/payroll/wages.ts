import { z } from 'zod';
import { requiredCalendarDate, ZCalendarDate } from '../calendar';
import { LOCALES } from '../constants';
import { PAY_TYPES } from '../employee-records';
import { ZRecordId, ZVersion } from '../ids';
import { EMPLOYEE_COUNT_RANGE } from './minimum-wages';
import { PAY_PERIOD_KINDS } from './pay-periods';

/**
 * Wages (issue 11, `/employee/wages`): the California pay of each employee for a pay period, line by
 * line, with the days and jobs behind every figure (docs/business-rules.md "Wages").
 */

/** The lines of pay, in the order a statement lists them. */
export const PAY_LINE_KINDS = [
  'salary',
  'regular',
  'piece',
  'drive',
  'nonProductive',
  'labor',
  'rest',
  'sickPay',
  'overtime',
  'doubleTime',
  'mealPremium',
  'restPremium',
  'splitShift',
  'minimumWageTopUp',
  'tips',
  'adjustment',
] as const;
export type PayLineKind = (typeof PAY_LINE_KINDS)[number];

/**
 * What forced a change of an approved period's pay (docs/business-rules.md "Approval freezes pay"):
 * a job's price corrected, a tip voided, a job's team hours changed (the piece and tip split).
 */
export const PAY_ADJUSTMENT_KINDS = ['jobPrice', 'tipVoided', 'teamHours'] as const;
export type PayAdjustmentKind = (typeof PAY_ADJUSTMENT_KINDS)[number];

/** How team pay of a percentage-paid job is shared: by in-home minutes, or the full share to each member. */
export const PERCENT_SPLITS = ['by_minutes', 'full_each'] as const;
export type PercentSplit = (typeof PERCENT_SPLITS)[number];

/** Pay periods a year of each kind: a salary is set per semi-monthly period (24 a year). */
export const PERIODS_PER_YEAR = { weekly: 52, biweekly: 26, semi_monthly: 24 } as const;

// ── Settings ────────────────────────────────────────────────────────────────────────────────

export const ZPayrollSettings = z.object({
  periodKind: z.enum(PAY_PERIOD_KINDS),
  anchorDate: z.string(),
  percentSplit: z.enum(PERCENT_SPLITS),
  /** The business's employee count: which tier of a minimum wage tiered by employer size applies. */
  employeeCount: z.number().int(),
  version: z.number().int(),
});
export type PayrollSettings = z.infer<typeof ZPayrollSettings>;

export const ZPayrollSettingsUpdateRequest = z.object({
  periodKind: z.enum(PAY_PERIOD_KINDS, { error: 'validation.periodKindRequired' }),
  anchorDate: requiredCalendarDate('validation.anchorDateRequired'),
  percentSplit: z.enum(PERCENT_SPLITS, { error: 'validation.percentSplitRequired' }),
  /** Unchanged when left out. */
  employeeCount: z
    .number({ error: 'validation.employeeCountRange' })
    .int({ error: 'validation.employeeCountRange' })
    .min(EMPLOYEE_COUNT_RANGE.min, { error: 'validation.employeeCountRange' })
    .max(EMPLOYEE_COUNT_RANGE.max, { error: 'validation.employeeCountRange' })
    .optional(),
  version: ZVersion,
});
export type PayrollSettingsUpdateRequest = z.infer<typeof ZPayrollSettingsUpdateRequest>;

// The minimum wages by jurisdiction: minimum-wages.ts.

// ── Summary and detail ─────────────────────────────────────────────────────────────────────

export const ZPayPeriod = z.object({ start: z.string(), end: z.string() });

export const ZPayItem = z.object({
  workDate: z.string(),
  jobId: z.number().int().optional(),
  /** The job's reference (detail only). */
  jobReference: z.string().optional(),
  /** Piece pay: the job's price it is a percentage of (Labor Code 226.2). */
  jobPriceCents: z.number().int().optional(),
  paymentId: z.number().int().optional(),
  /** An adjustment line's item: what changed, in which approved period (the item's amount is the difference). */
  adjustment: z
    .object({
      kind: z.enum(PAY_ADJUSTMENT_KINDS),
      periodStart: z.string(),
      periodEnd: z.string(),
      /** Set when the amount was already paid in the period starting then: taken back here. */
      paidIn: z.string().optional(),
    })
    .optional(),
  minutes: z.number().int(),
  cents: z.number().int(),
});
export type PayItem = z.infer<typeof ZPayItem>;

export const ZPayLine = z.object({
  kind: z.enum(PAY_LINE_KINDS),
  laborTypeId: z.number().int().optional(),
  /** The labor type's name in the caller's language. */
  laborTypeName: z.string().optional(),
  minutes: z.number().int(),
  /** Cents per hour rounded to the cent (amounts use the exact rate); null when not paid by time. */
  rateCentsPerHour: z.number().int().nullable(),
  rateBasisPoints: z.number().int().optional(),
  cents: z.number().int(),
  /** The days and jobs behind the line (detail only). */
  items: z.array(ZPayItem).optional(),
});
export type PayLine = z.infer<typeof ZPayLine>;

export const ZWageWarning = z.object({
  code: z.enum(['noPayRate', 'unknownJob']),
  workDate: z.string(),
  jobId: z.number().int().optional(),
});

export const ZWageSummaryRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** Pay types in force during the period. */
  payTypes: z.array(z.enum(PAY_TYPES)),
  workedMinutes: z.number().int(),
  lines: z.array(ZPayLine),
  grossCents: z.number().int(),
  approved: z.boolean(),
  warnings: z.array(ZWageWarning),
});
export type WageSummaryRow = z.infer<typeof ZWageSummaryRow>;

/** The pay period holding `date` (default: today in the business time zone). */
export const ZWageQueryRequest = z.object({
  date: ZCalendarDate.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type WageQueryRequest = z.infer<typeof ZWageQueryRequest>;

export const ZWageSummary = z.object({
  period: ZPayPeriod,
  rows: z.array(ZWageSummaryRow),
  totals: z.object({ workedMinutes: z.number().int(), grossCents: z.number().int() }),
});
export type WageSummary = z.infer<typeof ZWageSummary>;

export const ZWageDetailRequest = z.object({ userId: ZRecordId, date: ZCalendarDate.optional() });
export type WageDetailRequest = z.infer<typeof ZWageDetailRequest>;

export const ZWageDay = z.object({
  workDate: z.string(),
  workedMinutes: z.number().int(),
  regularMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  doubleTimeMinutes: z.number().int(),
  mealPremium: z.boolean(),
  restPremium: z.boolean(),
});

/**
 * How a workweek's regular rate was found (docs/business-rules.md "Regular rate"): straight pay ÷ hours
 * worked in the whole workweek, or the minimum wage over them (`floorApplied`); overtime 1.5× and
 * double time 2× it, with the overtime and double-time minutes of the week's days in the period.
 */
export const ZRegularRateWeek = z.object({
  weekStart: z.string(),
  straightCents: z.number().int(),
  workedMinutes: z.number().int(),
  floorCents: z.number().int(),
  floorApplied: z.boolean(),
  centsPerHour: z.number().int(),
  overtimeCentsPerHour: z.number().int(),
  doubleTimeCentsPerHour: z.number().int(),
  overtimeMinutes: z.number().int(),
  doubleTimeMinutes: z.number().int(),
});
export type RegularRateWeek = z.infer<typeof ZRegularRateWeek>;

/** A minimum wage that was the floor of some hour of the period, and whose it is (issue 24). */
export const ZMinimumWageUsed = z.object({ jurisdiction: z.string(), centsPerHour: z.number().int() });

export const ZWageDetail = ZWageSummaryRow.extend({
  period: ZPayPeriod,
  days: z.array(ZWageDay),
  /** Highest first (none in a snapshot approved before minimum wages had jurisdictions). */
  minimumWagesUsed: z.array(ZMinimumWageUsed).optional(),
  /** Each workweek with hours in the period (empty for a snapshot approved before it was kept; to a caller without the pay key). */
  regularRates: z.array(ZRegularRateWeek),
});
export type WageDetail = z.infer<typeof ZWageDetail>;

/** Periods an export may hold at most (one sheet each). */
export const WAGE_EXPORT_MAX_PERIODS = 12;

/** XLSX of the periods overlapping [from, to] (query string of a GET). */
export const ZWageExportQuery = z
  .object({
    from: requiredCalendarDate('validation.dateFromRequired'),
    to: requiredCalendarDate('validation.dateToRequired'),
  })
  .refine((v) => v.to >= v.from, { error: 'rule.dateRange', path: ['to'] });
export type WageExportQuery = z.infer<typeof ZWageExportQuery>;

/** A printable statement of one employee's period (query string of a GET). */
export const ZWageStatementQuery = z.object({
  userId: z.coerce.number().int().min(1).max(2_147_483_647),
  date: ZCalendarDate.optional(),
  /** The statement's language (default: the caller's). */
  lang: z.enum(LOCALES).optional(),
});
export type WageStatementQuery = z.infer<typeof ZWageStatementQuery>;

/** `GET /wage/payrollExport?date=`: the CSV for the payroll processor of the period holding the date (default today). */
export const ZPayrollExportQuery = z.object({ date: ZCalendarDate.optional() });
export type PayrollExportQuery = z.infer<typeof ZPayrollExportQuery>;
