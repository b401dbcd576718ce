import { addDays, daysBetween } from '@tidyhouse/contract';
import type { MinimumWageRate, PayRateInForce } from './types';

/** The record in force on `date`: the latest `effectiveFrom` on or before it (null before the first). */
export function inForceOn<T extends { effectiveFrom: string }>(records: readonly T[], date: string): T | null {
  let best: T | null = null;
  for (const r of records) if (r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  return best;
}

export const payRateOn = (rates: readonly PayRateInForce[], date: string) => inForceOn(rates, date);

/** Cents per hour of the minimum wage on `date` (0 before the first dated rate). */
export const minimumWageOn = (rates: readonly MinimumWageRate[], date: string) => inForceOn(rates, date)?.centsPerHour ?? 0;

/** The first day of the workweek holding `date`: workweeks are the 7-day runs from `anchor`. */
export function workweekStart(date: string, anchor: string): string {
  const offset = ((daysBetween(anchor, date) % 7) + 7) % 7;
  return addDays(date, -offset);
}
