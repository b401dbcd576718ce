import type { MealWaiversInForce } from './meal-waivers';
import type { TimePunchKind } from './time-cards';

/**
 * One employee's work day as time cards hand it to wages (issue 11): the time-card loader builds it
 * from punches (and the board's drive estimates where no drive was punched); the California pay
 * computation reads nothing else. Times are minutes from the work day's local midnight in the
 * business time zone (past 1440 when a shift runs past midnight), so the pay rules count wall-clock
 * hours the way the employee lived them, daylight-saving days included.
 */
export interface WorkSegment {
  kind: Exclude<TimePunchKind, 'shift'>;
  start: number;
  end: number;
  /** For a job: the job, its price (invoice subtotal before tax, cents) and its team's in-home minutes. */
  jobId?: number;
  /** For labor: the labor type (its own hourly rate). */
  laborTypeId?: number;
  /** A drive the board estimated (no drive punch that day replaced it). */
  estimated?: boolean;
}

export interface WorkDay {
  userId: number;
  /** Business date `YYYY-MM-DD`. */
  workDate: string;
  /** Clock-in to clock-out; null when the day has no shift punch (or an open one: see flags). */
  shift: { start: number; end: number } | null;
  /** Off the clock inside `shift`: the gaps between two shift punches (clock-out, clock-in again). */
  shiftBreaks?: { start: number; end: number }[];
  /** Job, drive, labor and meal intervals, sorted by start. */
  segments: WorkSegment[];
  /** Rest breaks recorded as not given (time_card_days). */
  missedRestBreaks: number;
  /** The employee's meal waivers in force that day (meal_waivers); none when absent. */
  mealWaivers?: MealWaiversInForce;
}
