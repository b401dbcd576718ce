import { type MealWaiversInForce, mealsWaived } from '@tidyhouse/contract';
import type { DayTime } from './day-time';

/**
 * Meal and rest breaks (research §2; Labor Code 512, 226.7; Wage Order 5 §11–12):
 * - a 30-minute meal break must start by the end of the 5th hour of work on a day of more than 5 hours;
 *   a second by the end of the 10th hour on a day of more than 10 hours. A break shorter than 30 minutes
 *   is no meal break. A meal waiver the employee signed (contract meal-waivers.ts) excuses the first on
 *   a day of at most 6 hours and the second on a day of at most 12 hours, never on a longer day;
 * - a paid 10-minute rest break per 4 hours or major fraction, as *Brinker* reads §12: none under 3½ h,
 *   one from 3½ h up to 6 h, two over 6 h up to 10 h, three over 10 h up to 14 h, and so on;
 * - a meal break missed, late or short, or a rest break not given, earns one hour of pay at the regular
 *   rate: at most one meal premium and one rest premium a day.
 */
export const MEAL_MINUTES = 30;
export const REST_MINUTES = 10;

/**
 * Rest breaks a day of `workedMinutes` earns: [3½ h, 6 h] one, (6 h, 10 h] two, (10 h, 14 h] three…
 * Each boundary belongs to the lower count ("more than six hours up to ten"), so exactly 6 h earns one
 * and exactly 10 h two; a break more is earned past each further 4 h.
 */
export function restBreaksEarned(workedMinutes: number): number {
  return workedMinutes < 210 ? 0 : Math.ceil((workedMinutes - 120) / 240);
}

/** Whether the day owes a meal premium, given the employee's meal waivers in force that day. */
export function mealBreakMissed(time: DayTime, waivers?: MealWaiversInForce): boolean {
  const meals = time.meals.filter((m) => m.end - m.start >= MEAL_MINUTES);
  const waived = mealsWaived(time.workedMinutes, waivers);
  if (time.workedMinutes > 300 && !waived.first) {
    const first = meals[0];
    if (!first || time.fifthHourEnd == null || first.start > time.fifthHourEnd) return true;
  }
  if (time.workedMinutes > 600 && !waived.second) {
    const second = meals[1];
    if (!second || time.tenthHourEnd == null || second.start > time.tenthHourEnd) return true;
  }
  return false;
}

/** Rest minutes taken: the breaks earned less those recorded as not given. */
export function restMinutesTaken(workedMinutes: number, missedRestBreaks: number): number {
  return Math.max(0, restBreaksEarned(workedMinutes) - missedRestBreaks) * REST_MINUTES;
}
