import { addDays } from '@tidyhouse/contract';
// rrule's main entry is CommonJS (Node's ESM loader sees only a default export) while bundlers and
// Vite's module runner take its ESM build (named exports, no default): take RRule from either.
import * as rrulePackage from 'rrule';

const RRule = rrulePackage.RRule ?? (rrulePackage as unknown as { default: typeof rrulePackage }).default.RRule;

/**
 * The recurrence engine of service plans and tasks (docs/business-rules.md "Recurrence"): an RFC 5545
 * RRULE value (contract `rruleOf`) expanded by the `rrule` package. Dates are FLOATING: each calendar
 * date is handed to rrule as UTC midnight and read back as its UTC date, so no time zone or
 * daylight-saving change can shift a visit to another day. Times of day live beside the date.
 */
export interface Recurrence {
  /** RRULE value without DTSTART, e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU`. */
  rrule: string;
  /** DTSTART: the first visit of the pattern (YYYY-MM-DD). */
  patternFrom: string;
  /** Last day a visit may fall on (inclusive), or null. */
  endDate?: string | null;
}

const utcMidnight = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dateOf = (moment: Date) => moment.toISOString().slice(0, 10);

function ruleOf(recurrence: Recurrence) {
  const options = RRule.parseString(recurrence.rrule);
  return new RRule({
    ...options,
    dtstart: utcMidnight(recurrence.patternFrom),
    ...(recurrence.endDate ? { until: utcMidnight(recurrence.endDate) } : {}),
  });
}

/** Every occurrence from `from` to `to`, both inclusive, in order. */
export function occurrencesBetween(recurrence: Recurrence, from: string, to: string): string[] {
  if (to < from) return [];
  return ruleOf(recurrence).between(utcMidnight(from), utcMidnight(to), true).map(dateOf);
}

/** The first occurrence on or after `date`, or null when the pattern has ended. */
export function nextOccurrence(recurrence: Recurrence, date: string): string | null {
  const next = ruleOf(recurrence).after(utcMidnight(date), true);
  return next ? dateOf(next) : null;
}

/** The next `count` occurrences on or after `date`. */
export function nextOccurrences(recurrence: Recurrence, date: string, count: number): string[] {
  const rule = ruleOf(recurrence);
  const result: string[] = [];
  let cursor: Date | null = rule.after(utcMidnight(date), true);
  while (cursor && result.length < count) {
    result.push(dateOf(cursor));
    cursor = rule.after(cursor, false);
  }
  return result;
}

/** Whether a date is one of the pattern's visits. */
export function isOccurrence(recurrence: Recurrence, date: string): boolean {
  return occurrencesBetween(recurrence, date, date).length === 1;
}

/** The last day of the generation horizon: `weeks` weeks after today. */
export const horizonEndOf = (today: string, weeks: number) => addDays(today, weeks * 7);
