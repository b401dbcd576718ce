import type { DayTime } from './day-time';
import { roundHalfUp } from './money';

/**
 * Split-shift premium (IWC Wage Order 5 §4(C); 8 CCR 11050 §2(Q); DLSE Enforcement Manual 45.2.1): a
 * workday interrupted by an unpaid, non-working period other than a bona fide meal or rest break is a
 * split shift. Tidyhouse counts a break of more than one hour (less any meal inside it) between two
 * work periods. The premium is one hour at the minimum wage, less what the day's pay exceeds the
 * minimum wage for the hours worked: an employee paid well above the minimum earns none.
 */
export const SPLIT_SHIFT_BREAK_OVER = 60;

type Interval = { start: number; end: number };

export interface SplitShiftDay {
  /** The day's work periods (each clock-in to clock-out), minutes from the work day's midnight, any order. */
  workPeriods: readonly Interval[];
  /** Meal breaks: a bona fide meal is no split, so its minutes do not count toward the break. */
  meals: readonly Interval[];
  workedMinutes: number;
  /** The day's pay for its hours (straight time and overtime; no premiums), cents. */
  dayPayCents: number;
  minimumWageCentsPerHour: number;
}

/** The longest unpaid, non-meal break between two work periods of the day, in minutes (0 when none). */
export function longestSplitBreak(workPeriods: readonly Interval[], meals: readonly Interval[]): number {
  const merged: Interval[] = [];
  for (const { start, end } of [...workPeriods].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  let longest = 0;
  for (let i = 1; i < merged.length; i++) {
    const gap = { start: merged[i - 1]!.end, end: merged[i]!.start };
    const mealMinutes = meals.reduce((sum, m) => sum + Math.max(0, Math.min(m.end, gap.end) - Math.max(m.start, gap.start)), 0);
    longest = Math.max(longest, gap.end - gap.start - mealMinutes);
  }
  return longest;
}

/** The premium in cents (0 when the day is no split shift), never negative, never over an hour at the minimum wage. */
export function splitShiftPremiumCents(day: SplitShiftDay): number {
  if (longestSplitBreak(day.workPeriods, day.meals) <= SPLIT_SHIFT_BREAK_OVER) return 0;
  const minimumForHours = roundHalfUp(day.workedMinutes * day.minimumWageCentsPerHour, 60);
  const excess = Math.max(0, day.dayPayCents - minimumForHours);
  return Math.max(0, day.minimumWageCentsPerHour - excess);
}

/** The premium of a computed day: its work periods are the clock less the breaks between shift punches. */
export function splitShiftOf(
  shift: Interval | null,
  shiftBreaks: readonly Interval[] | undefined,
  time: DayTime,
  pay: { dayPayCents: number; minimumWageCentsPerHour: number },
): number {
  if (!shift || !shiftBreaks?.length) return 0;
  const workPeriods: Interval[] = [];
  let from = shift.start;
  for (const b of [...shiftBreaks].sort((x, y) => x.start - y.start)) {
    workPeriods.push({ start: from, end: b.start });
    from = b.end;
  }
  workPeriods.push({ start: from, end: shift.end });
  return splitShiftPremiumCents({ workPeriods, meals: time.meals, workedMinutes: time.workedMinutes, ...pay });
}
