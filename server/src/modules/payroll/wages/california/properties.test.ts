import type { WorkDay } from '@tidyhouse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeEmployeeWages } from './compute';
import { wageInput } from './test-days';
import type { EmployeeWageInput } from './types';

/** Random weeks of work (a shift, a meal maybe, jobs and drives inside it) under every pay model. */
const arbDay = (workDate: string, jobBase: number) =>
  fc
    .record({
      start: fc.integer({ min: 300, max: 720 }),
      length: fc.integer({ min: 60, max: 900 }),
      mealAt: fc.option(fc.integer({ min: 120, max: 420 })),
      jobSplit: fc.integer({ min: 10, max: 90 }),
      missedRestBreaks: fc.integer({ min: 0, max: 1 }),
    })
    .map(({ start, length, mealAt, jobSplit, missedRestBreaks }): WorkDay => {
      const end = start + length;
      const mid = start + Math.floor((length * jobSplit) / 100);
      const segments: WorkDay['segments'] = [
        { kind: 'job', start, end: mid, jobId: jobBase },
        { kind: 'drive', start: mid, end: Math.min(end, mid + 20) },
        { kind: 'job', start: Math.min(end, mid + 20), end, jobId: jobBase + 1 },
      ];
      if (mealAt != null && mealAt + 30 < length)
        segments.push({ kind: 'meal', start: start + mealAt, end: start + mealAt + 30 });
      return { userId: 1, workDate, shift: { start, end }, segments, missedRestBreaks };
    });

const DATES = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
const arbWeek = fc
  .tuple(...DATES.map((d, i) => fc.option(arbDay(d, 100 + 2 * i), { freq: 3 })))
  .map((days) => days.filter((d): d is WorkDay => d !== null));

const arbPay = fc.oneof(
  fc.integer({ min: 1690, max: 6000 }).map((rate) => ({ payType: 'hourly' as const, rate })),
  fc.integer({ min: 1000, max: 6000 }).map((rate) => ({ payType: 'percentage' as const, rate })),
);

function inputFor(days: WorkDay[], pay: { payType: 'hourly' | 'percentage'; rate: number }): EmployeeWageInput {
  const jobs = new Map<number, { priceCents: number; teamInHomeMinutes: number; teamSize: number }>();
  for (let i = 0; i < 14; i++) jobs.set(100 + i, { priceCents: 15_000 + 1_000 * i, teamInHomeMinutes: 1_200, teamSize: 2 });
  return wageInput({ days, jobs, payRates: [{ effectiveFrom: '2025-01-01', ...pay }] });
}

const premiums = new Set(['overtime', 'doubleTime', 'mealPremium', 'restPremium', 'minimumWageTopUp', 'tips']);

describe('California wages: properties', () => {
  it('totals add up to the cent: items to lines, lines to the gross', () => {
    fc.assert(
      fc.property(arbWeek, arbPay, (days, pay) => {
        const result = computeEmployeeWages(inputFor(days, pay));
        for (const line of result.lines) {
          expect(line.items.reduce((s, i) => s + i.cents, 0)).toBe(line.cents);
          expect(line.items.reduce((s, i) => s + i.minutes, 0)).toBe(line.minutes);
        }
        expect(result.lines.reduce((s, l) => s + l.cents, 0)).toBe(result.grossCents);
        expect(result.days.reduce((s, d) => s + d.workedMinutes, 0)).toBe(result.workedMinutes);
      }),
    );
  });

  it('pay is never below the minimum wage for every hour worked', () => {
    fc.assert(
      fc.property(arbWeek, arbPay, (days, pay) => {
        const result = computeEmployeeWages(inputFor(days, pay));
        expect(60 * result.grossCents).toBeGreaterThanOrEqual(result.workedMinutes * 1690);
      }),
    );
  });

  it('an hourly employee is paid at least straight time for all hours, and every overtime hour adds half the rate', () => {
    fc.assert(
      fc.property(arbWeek, fc.integer({ min: 1690, max: 6000 }), (days, rate) => {
        const result = computeEmployeeWages(inputFor(days, { payType: 'hourly', rate }));
        // Each straight item is rounded once: at most half a cent per item below the exact figure.
        const straightItems = result.lines.filter((l) => !premiums.has(l.kind)).reduce((s, l) => s + l.items.length, 0);
        expect(result.grossCents + straightItems / 2).toBeGreaterThanOrEqual((result.workedMinutes * rate) / 60);
        const overtime = result.days.reduce((s, d) => s + d.overtimeMinutes + 2 * d.doubleTimeMinutes, 0);
        expect(result.grossCents + straightItems).toBeGreaterThanOrEqual(((result.workedMinutes + overtime / 2) * rate) / 60);
      }),
    );
  });

  it('moving a clock-out by a minute changes pay by at most two minutes at twice the regular rate, or one premium hour more', () => {
    fc.assert(
      fc.property(arbWeek, fc.integer({ min: 1690, max: 6000 }), fc.nat(), fc.constantFrom(-1, 1), (days, rate, pick, delta) => {
        fc.pre(days.length > 0);
        const index = pick % days.length;
        const moved = days.map((d, i) =>
          i === index && d.shift ? { ...d, shift: { start: d.shift.start, end: d.shift.end + delta } } : d,
        );
        const before = computeEmployeeWages(inputFor(days, { payType: 'hourly', rate }));
        const after = computeEmployeeWages(inputFor(moved, { payType: 'hourly', rate }));
        // One minute at up to 2× the rate, rounding of the few items touched, and perhaps a meal premium hour.
        const bound = (2 * rate) / 60 + 5 + rate;
        expect(Math.abs(after.grossCents - before.grossCents)).toBeLessThanOrEqual(bound);
        const premiumItems = (r: typeof before) =>
          r.lines.filter((l) => l.kind === 'mealPremium' || l.kind === 'restPremium').reduce((s, l) => s + l.items.length, 0);
        if (premiumItems(before) === premiumItems(after))
          expect(Math.abs(after.grossCents - before.grossCents)).toBeLessThanOrEqual((2 * rate) / 60 + 5);
      }),
    );
  });
});
