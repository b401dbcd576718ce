/**
 * Calendar dates (`YYYY-MM-DD`) and the business time zone. Service dates, effective dates and log
 * cut-offs are calendar dates in the business time zone; these helpers convert between them and moments.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  // Years outside 1900–2199 are typing mistakes in a back office, not dates.
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2199;
}

/** True for a time zone the runtime knows by its IANA name (America/Los_Angeles). */
export function isValidTimeZone(value: string): boolean {
  if (!value || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const fromUtc = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const toUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** Calendar months later (negative: earlier); the day is clamped to the month's end (03-31 − 1 month = 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`;
}

// One formatter per zone: making one costs about a millisecond, far more than formatting with it
// (the wage computation converts thousands of punch moments a period).
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();
export function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = wallClockFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The calendar date it is in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const w = wallClock(now, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (Los Angeles: −7 h or −8 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The moment a calendar day begins in `timeZone` (midnight wall-clock time). */
export function startOfDayIn(date: string, timeZone: string): Date {
  const key = `${timeZone}|${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const midnightUtc = toUtc(date).getTime();
    const first = midnightUtc - offsetAt(midnightUtc, timeZone);
    start = midnightUtc - offsetAt(first, timeZone);
    // A few years of days at most; start over rather than grow without bound.
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}
const dayStarts = new Map<string, number>();
