/**
 * Exact amounts and the one rounding rule of the wage computation: every amount is an exact fraction
 * until it becomes a pay item (one line kind on one day, or one job's share, or one tip share); there it
 * is rounded once, half up, to the cent. Lines are sums of their items and the gross the sum of its
 * lines, so everything adds up to the cent. (The minimum-wage top-up alone rounds up, so that the pay
 * is never below the floor by a fraction of a cent.)
 */

/** A rate in cents per hour as an exact fraction `num / den` (den > 0). */
export interface HourlyRate {
  num: number;
  den: number;
}

export const rate = (centsPerHour: number): HourlyRate => ({ num: centsPerHour, den: 1 });

/** `num / den` rounded half up (num ≥ 0, den > 0, integers). */
export function roundHalfUp(num: number, den: number): number {
  return Math.floor((2 * num + den) / (2 * den));
}

export function ceilDiv(num: number, den: number): number {
  return Math.ceil(num / den);
}

/** Cents for `minutes` at `rate` (× `multiplier`, a half for an overtime premium), rounded once. */
export function centsFor(
  minutes: number,
  hourly: HourlyRate,
  multiplier: { num: number; den: number } = { num: 1, den: 1 },
): number {
  return roundHalfUp(minutes * hourly.num * multiplier.num, 60 * hourly.den * multiplier.den);
}

/** The rate rounded to the cent, for display only. */
export const displayRate = (hourly: HourlyRate, factor = 1) => roundHalfUp(hourly.num * factor * 2, hourly.den * 2);

/** The higher of two rates. */
export const maxRate = (a: HourlyRate, b: HourlyRate): HourlyRate => (a.num * b.den >= b.num * a.den ? a : b);
