import { type MealWaiversInForce, mealsWaived } from './meal-waivers';
import type { TimePunchKind } from './time-cards';

/**
 * The flags of one employee's time card for a day (issue 11), one pure function shared by the
 * screen and the server. Times are minutes since the work date's local midnight (contract clock.ts).
 */
export const TIME_CARD_FLAG_CODES = [
  'openPunch', // a punch without its end on a day that is over
  'missingShift', // job, drive or labor punched but no clock-in
  'jobNotPunched', // a completed job of the employee's team that day without a job punch
  'outsideShift', // job (or drive, labor) time outside the day's clock-in to clock-out
  'overlap', // two punches of the day cover the same minutes
  'mealMissing', // worked past 5 h (10 h for the second) with no meal started before
  'mealLate', // a meal started, but only after the end of the 5th (10th) hour worked
  'over12Hours', // worked more than 12 hours
] as const;
export type TimeCardFlagCode = (typeof TIME_CARD_FLAG_CODES)[number];

export interface TimeCardFlag {
  code: TimeCardFlagCode;
  /** Facts for the message: punch ids, job reference, which meal (1 or 2), minutes worked. */
  params: { punchIds?: number[]; jobId?: number; jobReference?: string; meal?: 1 | 2; minutes?: number; kind?: TimePunchKind };
}

export interface FlagPunch {
  id: number;
  kind: TimePunchKind;
  start: number;
  /** null: still open. */
  end: number | null;
  jobId?: number | null;
}

export interface FlagDayInput {
  punches: readonly FlagPunch[];
  /** The work date is before today (an open punch is then missing its end). */
  dayIsOver: boolean;
  /** Completed jobs of the employee's team that day. */
  completedTeamJobs: readonly { jobId: number; reference: string }[];
  /** The employee's meal waivers in force that day (meal-waivers.ts); none when absent. */
  mealWaivers?: MealWaiversInForce;
}

/** A worked-time hour limit: meals are due before the end of the 5th and the 10th hour worked. */
const FIRST_MEAL_BY = 5 * 60;
const SECOND_MEAL_BY = 10 * 60;
const LONG_DAY = 12 * 60;

type Interval = { start: number; end: number };

/** Minutes covered by a set of intervals, overlaps counted once. */
export function coveredMinutes(intervals: readonly Interval[]): number {
  let total = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const { start, end } of [...intervals].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, reach);
    if (end > from) total += end - from;
    reach = Math.max(reach, end);
  }
  return total;
}

/**
 * Work periods of the day: the clock (shift punches) less the meals; a day without a closed shift
 * punch counts its job, drive and labor punches instead. Sorted, not overlapping.
 */
export function workedIntervals(punches: readonly { kind: TimePunchKind; start: number; end: number | null }[]): Interval[] {
  const closed = punches.filter((p): p is typeof p & { end: number } => p.end !== null && p.end > p.start);
  const shifts = closed.filter((p) => p.kind === 'shift');
  const base = shifts.length ? shifts : closed.filter((p) => p.kind === 'job' || p.kind === 'drive' || p.kind === 'labor');
  const merged: Interval[] = [];
  for (const { start, end } of [...base].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  const meals = closed.filter((p) => p.kind === 'meal').sort((a, b) => a.start - b.start);
  let periods = merged;
  for (const meal of meals) {
    periods = periods.flatMap((p) => {
      if (meal.end <= p.start || meal.start >= p.end) return [p];
      const parts: Interval[] = [];
      if (meal.start > p.start) parts.push({ start: p.start, end: meal.start });
      if (meal.end < p.end) parts.push({ start: meal.end, end: p.end });
      return parts;
    });
  }
  return periods;
}

/** Hours worked on a day, in minutes (docs/business-rules.md "Time cards"). */
export const workedMinutes = (punches: Parameters<typeof workedIntervals>[0]) => coveredMinutes(workedIntervals(punches));

/** The minute at which `limit` minutes of work are reached, or null when the day has fewer. */
function momentWorked(periods: readonly Interval[], limit: number): number | null {
  let worked = 0;
  for (const { start, end } of periods) {
    if (worked + (end - start) >= limit) return start + (limit - worked);
    worked += end - start;
  }
  return null;
}

/** The flags of a day, in a stable order (by code, then by the punches named). */
export function timeCardFlags(day: FlagDayInput): TimeCardFlag[] {
  const flags: TimeCardFlag[] = [];
  const punches = [...day.punches].sort((a, b) => a.start - b.start || a.id - b.id);

  if (day.dayIsOver) {
    for (const p of punches) if (p.end === null) flags.push({ code: 'openPunch', params: { punchIds: [p.id], kind: p.kind } });
  }

  const shifts = punches.filter((p) => p.kind === 'shift');
  const work = punches.filter((p) => p.kind === 'job' || p.kind === 'drive' || p.kind === 'labor');
  if (!shifts.length && work.length) flags.push({ code: 'missingShift', params: {} });

  const punchedJobs = new Set(punches.filter((p) => p.kind === 'job').map((p) => p.jobId));
  for (const job of day.completedTeamJobs) {
    if (!punchedJobs.has(job.jobId))
      flags.push({ code: 'jobNotPunched', params: { jobId: job.jobId, jobReference: job.reference } });
  }

  const closedShifts = shifts.filter((s) => s.end !== null);
  if (closedShifts.length) {
    for (const p of [...work, ...punches.filter((m) => m.kind === 'meal')]) {
      const end = p.end ?? p.start;
      const inside = closedShifts.some((s) => p.start >= s.start && end <= (s.end as number));
      if (!inside) flags.push({ code: 'outsideShift', params: { punchIds: [p.id], kind: p.kind } });
    }
  }

  // Overlaps: shifts among themselves, and every other punch among the others (a job inside the
  // shift is expected; a meal during a job is not).
  const overlapsIn = (list: FlagPunch[]) => {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (b.start < (a.end ?? a.start + 1) && a.start < (b.end ?? b.start + 1)) {
          flags.push({ code: 'overlap', params: { punchIds: [a.id, b.id] } });
        }
      }
    }
  };
  overlapsIn(shifts);
  overlapsIn(punches.filter((p) => p.kind !== 'shift'));

  const periods = workedIntervals(punches);
  const worked = coveredMinutes(periods);
  const meals = punches.filter((p) => p.kind === 'meal');
  const waived = mealsWaived(worked, day.mealWaivers);
  for (const [index, limit] of [FIRST_MEAL_BY, SECOND_MEAL_BY].entries()) {
    const due = momentWorked(periods, limit);
    if (due === null || worked <= limit) continue;
    if (index === 0 ? waived.first : waived.second) continue;
    const meal = meals[index];
    const which = (index + 1) as 1 | 2;
    if (!meal) flags.push({ code: 'mealMissing', params: { meal: which } });
    else if (meal.start > due) flags.push({ code: 'mealLate', params: { meal: which, punchIds: [meal.id] } });
  }

  if (worked > LONG_DAY) flags.push({ code: 'over12Hours', params: { minutes: worked } });
  return flags;
}
