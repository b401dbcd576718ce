import { addDays, type PlanChangeRequest, type PlanFrequency, rruleOf, weekdayOf } from '@tidyhouse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSchedule } from './changes';
import type { PlanRow } from './job-drafts';
import { occurrencesBetween } from './recurrence';

/** The pattern a change keeps or starts (nextSchedule is pure: no database needed). */

const REPEATING: PlanFrequency[] = ['weekly', 'biweekly', 'every_three_weeks', 'every_four_weeks', 'monthly', 'custom'];

const planOf = (frequency: PlanFrequency, patternFrom: string, intervalWeeks: number | null) =>
  ({
    frequency,
    intervalWeeks: frequency === 'custom' ? intervalWeeks : null,
    rrule: rruleOf({ frequency, intervalWeeks, startDate: patternFrom }),
    patternFrom,
    endDate: null,
  }) as PlanRow;

const requestOf = (plan: PlanRow, fromDate: string, extra: Partial<PlanChangeRequest> = {}) =>
  ({
    id: 1,
    version: 1,
    fromDate,
    newPattern: false,
    frequency: plan.frequency,
    intervalWeeks: plan.intervalWeeks,
    servicePriceCents: 17_000,
    budgetMinutes: 180,
    durationMinutes: null,
    preferredTeamId: null,
    windowStart: null,
    windowEnd: null,
    endDate: null,
    lines: [],
    ...extra,
  }) as PlanChangeRequest;

const dates = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the pattern after a change from a date', () => {
  it('with the same frequency, from any day: the visits from that day on are exactly the current ones (weekday kept)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REPEATING),
        fc.integer({ min: 1, max: 8 }),
        dates,
        fc.integer({ min: 0, max: 200 }),
        (frequency, weeks, start, offset) => {
          const plan = planOf(frequency, start, weeks);
          const fromDate = addDays(start, offset);
          const next = nextSchedule(plan, requestOf(plan, fromDate));
          const to = addDays(fromDate, 180);
          const after = occurrencesBetween(next, fromDate, to);
          expect(after).toEqual(occurrencesBetween(plan, fromDate, to));
          for (const date of after) expect(weekdayOf(date)).toBe(weekdayOf(start));
          expect(next.servicePriceCents).toBe(17_000);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a new pattern (asked for, or another frequency) starts on the date itself, on its weekday', () => {
    const plan = planOf('weekly', '2027-03-02', null); // Tuesdays
    const thursday = '2027-03-11';
    const kept = nextSchedule(plan, requestOf(plan, thursday));
    expect(occurrencesBetween(kept, thursday, addDays(thursday, 13))).toEqual(['2027-03-16', '2027-03-23']);
    const asked = nextSchedule(plan, requestOf(plan, thursday, { newPattern: true }));
    expect(asked).toMatchObject({ rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TH', patternFrom: thursday });
    const biweekly = nextSchedule(plan, requestOf(plan, thursday, { frequency: 'biweekly' }));
    expect(occurrencesBetween(biweekly, thursday, addDays(thursday, 20))).toEqual([thursday, '2027-03-25']);
  });

  it('a one-time plan changed after its visit gets its visit on the date', () => {
    const plan = planOf('one_time', '2027-03-02', null);
    const next = nextSchedule(plan, requestOf(plan, '2027-03-10'));
    expect(occurrencesBetween(next, '2027-03-10', '2027-06-01')).toEqual(['2027-03-10']);
  });
});
