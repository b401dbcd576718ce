import { addDays, daysBetween, startOfDayIn, wallClockFormatter } from '../dates';

/**
 * Punch times (issue 11). The office types a punch as wall-clock `HH:MM` on a work date (an end at or
 * before the start is the next morning); the server stores the moment. Work-day segments count
 * minutes elapsed since the work date's local midnight, so a 9-hour shift is 540 minutes long even on a
 * daylight-saving day, when its wall-clock times differ by 8 or 10 hours.
 */

/** The local date and wall-clock minutes of the day at an instant. */
export function wallClockAt(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = wallClockFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Wall-clock minutes from the start of `date` (past 1440 on the next day, negative the day before). */
export function wallMinutesFrom(date: string, instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  return daysBetween(date, wall.date) * 1440 + wall.minutes;
}

/**
 * The moment a wall clock shows `minutes` after the start of `date` (1440 and more: the next days).
 * A time the clock skips (2:30 on the spring-forward night) resolves to the moment an hour later; a time
 * it shows twice (1:30 on the fall-back night) to the first of them.
 */
export function momentAtWallClock(date: string, minutes: number, timeZone: string): Date {
  const day = addDays(date, Math.floor(minutes / 1440));
  const wanted = ((minutes % 1440) + 1440) % 1440;
  const dayStart = startOfDayIn(day, timeZone).getTime();
  let guess = dayStart + wanted * 60_000;
  for (let i = 0; i < 2; i++) {
    const shown = wallMinutesFrom(day, new Date(guess), timeZone);
    if (shown === wanted) break;
    guess -= (shown - wanted) * 60_000;
  }
  if (wallMinutesFrom(day, new Date(guess), timeZone) < wanted) guess += 3_600_000;
  return new Date(guess);
}

/** Minutes elapsed since the local midnight that starts `date` (rounded down to the minute). */
export function elapsedMinutesFrom(date: string, instant: Date, timeZone: string): number {
  return Math.floor((instant.getTime() - startOfDayIn(date, timeZone).getTime()) / 60_000);
}

/** `HH:MM` of wall-clock minutes of a day (0–1439). */
export function formatTimeOfDay(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes of an `HH:MM` time of day. */
export function parseTimeOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
