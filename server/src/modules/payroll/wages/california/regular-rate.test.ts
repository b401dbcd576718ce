import { describe, expect, it } from 'vitest';
import { computeEmployeeWages } from './compute';
import { lineOf, wageInput, workDay } from './test-days';

/** The regular-rate derivation the drill-down and the statement show (docs/business-rules.md "Regular rate"). */
describe('regular rate of each workweek, with the overtime and double-time rates it gives', () => {
  it('one hourly rate: the rate itself, overtime 1.5× and double time 2× with their hours', () => {
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
    expect(result.regularRates).toEqual([
      {
        weekStart: '2026-03-01',
        straightCents: 26_000,
        workedMinutes: 780,
        floorCents: 21_970,
        floorApplied: false,
        centsPerHour: 2_000,
        overtimeCentsPerHour: 3_000,
        doubleTimeCentsPerHour: 4_000,
        overtimeMinutes: 240,
        doubleTimeMinutes: 60,
      },
    ]);
  });

  it('two rates in a week: the weighted average $408.00 ÷ 18 h = $22.67, overtime $34.00, double time $45.33', () => {
    const result = computeEmployeeWages(
      wageInput({
        days: [
          workDay('2026-03-02', ['08:00', '18:30'], [['meal', '12:00', '12:30']]),
          workDay(
            '2026-03-03',
            ['08:00', '16:30'],
            [
              ['labor', '08:00', '12:00', 5],
              ['meal', '12:00', '12:30'],
              ['labor', '12:30', '16:30', 5],
            ],
          ),
        ],
        laborTypes: new Map([[5, { hourlyRateCents: 2_600, isPaid: true }]]),
      }),
    );
    expect(lineOf(result, 'regular').cents + lineOf(result, 'labor').cents).toBe(40_800);
    expect(result.regularRates).toHaveLength(1);
    expect(result.regularRates![0]).toMatchObject({
      straightCents: 40_800,
      workedMinutes: 1_080,
      floorApplied: false,
      centsPerHour: 2_267,
      overtimeCentsPerHour: 3_400,
      doubleTimeCentsPerHour: 4_533,
      overtimeMinutes: 120,
      doubleTimeMinutes: 0,
    });
  });

  it('piece pay under the minimum wage: the regular rate is the floor, marked so', () => {
    const result = computeEmployeeWages(
      wageInput({
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'percentage', rate: 4_000 }],
        days: [workDay('2026-03-04', ['09:00', '13:00'], [['job', '09:00', '13:00', 7]])],
        jobs: new Map([[7, { priceCents: 5_000, teamInHomeMinutes: 240, teamSize: 1 }]]),
      }),
    );
    const [week] = result.regularRates!;
    expect(week).toMatchObject({ workedMinutes: 240, floorCents: 6_760, floorApplied: true, centsPerHour: 1_690 });
    expect(week!.straightCents).toBeLessThan(6_760);
    // The piece item carries the job's price beside its pay.
    expect(result.lines.find((l) => l.kind === 'piece')!.items[0]).toMatchObject({
      jobId: 7,
      jobPriceCents: 5_000,
      cents: 2_000,
    });
  });

  it('a salaried week has no regular rate to derive', () => {
    const result = computeEmployeeWages(
      wageInput({
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'salary', rate: 300_000 }],
        days: [workDay('2026-03-02', ['08:00', '16:00'])],
      }),
    );
    expect(result.regularRates).toEqual([]);
  });
});
