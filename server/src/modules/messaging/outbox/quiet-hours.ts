import { addDays, SMS_QUIET_HOURS, startOfDayIn, todayIn, wallClockFormatter } from '@tidyhouse/contract';

const HOUR_MS = 3_600_000;

const hourIn = (at: Date, timeZone: string) =>
  Number(
    wallClockFormatter(timeZone)
      .formatToParts(at)
      .find((p) => p.type === 'hour')?.value,
  );

/** The moment it is `hour`:00 on `date` in the zone (a day that changes the clock still lands on it). */
export function atHour(date: string, hour: number, timeZone: string): Date {
  const guess = startOfDayIn(date, timeZone).getTime() + hour * HOUR_MS;
  return new Date(guess + (hour - hourIn(new Date(guess), timeZone)) * HOUR_MS);
}

/**
 * When a text may go out if it is due at `now`: null when now is outside quiet hours (8:00–21:00 in
 * the zone); otherwise the next 8:00 (this morning before 8, tomorrow morning from 21:00).
 */
export function quietUntil(now: Date, timeZone: string): Date | null {
  const hour = hourIn(now, timeZone);
  if (hour >= SMS_QUIET_HOURS.endHour && hour < SMS_QUIET_HOURS.startHour) return null;
  const today = todayIn(timeZone, now);
  return atHour(hour < SMS_QUIET_HOURS.endHour ? today : addDays(today, 1), SMS_QUIET_HOURS.endHour, timeZone);
}

/** Wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR_MS);
}
