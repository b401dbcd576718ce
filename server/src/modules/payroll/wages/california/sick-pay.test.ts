import { describe, expect, it } from 'vitest';
import { computeEmployeeWages } from './compute';
import { lineOf, wageInput, workDay } from './test-days';

/** Paid sick leave in wages (Labor Code 246(l)); docs/business-rules.md "Paid sick leave". */
const week = { start: '2026-04-05', end: '2026-04-11' }; // Sunday to Saturday
const eightHours = (date: string) => workDay(date, ['08:00', '16:30'], [['meal', '12:00', '12:30']]);

describe('sick pay', () => {
  it('pays a sick day at the workweek regular rate, outside hours worked (the worked example)', () => {
    const days = ['07', '08', '09', '10'].map((d) => eightHours(`2026-04-${d}`));
    const result = computeEmployeeWages(wageInput({ period: week, days, sickLeave: [{ workDate: '2026-04-06', minutes: 480 }] }));
    expect(result.lines.find((l) => l.kind === 'sickPay')).toMatchObject({ minutes: 480, rateCentsPerHour: 2000, cents: 16_000 });
    expect(result.lines.find((l) => l.kind === 'sickPay')!.items).toEqual([
      { workDate: '2026-04-06', minutes: 480, cents: 16_000 },
    ]);
    expect(result.workedMinutes).toBe(32 * 60);
    expect(result.grossCents).toBe(64_000 + 16_000);
  });

  it('sick hours do not count toward weekly overtime, and the rate is the regular rate, not an overtime rate', () => {
    // Five 8-hour days (40 h) and a sick Monday: still 40 h worked, no overtime.
    const days = ['07', '08', '09', '10', '11'].map((d) => eightHours(`2026-04-${d}`));
    const result = computeEmployeeWages(wageInput({ period: week, days, sickLeave: [{ workDate: '2026-04-06', minutes: 480 }] }));
    expect(lineOf(result, 'overtime').minutes).toBe(0);
    expect(lineOf(result, 'sickPay')).toEqual({ minutes: 480, cents: 16_000 });
  });

  it('uses the weighted regular rate of a week with a raise mid-week', () => {
    // $20 on Tuesday, $26 from Wednesday: 8 h each, regular rate (160 + 208) ÷ 16 = $23.00.
    const days = ['07', '08'].map((d) => eightHours(`2026-04-${d}`));
    const payRates = [
      { effectiveFrom: '2025-01-01', payType: 'hourly' as const, rate: 2000 },
      { effectiveFrom: '2026-04-08', payType: 'hourly' as const, rate: 2600 },
    ];
    const result = computeEmployeeWages(
      wageInput({ period: week, days, payRates, sickLeave: [{ workDate: '2026-04-09', minutes: 240 }] }),
    );
    expect(result.lines.find((l) => l.kind === 'sickPay')).toMatchObject({ minutes: 240, rateCentsPerHour: 2300, cents: 9_200 });
  });

  it('in a week without hours worked: the hourly rate, or for piece pay the minimum wage', () => {
    const sickLeave = [{ workDate: '2026-04-06', minutes: 480 }];
    const hourly = computeEmployeeWages(wageInput({ period: week, sickLeave }));
    expect(lineOf(hourly, 'sickPay')).toEqual({ minutes: 480, cents: 16_000 });
    const piece = computeEmployeeWages(
      wageInput({ period: week, sickLeave, payRates: [{ effectiveFrom: '2025-01-01', payType: 'percentage', rate: 4000 }] }),
    );
    expect(lineOf(piece, 'sickPay')).toEqual({ minutes: 480, cents: 13_520 });
  });

  it('pays no sick line to a salaried (exempt) employee, and none for a day outside the period', () => {
    const salaried = computeEmployeeWages(
      wageInput({
        period: week,
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'salary', rate: 200_000 }],
        sickLeave: [{ workDate: '2026-04-06', minutes: 480 }],
      }),
    );
    expect(lineOf(salaried, 'sickPay').cents).toBe(0);
    const outside = computeEmployeeWages(wageInput({ period: week, sickLeave: [{ workDate: '2026-04-13', minutes: 480 }] }));
    expect(outside.lines).toEqual([]);
  });
});
