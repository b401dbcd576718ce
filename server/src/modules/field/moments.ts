import { FIELD_CLOCK_SKEW_MS, type FieldLocation, formatTimeOfDay, startOfDayIn, wallClockAt } from '@tidyhouse/contract';
import { refused } from '../../platform/errors';
import type { FieldActionMessageKey } from './actions.messages';

/** `2026-11-27 08:05` in the business time zone, for messages. */
export function wallText(at: Date, timeZone: string): string {
  const wall = wallClockAt(at, timeZone);
  return `${wall.date} ${formatTimeOfDay(wall.minutes)}`;
}

/**
 * The bounds of a recorded moment (docs/business-rules.md "Field app"): not later than now plus the
 * clock-skew allowance, and not before the start of what it belongs to (the work day, the shift, the
 * job's day). Refused with 10010 naming both moments.
 */
export function assertRecordedMoment(
  at: Date,
  now: Date,
  timeZone: string,
  notBefore?: { start: Date; what: FieldActionMessageKey },
): void {
  if (at.getTime() > now.getTime() + FIELD_CLOCK_SKEW_MS) {
    throw refused('fieldActions.future', { at: wallText(at, timeZone), now: wallText(now, timeZone) });
  }
  if (notBefore && at.getTime() < notBefore.start.getTime()) {
    throw refused('fieldActions.beforeDay', {
      at: wallText(at, timeZone),
      what: notBefore.what,
      start: wallText(notBefore.start, timeZone),
    });
  }
}

/** The start of a business date (local midnight). */
export const dayStart = (date: string, timeZone: string) => startOfDayIn(date, timeZone);

/** A location's columns at one end of a punch (accuracy rounded to whole metres). */
export function locationColumns(end: 'start' | 'end', location: FieldLocation | undefined) {
  const lat = location?.lat ?? null;
  const lng = location?.lng ?? null;
  const accuracy = location ? Math.round(location.accuracyM) : null;
  return end === 'start'
    ? { startLat: lat, startLng: lng, startAccuracyM: accuracy }
    : { endLat: lat, endLng: lng, endAccuracyM: accuracy };
}
