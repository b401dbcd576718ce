import { z } from 'zod';
import { requiredCalendarDate } from '../calendar';
import { ZRecordId, ZVersion } from '../ids';

/**
 * Meal waivers (Labor Code 512(a); IWC Wage Order 5 §11(A)–(B); research §2): by mutual consent an
 * employee may waive the first meal period when the day's work is no more than 6 hours, and the second
 * when the day's work is no more than 12 hours and the first was not waived. A waiver is a dated record
 * per employee (signed on, revoked on) the office enters; it never excuses a meal on a day it can't
 * apply to (a 7-hour day owes its first meal whatever was signed).
 */
export const MEAL_WAIVER_MEALS = [1, 2] as const;
export type MealWaiverMeal = (typeof MEAL_WAIVER_MEALS)[number];

/** The most a day may be worked (minutes) for a waiver of the first, and of the second meal, to apply. */
export const FIRST_MEAL_WAIVER_LIMIT = 6 * 60;
export const SECOND_MEAL_WAIVER_LIMIT = 12 * 60;

export interface MealWaiverRecord {
  meal: MealWaiverMeal;
  signedOn: string;
  /** The first day the waiver no longer holds; null while in force. */
  revokedOn: string | null;
}

/** Which meals an employee has a waiver in force for on a date (signed on or before it, not yet revoked). */
export interface MealWaiversInForce {
  first: boolean;
  second: boolean;
}

export const NO_MEAL_WAIVERS: MealWaiversInForce = { first: false, second: false };

export function mealWaiversOn(records: readonly MealWaiverRecord[], date: string): MealWaiversInForce {
  const holds = (meal: MealWaiverMeal) =>
    records.some((r) => r.meal === meal && r.signedOn <= date && (r.revokedOn === null || date < r.revokedOn));
  return { first: holds(1), second: holds(2) };
}

/** The meals a day of `workedMinutes` actually has waived: a waiver in force, on a day it can apply to. */
export function mealsWaived(workedMinutes: number, inForce: MealWaiversInForce = NO_MEAL_WAIVERS): MealWaiversInForce {
  const first = inForce.first && workedMinutes <= FIRST_MEAL_WAIVER_LIMIT;
  const second = inForce.second && !first && workedMinutes <= SECOND_MEAL_WAIVER_LIMIT;
  return { first, second };
}

// ── Endpoints: /timeCard/queryMealWaivers, /timeCard/addMealWaiver, /timeCard/revokeMealWaiver ──────

export const ZMealWaiverQuery = z.object({ userId: ZRecordId });

export const ZMealWaiverAddRequest = z.object({
  userId: ZRecordId,
  meal: z.union([z.literal(1), z.literal(2)], { error: 'validation.mealRequired' }),
  signedOn: requiredCalendarDate('validation.signedOnRequired'),
  note: z.string().trim().max(500).default(''),
});
export type MealWaiverAddRequest = z.infer<typeof ZMealWaiverAddRequest>;

export const ZMealWaiverRevokeRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  revokedOn: requiredCalendarDate('validation.revokedOnRequired'),
});
export type MealWaiverRevokeRequest = z.infer<typeof ZMealWaiverRevokeRequest>;

export const ZMealWaiver = z.object({
  id: z.number().int(),
  version: z.number().int(),
  userId: z.number().int(),
  meal: z.union([z.literal(1), z.literal(2)]),
  signedOn: z.string(),
  revokedOn: z.string().nullable(),
  note: z.string(),
});
export type MealWaiver = z.infer<typeof ZMealWaiver>;
export const ZMealWaiverList = z.object({ waivers: z.array(ZMealWaiver) });
export type MealWaiverList = z.infer<typeof ZMealWaiverList>;
