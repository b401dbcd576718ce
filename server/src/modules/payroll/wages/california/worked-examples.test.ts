import { describe, expect, it } from 'vitest';
import { computeEmployeeWages } from './compute';
import { lineOf, wageInput, workDay } from './test-days';
import { splitByMinutes } from './tips';

/** The worked examples of docs/business-rules.md "Wages: worked examples", computed there by hand. */
describe('California wages: worked examples', () => {
  it('a 13-hour day at $20: 8 h straight, 4 h overtime, 1 h double time = $320.00', () => {
    const result = computeEmployeeWages(
      wageInput({
        days: [
          workDay(
            '2026-03-02',
            ['06:00', '20:00'],
            [
              ['job', '06:00', '20:00', 1],
              ['meal', '10:00', '10:30'],
              ['meal', '15:00', '15:30'],
            ],
          ),
        ],
        jobs: new Map([[1, { priceCents: 50_000, teamInHomeMinutes: 780, teamSize: 1 }]]),
      }),
    );
    expect(result.workedMinutes).toBe(780);
    expect(lineOf(result, 'regular')).toEqual({ minutes: 780, cents: 26_000 });
    expect(lineOf(result, 'overtime')).toEqual({ minutes: 240, cents: 4_000 });
    expect(lineOf(result, 'doubleTime')).toEqual({ minutes: 60, cents: 2_000 });
    expect(lineOf(result, 'mealPremium').cents).toBe(0);
    expect(result.grossCents).toBe(32_000);
  });

  it('a 6-day week of 9-hour days at $20: 40 h straight, 14 h overtime = $1,220.00', () => {
    const days = ['02', '03', '04', '05', '06', '07'].map((d) =>
      workDay(`2026-03-${d}`, ['08:00', '17:30'], [['meal', '12:00', '12:30']]),
    );
    const result = computeEmployeeWages(wageInput({ days }));
    expect(result.workedMinutes).toBe(54 * 60);
    expect(lineOf(result, 'overtime')).toEqual({ minutes: 14 * 60, cents: 14_000 });
    expect(result.days.at(-1)).toMatchObject({ workDate: '2026-03-07', regularMinutes: 0, overtimeMinutes: 540 });
    expect(result.grossCents).toBe(122_000);
  });

  it('a seventh consecutive day of 10 hours: 8 h at 1.5×, 2 h at 2× = $1,360.00 for the week', () => {
    const days = ['01', '02', '03', '04', '05', '06'].map((d) =>
      workDay(`2026-03-${d}`, ['08:00', '16:30'], [['meal', '12:00', '12:30']]),
    );
    days.push(workDay('2026-03-07', ['08:00', '18:30'], [['meal', '12:00', '12:30']]));
    const result = computeEmployeeWages(wageInput({ days }));
    expect(result.days.at(-1)).toMatchObject({ regularMinutes: 0, overtimeMinutes: 480, doubleTimeMinutes: 120 });
    expect(lineOf(result, 'overtime')).toEqual({ minutes: 960, cents: 16_000 });
    expect(lineOf(result, 'doubleTime')).toEqual({ minutes: 120, cents: 4_000 });
    expect(result.grossCents).toBe(136_000);
  });

  it('the seventh day counts the days of the workweek before a period that starts mid-week', () => {
    const days = ['01', '02', '03', '04', '05', '06', '07'].map((d) => workDay(`2026-03-${d}`, ['08:00', '12:00']));
    const result = computeEmployeeWages(wageInput({ days, period: { start: '2026-03-04', end: '2026-03-07' } }));
    expect(result.workedMinutes).toBe(4 * 240);
    expect(result.days.at(-1)).toMatchObject({ workDate: '2026-03-07', overtimeMinutes: 240 });
  });

  it('a percentage-paid cleaner with 45 hours: piece pay, drive and rest paid apart, overtime at the average rate = $923.25', () => {
    const days = ['02', '03', '04', '05', '06'].map((d, i) =>
      workDay(
        `2026-03-${d}`,
        ['08:00', '17:30'],
        [
          ['job', '08:00', '12:00', 10 + 2 * i],
          ['meal', '12:00', '12:30'],
          ['drive', '12:30', '13:00'],
          ['job', '13:00', '17:30', 11 + 2 * i],
        ],
      ),
    );
    const jobs = new Map<number, { priceCents: number; teamInHomeMinutes: number; teamSize: number }>();
    for (let i = 0; i < 5; i++) {
      jobs.set(10 + 2 * i, { priceCents: 40_000, teamInHomeMinutes: 480, teamSize: 2 });
      jobs.set(11 + 2 * i, { priceCents: 40_000, teamInHomeMinutes: 540, teamSize: 2 });
    }
    const result = computeEmployeeWages(
      wageInput({ days, jobs, payRates: [{ effectiveFrom: '2025-01-01', payType: 'percentage', rate: 4000 }] }),
    );
    expect(result.workedMinutes).toBe(45 * 60);
    expect(lineOf(result, 'piece')).toEqual({ minutes: 2_450, cents: 80_000 });
    expect(lineOf(result, 'drive')).toEqual({ minutes: 150, cents: 4_225 });
    expect(lineOf(result, 'rest')).toEqual({ minutes: 100, cents: 3_240 });
    expect(lineOf(result, 'overtime')).toEqual({ minutes: 300, cents: 4_860 });
    expect(lineOf(result, 'minimumWageTopUp').cents).toBe(0);
    expect(result.grossCents).toBe(92_325);
  });

  it('a percentage-paid cleaner under the minimum wage gets the top-up, and overtime at no less than it', () => {
    const days = [
      workDay(
        '2026-03-02',
        ['08:00', '17:30'],
        [
          ['job', '08:00', '12:00', 1],
          ['meal', '12:00', '12:30'],
          ['job', '12:30', '17:30', 2],
        ],
      ),
    ];
    const jobs = new Map([
      [1, { priceCents: 10_000, teamInHomeMinutes: 240, teamSize: 1 }],
      [2, { priceCents: 10_000, teamInHomeMinutes: 300, teamSize: 1 }],
    ]);
    const result = computeEmployeeWages(
      wageInput({ days, jobs, payRates: [{ effectiveFrom: '2025-01-01', payType: 'percentage', rate: 4000 }] }),
    );
    // 9 h at $16.90 = $152.10; piece $80.00 + rest 20 min at $16.90 ($5.63) = $85.63; top-up $66.47.
    expect(lineOf(result, 'minimumWageTopUp').cents).toBe(6_647);
    // 1 h of overtime at half of $16.90.
    expect(lineOf(result, 'overtime').cents).toBe(845);
    expect(result.grossCents).toBe(15_210 + 845);
  });

  it('a missed meal break: a 7-hour day whose meal starts after the 5th hour earns an hour at $20', () => {
    const result = computeEmployeeWages(
      wageInput({ days: [workDay('2026-03-03', ['08:00', '15:30'], [['meal', '13:30', '14:00']])] }),
    );
    expect(lineOf(result, 'mealPremium')).toEqual({ minutes: 60, cents: 2_000 });
    expect(result.grossCents).toBe(16_000);
    const onTime = computeEmployeeWages(
      wageInput({ days: [workDay('2026-03-03', ['08:00', '15:30'], [['meal', '12:30', '13:00']])] }),
    );
    expect(onTime.grossCents).toBe(14_000);
  });

  it('a meal waiver: a 5½-hour day without a meal earns the premium unless a first-meal waiver is in force; a 7-hour day always', () => {
    const short = (mealWaivers?: { first: boolean; second: boolean }) =>
      computeEmployeeWages(wageInput({ days: [{ ...workDay('2026-03-03', ['08:00', '13:30']), mealWaivers }] }));
    // 5.5 h × $20 = $110.00, plus an hour at $20 when the meal is owed.
    expect(short().grossCents).toBe(13_000);
    expect(short({ first: true, second: false }).grossCents).toBe(11_000);
    expect(lineOf(short({ first: true, second: false }), 'mealPremium').cents).toBe(0);
    const seven = computeEmployeeWages(
      wageInput({ days: [{ ...workDay('2026-03-03', ['08:00', '15:00']), mealWaivers: { first: true, second: true } }] }),
    );
    expect(lineOf(seven, 'mealPremium')).toEqual({ minutes: 60, cents: 2_000 });
    // 11½ h with the first meal in time: the second is excused by its waiver (no more than 12 h).
    const long = (mealWaivers?: { first: boolean; second: boolean }) =>
      computeEmployeeWages(
        wageInput({ days: [{ ...workDay('2026-03-03', ['07:00', '19:00'], [['meal', '11:00', '11:30']]), mealWaivers }] }),
      );
    expect(lineOf(long(), 'mealPremium').cents).toBeGreaterThan(0);
    expect(lineOf(long({ first: false, second: true }), 'mealPremium').cents).toBe(0);
  });

  it('a rest break not given earns one premium hour a day', () => {
    const result = computeEmployeeWages(wageInput({ days: [workDay('2026-03-03', ['08:00', '12:00'], [], 1)] }));
    expect(lineOf(result, 'restPremium')).toEqual({ minutes: 60, cents: 2_000 });
  });

  it('a tip of $50.00 split across three members by 120, 120 and 90 in-home minutes: $18.18, $18.18, $13.64', () => {
    const shares = splitByMinutes(5_000, [
      { key: 'a', minutes: 120 },
      { key: 'b', minutes: 120 },
      { key: 'c', minutes: 90 },
    ]);
    expect(shares).toEqual([
      { key: 'a', cents: 1_818 },
      { key: 'b', cents: 1_818 },
      { key: 'c', cents: 1_364 },
    ]);
    const result = computeEmployeeWages(wageInput({ tips: [{ paymentId: 7, jobId: 3, workDate: '2026-03-04', cents: 1_364 }] }));
    expect(result.lines).toEqual([
      {
        kind: 'tips',
        minutes: 0,
        rateCentsPerHour: null,
        cents: 1_364,
        items: [{ workDate: '2026-03-04', jobId: 3, paymentId: 7, minutes: 0, cents: 1_364 }],
      },
    ]);
  });

  it('drive before the first job is the commute and unpaid; drive between jobs is paid', () => {
    const result = computeEmployeeWages(
      wageInput({
        days: [
          workDay('2026-03-03', null, [
            ['drive', '07:30', '08:00'],
            ['job', '08:00', '10:00', 1],
            ['drive', '10:00', '10:20'],
            ['job', '10:20', '12:00', 2],
          ]),
        ],
      }),
    );
    expect(result.workedMinutes).toBe(240);
    expect(lineOf(result, 'drive')).toEqual({ minutes: 20, cents: 667 });
  });

  it('an exempt salary is paid per period, prorated from the semi-monthly rate; no overtime', () => {
    const result = computeEmployeeWages(
      wageInput({
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'salary', rate: 300_000 }],
        days: ['02', '03'].map((d) => workDay(`2026-03-${d}`, ['06:00', '20:00'])),
      }),
    );
    // $3,000.00 × 24 ÷ 52 = $1,384.62 a week.
    expect(result.lines.map((l) => [l.kind, l.cents])).toEqual([['salary', 138_462]]);
  });
});
