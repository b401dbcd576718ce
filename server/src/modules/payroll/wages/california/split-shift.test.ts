import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeEmployeeWages } from './compute';
import { longestSplitBreak, splitShiftPremiumCents } from './split-shift';
import { lineOf, wageInput, workDay } from './test-days';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const MINIMUM = 1690;
const twoShifts = {
  workPeriods: [
    { start: h(8), end: h(12) },
    { start: h(15), end: h(19) },
  ],
  meals: [],
  workedMinutes: h(8),
};

describe('split-shift premium (Wage Order 5 §4(C)): the worked example of docs/business-rules.md', () => {
  it('8 h in two shifts around a 3-hour break at $17.50: $16.90 less the $4.80 above the minimum = $12.10', () => {
    // Day pay 8 × $17.50 = $140.00; minimum for 8 h 8 × $16.90 = $135.20; excess $4.80.
    expect(splitShiftPremiumCents({ ...twoShifts, dayPayCents: 14_000, minimumWageCentsPerHour: MINIMUM })).toBe(1_210);
    // At the minimum wage the whole hour: $16.90.
    expect(splitShiftPremiumCents({ ...twoShifts, dayPayCents: 13_520, minimumWageCentsPerHour: MINIMUM })).toBe(1_690);
    // At $20.00: $160.00 exceeds $135.20 by $24.80, more than the hour: nothing.
    expect(splitShiftPremiumCents({ ...twoShifts, dayPayCents: 16_000, minimumWageCentsPerHour: MINIMUM })).toBe(0);
  });

  it('the wage computation pays it as its own line on a day clocked out and in again: 6 h at $17.50 = $105.00 + $13.30', () => {
    // 08:00–12:00 and 15:00–17:00; a first-meal waiver (6 h) so no meal premium muddies the figure.
    // Minimum for 6 h: 6 × $16.90 = $101.40; the day's pay exceeds it by $3.60: $16.90 − $3.60 = $13.30.
    const pay = { payRates: [{ effectiveFrom: '2025-01-01', payType: 'hourly' as const, rate: 1750 }] };
    const mealWaivers = { first: true, second: false };
    const day = { ...workDay('2026-03-03', ['08:00', '17:00']), shiftBreaks: [{ start: h(12), end: h(15) }], mealWaivers };
    const result = computeEmployeeWages(wageInput({ days: [day], ...pay }));
    expect(result.workedMinutes).toBe(h(6));
    expect(lineOf(result, 'splitShift')).toEqual({ minutes: 60, cents: 1_330 });
    expect(result.grossCents).toBe(11_830);
    // The same hours in one span: no split shift.
    const straight = computeEmployeeWages(
      wageInput({ days: [{ ...workDay('2026-03-03', ['08:00', '14:00']), mealWaivers }], ...pay }),
    );
    expect(lineOf(straight, 'splitShift').cents).toBe(0);
    expect(straight.grossCents).toBe(10_500);
  });

  it('a break of one hour or less, or one made up of a meal, is no split shift', () => {
    const day = (gapEnd: number, meals: { start: number; end: number }[] = []) =>
      splitShiftPremiumCents({
        workPeriods: [
          { start: h(8), end: h(12) },
          { start: gapEnd, end: h(17) },
        ],
        meals,
        workedMinutes: h(9) - (gapEnd - h(12)),
        dayPayCents: 0,
        minimumWageCentsPerHour: MINIMUM,
      });
    expect(day(h(13))).toBe(0);
    expect(day(h(13, 1))).toBe(MINIMUM);
    expect(day(h(13, 30), [{ start: h(12), end: h(12, 30) }])).toBe(0);
    expect(day(h(13, 31), [{ start: h(12), end: h(12, 30) }])).toBe(MINIMUM);
    expect(longestSplitBreak([{ start: h(8), end: h(17) }], [{ start: h(12), end: h(13) }])).toBe(0);
  });

  it('property: never lowers pay, never more than an hour at the minimum, and a split day reaches the minimum for its hours plus one', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 1400 }), fc.integer({ min: 1, max: 600 })).map(([start, length]) => ({
      start,
      end: start + length,
    }));
    fc.assert(
      fc.property(
        fc.array(interval, { minLength: 1, maxLength: 4 }),
        fc.array(interval, { maxLength: 2 }),
        fc.integer({ min: 1650, max: 3000 }),
        fc.integer({ min: 1000, max: 8000 }),
        (workPeriods, meals, minimum, hourly) => {
          const workedMinutes = workPeriods.reduce((sum, p) => sum + p.end - p.start, 0);
          const dayPayCents = Math.round((workedMinutes * Math.max(hourly, minimum)) / 60);
          const premium = splitShiftPremiumCents({
            workPeriods,
            meals,
            workedMinutes,
            dayPayCents,
            minimumWageCentsPerHour: minimum,
          });
          expect(premium).toBeGreaterThanOrEqual(0);
          expect(premium).toBeLessThanOrEqual(minimum);
          if (longestSplitBreak(workPeriods, meals) > 60) {
            expect(dayPayCents + premium).toBeGreaterThanOrEqual(Math.round((workedMinutes * minimum) / 60) + minimum);
          } else {
            expect(premium).toBe(0);
          }
        },
      ),
    );
  });
});
