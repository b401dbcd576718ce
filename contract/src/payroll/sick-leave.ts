import { z } from 'zod';
import { ZCalendarDate } from '../calendar';
import { addDays } from '../dates';
import { ZRecordId, ZVersion } from '../ids';

/**
 * California paid sick leave (Labor Code 245–249 as amended by SB 616, 2024; issue 24 item 6;
 * docs/business-rules.md "Paid sick leave"). Pure rules: the server feeds them the hours worked and the
 * sick leave recorded, the wage engine pays what they allow. Durations are minutes; years are calendar
 * years in the business time zone. Local sick-leave ordinances are out of scope.
 */

/** Accrual (1 h per 30 h worked) or front-loading (40 h at the start of each year): a payroll setting. */
export const SICK_LEAVE_METHODS = ['accrual', 'frontLoad'] as const;
export type SickLeaveMethod = (typeof SICK_LEAVE_METHODS)[number];

export const SICK_LEAVE_RULES = {
  /** One hour accrues per 30 hours worked (Labor Code 246(b)(1)): one minute per 30 minutes. */
  workedMinutesPerAccruedMinute: 30,
  /** Use may be limited to 40 hours or 5 days a year (246(d)); the product's usual day is 8 h, so 5 days = 40 h. */
  yearlyUseMinutes: 40 * 60,
  /** Front-loading gives 40 hours / 5 days at the start of each year (246(e)). */
  frontLoadMinutes: 40 * 60,
  /** Carry-over to the next year, and the balance accrual stops at, is capped at 80 h / 10 days (246(b)(4), (d)). */
  carryOverMinutes: 80 * 60,
  balanceCapMinutes: 80 * 60,
  /** An all-day sick leave counts the usual day: 8 hours. */
  usualDayMinutes: 8 * 60,
  /** Sick leave may be used from the 90th day of employment (246(c)(1)). */
  usableFromDay: 90,
} as const;

/** The date sick leave becomes usable: the 90th day of employment (null when the hire date is unknown: usable). */
export function sickLeaveUsableFrom(hireDate: string | null): string | null {
  return hireDate ? addDays(hireDate, SICK_LEAVE_RULES.usableFromDay - 1) : null;
}

/** A sick leave as recorded (employee leave of kind sick). */
export interface SickLeaveSpan {
  startDate: string;
  endDate: string;
  allDay: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The minutes a sick leave asks for on each of its days: an all-day leave the usual day (8 h) each day;
 * a part-day leave the time it covers on each day, at most the usual day.
 */
export function sickLeaveDays(leave: SickLeaveSpan): Array<{ date: string; minutes: number }> {
  const days: Array<{ date: string; minutes: number }> = [];
  const { usualDayMinutes } = SICK_LEAVE_RULES;
  for (let date = leave.startDate; date <= leave.endDate; date = addDays(date, 1)) {
    if (leave.allDay) {
      days.push({ date, minutes: usualDayMinutes });
      continue;
    }
    const from = date === leave.startDate && leave.startTime ? clockMinutes(leave.startTime) : 0;
    const to = date === leave.endDate && leave.endTime ? clockMinutes(leave.endTime) : 24 * 60;
    const minutes = Math.min(usualDayMinutes, Math.max(0, to - from));
    if (minutes > 0) days.push({ date, minutes });
  }
  return days;
}

export const ZSickLeaveBalance = z.object({
  /** The balance's date and its calendar year. */
  date: z.string(),
  year: z.number().int(),
  method: z.enum(SICK_LEAVE_METHODS),
  /** What may still be used this year: the balance, within the yearly use cap; 0 before usableFrom. */
  availableMinutes: z.number().int(),
  /** Hours banked (carried over + accrued − used), whether or not usable yet. */
  balanceMinutes: z.number().int(),
  /** Accrued this year up to the date (front-loading: the 40 hours given). */
  accruedMinutes: z.number().int(),
  /** Paid as sick leave this year up to the date. */
  usedMinutes: z.number().int(),
  /** Brought from last year (at most 80 hours; none under front-loading). */
  carriedOverMinutes: z.number().int(),
  /** The 90th day of employment, or null when the hire date is unknown. */
  usableFrom: z.string().nullable(),
});
export type SickLeaveBalance = z.infer<typeof ZSickLeaveBalance>;

export const ZSickLeaveBalanceRequest = z.object({ userId: ZRecordId, date: ZCalendarDate.optional() });
export type SickLeaveBalanceRequest = z.infer<typeof ZSickLeaveBalanceRequest>;

/** The payroll setting of the method (on the payroll settings row: its version is that row's). */
export const ZSickLeaveSettings = z.object({ method: z.enum(SICK_LEAVE_METHODS), version: z.number().int() });
export type SickLeaveSettings = z.infer<typeof ZSickLeaveSettings>;
export const ZSickLeaveSettingsUpdateRequest = z.object({
  method: z.enum(SICK_LEAVE_METHODS, { error: 'validation.sickLeaveMethodRequired' }),
  version: ZVersion,
});
export type SickLeaveSettingsUpdateRequest = z.infer<typeof ZSickLeaveSettingsUpdateRequest>;

export interface SickLeaveLedgerInput {
  method: SickLeaveMethod;
  hireDate: string | null;
  /** Minutes worked per day (hours worked as the wages count them), any order. */
  worked: ReadonlyArray<{ date: string; minutes: number }>;
  /** Sick leave asked per day (sickLeaveDays of each sick leave), any order. */
  requested: ReadonlyArray<{ date: string; minutes: number }>;
  /** The balance is taken at the end of this day. */
  asOf: string;
}

export interface SickLeaveLedger {
  balance: SickLeaveBalance;
  /** Each day sick leave was asked, with the minutes the balance and the caps allow to be paid. */
  uses: Array<{ date: string; requestedMinutes: number; paidMinutes: number }>;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * Walks the employee's days from the first year with any fact to `asOf`. Each day: sick leave asked is
 * paid from the balance as it stood that morning (nothing before the 90th day of employment; at most
 * 40 h a year), then the day's work accrues (accrual method; the balance stops growing at 80 h).
 * On 1 January the balance carries over up to 80 h (accrual) or is replaced by the 40 h front-load
 * (given on the hire date in the year of hire).
 */
export function sickLeaveLedger(input: SickLeaveLedgerInput): SickLeaveLedger {
  const rules = SICK_LEAVE_RULES;
  const worked = sumByDate(input.worked);
  const requested = sumByDate(input.requested);
  const usableFrom = sickLeaveUsableFrom(input.hireDate);
  const facts = [...worked.keys(), ...requested.keys(), ...(input.hireDate ? [input.hireDate] : []), input.asOf];
  const firstYear = Math.min(...facts.map(yearOf));
  const uses: SickLeaveLedger['uses'] = [];
  let balance = 0;
  let accrued = 0;
  let used = 0;
  let carried = 0;
  let remainder = 0;
  for (let date = `${firstYear}-01-01`; date <= input.asOf; date = addDays(date, 1)) {
    const employed = !input.hireDate || date >= input.hireDate;
    if (date.endsWith('-01-01')) {
      carried = input.method === 'accrual' ? Math.min(balance, rules.carryOverMinutes) : 0;
      balance = carried;
      accrued = 0;
      used = 0;
    }
    if (input.method === 'frontLoad' && employed && accrued === 0 && (date.endsWith('-01-01') || date === input.hireDate)) {
      accrued = rules.frontLoadMinutes;
      balance += accrued;
    }
    const asked = requested.get(date) ?? 0;
    if (asked > 0) {
      const usable = employed && (!usableFrom || date >= usableFrom);
      const paid = usable ? Math.max(0, Math.min(asked, balance, rules.yearlyUseMinutes - used)) : 0;
      balance -= paid;
      used += paid;
      uses.push({ date, requestedMinutes: asked, paidMinutes: paid });
    }
    if (input.method === 'accrual') {
      remainder += worked.get(date) ?? 0;
      const earned = Math.floor(remainder / rules.workedMinutesPerAccruedMinute);
      remainder -= earned * rules.workedMinutesPerAccruedMinute;
      const kept = Math.min(earned, Math.max(0, rules.balanceCapMinutes - balance));
      balance += kept;
      accrued += kept;
    }
  }
  const usable = !usableFrom || input.asOf >= usableFrom;
  return {
    balance: {
      date: input.asOf,
      year: yearOf(input.asOf),
      method: input.method,
      availableMinutes: usable ? Math.max(0, Math.min(balance, rules.yearlyUseMinutes - used)) : 0,
      balanceMinutes: balance,
      accruedMinutes: accrued,
      usedMinutes: used,
      carriedOverMinutes: carried,
      usableFrom,
    },
    uses,
  };
}

function sumByDate(rows: ReadonlyArray<{ date: string; minutes: number }>): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(row.date, (map.get(row.date) ?? 0) + row.minutes);
  return map;
}
