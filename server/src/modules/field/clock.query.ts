import { type FieldClock, mealWaiversOn } from '@tidyhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { mealWaivers, timePunches } from '../payroll/time-cards/time-cards.tables';

/** The end of the 5th hour worked, less this margin: when the phone reminds of the meal break. */
export const MEAL_REMINDER_AFTER_MIN = 4 * 60 + 45;

const minutesOf = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 60_000);

/**
 * A cleaner's clock on a work date from their time-card punches: clocked in (a shift open), on a meal
 * (a meal open), minutes worked (shifts less the meals inside them, open ones up to now), the meal
 * reminder's moment (Labor Code 512: a meal before the end of the 5th hour; none once a meal was taken
 * or under a first-meal waiver in force) and whether that waiver is in force.
 */
export async function clockOf(db: Db, userId: number, date: string, now: Date): Promise<FieldClock> {
  const punches = await db
    .select({ kind: timePunches.kind, startsAt: timePunches.startsAt, endsAt: timePunches.endsAt })
    .from(timePunches)
    .where(and(eq(timePunches.userId, userId), eq(timePunches.workDate, date), isNull(timePunches.deletedAt)));
  const waivers = await db
    .select({ meal: mealWaivers.meal, signedOn: mealWaivers.signedOn, revokedOn: mealWaivers.revokedOn })
    .from(mealWaivers)
    .where(eq(mealWaivers.userId, userId));
  const shifts = punches.filter((p) => p.kind === 'shift');
  const meals = punches.filter((p) => p.kind === 'meal');
  const endOf = (p: { endsAt: Date | null }) => p.endsAt ?? now;
  let worked = 0;
  for (const shift of shifts) {
    worked += minutesOf(shift.startsAt, endOf(shift));
    // A meal taken inside an open shift is not work.
    for (const meal of meals) {
      const from = Math.max(shift.startsAt.getTime(), meal.startsAt.getTime());
      const to = Math.min(endOf(shift).getTime(), endOf(meal).getTime());
      if (to > from) worked -= (to - from) / 60_000;
    }
  }
  const workedMinutes = Math.max(0, Math.floor(worked));
  const clockedIn = shifts.some((p) => p.endsAt === null);
  const onMeal = meals.some((p) => p.endsAt === null);
  const mealWaived = mealWaiversOn(
    waivers.map((w) => ({ meal: w.meal as 1 | 2, signedOn: w.signedOn, revokedOn: w.revokedOn })),
    date,
  ).first;
  const remind = clockedIn && !onMeal && meals.length === 0 && !mealWaived;
  const mealReminderAt = remind
    ? new Date(now.getTime() + Math.max(0, MEAL_REMINDER_AFTER_MIN - workedMinutes) * 60_000).toISOString()
    : null;
  return { clockedIn, onMeal, workedMinutes, mealReminderAt, mealWaived };
}
