import { addDays, daysBetween } from '@tidyhouse/contract';
import type { MinimumWageRate, PayRateInForce } from './types';

/** The record in force on `date`: the latest `effectiveFrom` on or before it (null before the first). */
export function inForceOn<T extends { effectiveFrom: string }>(records: readonly T[], date: string): T | null {
  let best: T | null = null;
  for (const r of records) if (r.effectiveFrom <= date && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  return best;
}

export const payRateOn = (rates: readonly PayRateInForce[], date: string) => inForceOn(rates, date);

/** The minimum wage that is an hour's floor: the rate and the jurisdiction whose rate it is. */
export interface MinimumWageFloor {
  centsPerHour: number;
  jurisdiction: string;
}

const NO_FLOOR: MinimumWageFloor = { centsPerHour: 0, jurisdiction: '' };

/**
 * The floor of an hour worked on `date` at `place` (a place key) for a business of `employeeCount`:
 * the highest of the rates in force there — of each jurisdiction, the rate of the largest size tier the
 * business reaches, its latest from on or before the date; the state's everywhere, a city's or county's
 * in its places. 0 before any dated rate.
 */
export function minimumWageAt(
  rates: readonly MinimumWageRate[],
  date: string,
  place: string,
  employeeCount: number,
): MinimumWageFloor {
  // Every employee of a period asks for the same few dates and places: each answer is kept per list of
  // rates (a period's context holds one list, never changed once read), so it is worked out once.
  let known = floorsOf.get(rates);
  if (!known) {
    known = new Map();
    floorsOf.set(rates, known);
  }
  const key = `${date}|${place}|${employeeCount}`;
  let floor = known.get(key);
  if (!floor) {
    floor = floorAt(rates, date, place, employeeCount);
    known.set(key, floor);
  }
  return floor;
}

const floorsOf = new WeakMap<readonly MinimumWageRate[], Map<string, MinimumWageFloor>>();

function floorAt(rates: readonly MinimumWageRate[], date: string, place: string, employeeCount: number): MinimumWageFloor {
  const inForce = new Map<string, MinimumWageRate>();
  for (const r of rates) {
    if (r.effectiveFrom > date || r.minEmployees > employeeCount) continue;
    if (r.places && !r.places.includes(place)) continue;
    const best = inForce.get(r.jurisdiction);
    const better =
      !best ||
      r.minEmployees > best.minEmployees ||
      (r.minEmployees === best.minEmployees && r.effectiveFrom > best.effectiveFrom);
    if (better) inForce.set(r.jurisdiction, r);
  }
  let floor = NO_FLOOR;
  // Ties go to the state (listed first), so a city at the state's rate is not named for nothing.
  const ordered = [...inForce.values()].sort((a, b) => Number(a.places !== null) - Number(b.places !== null));
  for (const r of ordered)
    if (r.centsPerHour > floor.centsPerHour) floor = { centsPerHour: r.centsPerHour, jurisdiction: r.jurisdiction };
  return floor;
}

/** The first day of the workweek holding `date`: workweeks are the 7-day runs from `anchor`. */
export function workweekStart(date: string, anchor: string): string {
  const offset = ((daysBetween(anchor, date) % 7) + 7) % 7;
  return addDays(date, -offset);
}
