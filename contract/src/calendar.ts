import { z } from 'zod';

/** A calendar date `YYYY-MM-DD` (service dates, hire dates, leave days): a real day of the calendar. */
export const ZCalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' })
  .refine(isRealDate, { error: 'validation.dateFormat' });

/** A calendar date that must be given: `requiredKey` is the message key when it is missing or empty. */
export const requiredCalendarDate = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .min(1, { error: requiredKey })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.dateFormat' })
    .refine(isRealDate, { error: 'validation.dateFormat' });

/** A time of day `HH:MM`, 00:00–23:59 (wall clock in the business time zone). */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.timeFormat' });

export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2199;
}

/** The calendar date of a moment in a time zone (for example "today" in the business time zone). */
export function calendarDateIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Adds days to a calendar date (negative to go back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
