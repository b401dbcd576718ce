import { z } from 'zod';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';
import { SERVICE_FREQUENCIES, type ServiceFrequency } from './jobs';

/**
 * Recurrence of service plans and tasks (docs/business-rules.md "Recurrence"). This file only says
 * WHICH pattern a frequency is, as an RFC 5545 RRULE value; the server expands it into dates with
 * the `rrule` package (server/src/modules/service/plans/recurrence.ts), never with a date loop.
 *
 * Frequencies as the trade names them: one time; weekly; every 2, 3 or 4 weeks; monthly on the same
 * weekday of the month as the first visit (the 2nd Tuesday); every N weeks (custom). The list itself is
 * SERVICE_FREQUENCIES (jobs.ts): a job carries its plan's frequency.
 */
export const PLAN_FREQUENCIES = SERVICE_FREQUENCIES;
export type PlanFrequency = ServiceFrequency;

/** Weeks between visits of the weekly family; custom takes its own interval. */
export const FREQUENCY_WEEKS: Readonly<Partial<Record<PlanFrequency, number>>> = {
  weekly: 1,
  biweekly: 2,
  every_three_weeks: 3,
  every_four_weeks: 4,
};

/** A custom interval: 1 to 52 weeks. */
export const CUSTOM_WEEKS_MAX = NUMBER_RANGES.intervalWeeks.max;

const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Day of the week of a calendar date (0 = Sunday), without any time zone. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * Which weekday of its month a date is, for the monthly frequency: 1 to 4, or -1 for "last".
 * Days 29 to 31 are always the 5th of their weekday, which most months do not have: a plan started
 * on one repeats on the LAST such weekday of each month instead (documented choice; never skipped).
 */
export function nthWeekdayOfMonth(date: string): 1 | 2 | 3 | 4 | -1 {
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  return nth >= 5 ? -1 : (nth as 1 | 2 | 3 | 4);
}

export interface RecurrenceSpec {
  frequency: PlanFrequency;
  /** Only for custom (1–52); ignored otherwise. */
  intervalWeeks?: number | null;
  /** The first visit of the pattern (its DTSTART): gives the weekday and the week parity. */
  startDate: string;
}

/**
 * The RRULE value (RFC 5545, without DTSTART: the start date is stored in its own column) of a
 * frequency. Examples: weekly from a Tuesday → `FREQ=WEEKLY;INTERVAL=1;BYDAY=TU`; monthly from
 * 2026-12-08 (2nd Tuesday) → `FREQ=MONTHLY;BYDAY=+2TU`; one time → `FREQ=DAILY;COUNT=1`.
 */
export function rruleOf(spec: RecurrenceSpec): string {
  const day = RRULE_DAYS[weekdayOf(spec.startDate)]!;
  switch (spec.frequency) {
    case 'one_time':
      return 'FREQ=DAILY;COUNT=1';
    case 'monthly': {
      const nth = nthWeekdayOfMonth(spec.startDate);
      return `FREQ=MONTHLY;BYDAY=${nth > 0 ? `+${nth}` : '-1'}${day}`;
    }
    case 'custom':
      return `FREQ=WEEKLY;INTERVAL=${spec.intervalWeeks ?? 1};BYDAY=${day}`;
    default:
      return `FREQ=WEEKLY;INTERVAL=${FREQUENCY_WEEKS[spec.frequency]};BYDAY=${day}`;
  }
}

/** The interval in weeks a frequency stands for (null for one time and monthly). */
export function weeksOf(frequency: PlanFrequency, intervalWeeks?: number | null): number | null {
  if (frequency === 'custom') return intervalWeeks ?? null;
  return FREQUENCY_WEEKS[frequency] ?? null;
}

/** Frequency and its custom interval: the interval is required for custom only. */
export const recurrenceFields = {
  frequency: z.enum(PLAN_FREQUENCIES, { error: 'rule.required' }),
  intervalWeeks: rangedInt(NUMBER_RANGES.intervalWeeks).nullable().default(null),
};

/** Adds the "custom interval needs its weeks" rule to a schema holding recurrenceFields. */
export function refineRecurrence<T extends { frequency?: PlanFrequency; intervalWeeks?: number | null }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (value.frequency === 'custom' && !value.intervalWeeks) {
    ctx.addIssue({ code: 'custom', path: ['intervalWeeks'], message: 'validation.intervalWeeksRequired' });
  }
}
