import { addDays, nthWeekdayOfMonth, type PlanFrequency, rruleOf, weekdayOf } from '@tidyhouse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOccurrence, nextOccurrence, nextOccurrences, occurrencesBetween } from './recurrence';

// The business's own zone: daylight-saving changes on 2026-03-08 and 2026-11-01 must not move a visit.
process.env.TZ = 'America/Los_Angeles';

const plan = (
  frequency: PlanFrequency,
  startDate: string,
  intervalWeeks: number | null = null,
  endDate: string | null = null,
) => ({
  rrule: rruleOf({ frequency, startDate, intervalWeeks }),
  patternFrom: startDate,
  endDate,
});

describe('RRULE of each frequency', () => {
  it('writes the weekday of the start date, the interval, and the nth weekday for monthly', () => {
    // 2026-12-08 is the second Tuesday of December 2026.
    expect(rruleOf({ frequency: 'weekly', startDate: '2026-12-08' })).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU');
    expect(rruleOf({ frequency: 'biweekly', startDate: '2026-12-10' })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH');
    expect(rruleOf({ frequency: 'every_three_weeks', startDate: '2026-12-07' })).toBe('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO');
    expect(rruleOf({ frequency: 'every_four_weeks', startDate: '2026-12-12' })).toBe('FREQ=WEEKLY;INTERVAL=4;BYDAY=SA');
    expect(rruleOf({ frequency: 'custom', startDate: '2026-12-08', intervalWeeks: 6 })).toBe('FREQ=WEEKLY;INTERVAL=6;BYDAY=TU');
    expect(rruleOf({ frequency: 'monthly', startDate: '2026-12-08' })).toBe('FREQ=MONTHLY;BYDAY=+2TU');
    expect(rruleOf({ frequency: 'monthly', startDate: '2026-12-29' })).toBe('FREQ=MONTHLY;BYDAY=-1TU');
    expect(rruleOf({ frequency: 'one_time', startDate: '2026-12-08' })).toBe('FREQ=DAILY;COUNT=1');
  });

  it('counts the weekday of the month by the day: 1-7 first … 22-28 fourth, 29-31 last', () => {
    expect(nthWeekdayOfMonth('2026-12-01')).toBe(1);
    expect(nthWeekdayOfMonth('2026-12-07')).toBe(1);
    expect(nthWeekdayOfMonth('2026-12-08')).toBe(2);
    expect(nthWeekdayOfMonth('2026-12-28')).toBe(4);
    expect(nthWeekdayOfMonth('2026-12-29')).toBe(-1);
    expect(nthWeekdayOfMonth('2026-12-31')).toBe(-1);
  });
});

describe('occurrences', () => {
  it('keeps a weekly visit on its day across both daylight-saving changes', () => {
    // Tuesdays around 2026-03-08 (clocks forward) and 2026-11-01 (clocks back) in California.
    expect(occurrencesBetween(plan('weekly', '2026-02-24'), '2026-02-24', '2026-03-17')).toEqual([
      '2026-02-24',
      '2026-03-03',
      '2026-03-10',
      '2026-03-17',
    ]);
    expect(occurrencesBetween(plan('weekly', '2026-10-20'), '2026-10-25', '2026-11-10')).toEqual([
      '2026-10-27',
      '2026-11-03',
      '2026-11-10',
    ]);
    // A Sunday plan: the change itself happens on a Sunday.
    expect(occurrencesBetween(plan('weekly', '2026-03-01'), '2026-03-01', '2026-03-15')).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
    ]);
  });

  it('repeats monthly on the 2nd Tuesday', () => {
    expect(occurrencesBetween(plan('monthly', '2026-12-08'), '2026-12-01', '2027-05-31')).toEqual([
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
      '2027-04-13',
      '2027-05-11',
    ]);
  });

  it('repeats a plan started on a 5th weekday on the last such weekday of every month, never skipping one', () => {
    // 2026-12-29 is the 5th Tuesday of December; February 2027 has four Tuesdays.
    expect(occurrencesBetween(plan('monthly', '2026-12-29'), '2026-12-01', '2027-03-31')).toEqual([
      '2026-12-29',
      '2027-01-26',
      '2027-02-23',
      '2027-03-30',
    ]);
  });

  it('keeps the alternation of every 2, 3 and 4 weeks and a custom interval from the start date', () => {
    expect(occurrencesBetween(plan('biweekly', '2026-12-10'), '2026-12-11', '2027-01-31')).toEqual([
      '2026-12-24',
      '2027-01-07',
      '2027-01-21',
    ]);
    expect(occurrencesBetween(plan('every_three_weeks', '2026-12-07'), '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-07',
      '2026-12-28',
      '2027-01-18',
    ]);
    expect(occurrencesBetween(plan('every_four_weeks', '2026-12-12'), '2026-12-01', '2027-02-28')).toEqual([
      '2026-12-12',
      '2027-01-09',
      '2027-02-06',
    ]);
    expect(occurrencesBetween(plan('custom', '2026-12-08', 5), '2026-12-01', '2027-03-31')).toEqual([
      '2026-12-08',
      '2027-01-12',
      '2027-02-16',
      '2027-03-23',
    ]);
  });

  it('gives one time a single visit, and stops at the end date', () => {
    expect(occurrencesBetween(plan('one_time', '2026-12-08'), '2026-01-01', '2027-12-31')).toEqual(['2026-12-08']);
    expect(occurrencesBetween(plan('weekly', '2026-12-08', null, '2026-12-22'), '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
    ]);
    expect(nextOccurrence(plan('weekly', '2026-12-08', null, '2026-12-22'), '2026-12-23')).toBeNull();
  });

  it('answers the next visits and whether a date is one', () => {
    const weekly = plan('weekly', '2026-12-08');
    expect(nextOccurrence(weekly, '2026-12-09')).toBe('2026-12-15');
    expect(nextOccurrence(weekly, '2026-12-01')).toBe('2026-12-08');
    expect(nextOccurrences(weekly, '2026-12-09', 3)).toEqual(['2026-12-15', '2026-12-22', '2026-12-29']);
    expect(isOccurrence(weekly, '2026-12-15')).toBe(true);
    expect(isOccurrence(weekly, '2026-12-16')).toBe(false);
    expect(isOccurrence(weekly, '2026-12-01')).toBe(false);
  });

  it('for any start and interval: every visit is on the start weekday, the gaps are the interval, none is missed', () => {
    const dates = fc
      .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dates, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 400 }), (start, weeks, offset) => {
        const from = addDays(start, offset);
        const to = addDays(from, 120);
        const found = occurrencesBetween(plan('custom', start, weeks), from, to);
        for (const date of found) expect(weekdayOf(date)).toBe(weekdayOf(start));
        for (let i = 1; i < found.length; i++) expect(found[i]).toBe(addDays(found[i - 1]!, weeks * 7));
        // The first visit in the window is the first date >= from that is a whole number of periods from the start.
        const daysIn = Math.round((Date.parse(from) - Date.parse(start)) / 86_400_000);
        const periods = Math.max(0, Math.ceil(daysIn / (weeks * 7)));
        const first = addDays(start, periods * weeks * 7);
        expect(found[0] ?? null).toBe(first <= to ? first : null);
      }),
      { numRuns: 200 },
    );
  });
});
