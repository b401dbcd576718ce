import { describe, expect, it } from 'vitest';
import { restBreaksEarned, restMinutesTaken } from './breaks';
import { computeEmployeeWages } from './compute';
import { lineOf, wageInput, workDay } from './test-days';

/** Wage Order 5 §12 as read in Brinker: the rest owed at each boundary of the table (issue 24 item 4). */
describe('rest periods earned', () => {
  it.each([
    [0, 0],
    [209, 0],
    [210, 10],
    [360, 10],
    [361, 20],
    [600, 20],
    [601, 30],
    [840, 30],
    [841, 40],
  ])('%i minutes worked earn %i minutes of rest', (worked, rest) => {
    expect(restBreaksEarned(worked) * 10).toBe(rest);
    expect(restMinutesTaken(worked, 0)).toBe(rest);
  });

  it('a rest break recorded as not given is not counted as rest taken', () => {
    expect(restMinutesTaken(600, 1)).toBe(10);
    expect(restMinutesTaken(360, 3)).toBe(0);
  });

  it('a piece-rate day of exactly 6 h pays 10 minutes of rest apart, one of exactly 10 h 20 minutes', () => {
    const day = (end: string) =>
      computeEmployeeWages(
        wageInput({
          days: [workDay('2026-03-03', ['08:00', end], [['job', '08:00', end, 1]])],
          jobs: new Map([[1, { priceCents: 60_000, teamInHomeMinutes: 600, teamSize: 1 }]]),
          payRates: [{ effectiveFrom: '2025-01-01', payType: 'percentage', rate: 4000 }],
        }),
      );
    expect(lineOf(day('14:00'), 'rest').minutes).toBe(10);
    expect(lineOf(day('14:00'), 'piece').minutes).toBe(350);
    expect(lineOf(day('18:00'), 'rest').minutes).toBe(20);
  });
});
