import type { WorkDay } from '@tidyhouse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeEmployeeWages } from './compute';
import { classifyDay } from './day-time';
import { minimumWageAt } from './rates';
import { lineOf, wageInput, workDay } from './test-days';
import type { MinimumWageRate } from './types';

/** Local minimum wages (issue 24 item 5): each hour's floor is the highest rate where it was worked. */
const city = (jurisdiction: string, effectiveFrom: string, centsPerHour: number, minEmployees = 0): MinimumWageRate => ({
  effectiveFrom,
  centsPerHour,
  jurisdiction,
  places: [jurisdiction.toLowerCase()],
  minEmployees,
});
const state = (effectiveFrom: string, centsPerHour: number): MinimumWageRate => ({
  effectiveFrom,
  centsPerHour,
  jurisdiction: 'California',
  places: null,
  minEmployees: 0,
});
const BAY_AREA: MinimumWageRate[] = [
  state('2025-01-01', 1650),
  state('2026-01-01', 1690),
  city('Burlingame', '2025-01-01', 1743),
  city('Burlingame', '2026-01-01', 1786),
  city('Mountain View', '2025-01-01', 1920),
  city('Mountain View', '2026-01-01', 1970),
  city('Hayward', '2025-01-01', 1736, 26),
  city('Hayward', '2026-01-01', 1779, 26),
  {
    effectiveFrom: '2026-01-01',
    centsPerHour: 1795,
    jurisdiction: 'San Mateo County (unincorporated)',
    places: ['north fair oaks', 'el granada'],
    minEmployees: 0,
  },
];

describe('minimum wage by where the work is done', () => {
  it('the floor is the highest rate in force at the place, by date, tier and place', () => {
    const at = (date: string, place: string, count = 10) => minimumWageAt(BAY_AREA, date, place, count);
    expect(at('2026-03-03', 'mountain view')).toEqual({ centsPerHour: 1970, jurisdiction: 'Mountain View' });
    expect(at('2025-12-31', 'mountain view')).toEqual({ centsPerHour: 1920, jurisdiction: 'Mountain View' });
    expect(at('2026-03-03', 'fresno')).toEqual({ centsPerHour: 1690, jurisdiction: 'California' });
    // Hayward's rate binds employers of 26 or more; a smaller one owes the state's.
    expect(at('2026-03-03', 'hayward', 25)).toEqual({ centsPerHour: 1690, jurisdiction: 'California' });
    expect(at('2026-03-03', 'hayward', 26)).toEqual({ centsPerHour: 1779, jurisdiction: 'Hayward' });
    // A county's unincorporated area: its listed places only.
    expect(at('2026-03-03', 'el granada').jurisdiction).toBe('San Mateo County (unincorporated)');
    expect(at('2024-06-01', 'burlingame').centsPerHour).toBe(0);
  });

  it('a day at a job in Mountain View for an employee paid $17.00, business in Burlingame: top-up $20.68', () => {
    // 7½ h at the Mountain View job ($19.70) and ½ h of office time back in Burlingame ($17.86).
    const result = computeEmployeeWages(
      wageInput({
        minimumWages: BAY_AREA,
        businessPlace: 'burlingame',
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'hourly', rate: 1700 }],
        days: [
          workDay(
            '2026-03-03',
            ['08:00', '16:30'],
            [
              ['job', '08:00', '12:00', 1],
              ['meal', '12:00', '12:30'],
              ['job', '12:30', '16:00', 2],
            ],
          ),
        ],
        jobs: new Map([
          [1, { priceCents: 30_000, teamInHomeMinutes: 240, teamSize: 1, place: 'mountain view' }],
          [2, { priceCents: 30_000, teamInHomeMinutes: 210, teamSize: 1, place: 'mountain view' }],
        ]),
      }),
    );
    // Floor: 450 min × $19.70 + 30 min × $17.86 = $147.75 + $8.93 = $156.68; pay 8 h × $17.00 = $136.00.
    expect(lineOf(result, 'regular')).toEqual({ minutes: 480, cents: 13_600 });
    expect(lineOf(result, 'minimumWageTopUp').cents).toBe(2_068);
    expect(result.grossCents).toBe(15_668);
    expect(result.minimumWagesUsed).toEqual([
      { jurisdiction: 'Mountain View', centsPerHour: 1970 },
      { jurisdiction: 'Burlingame', centsPerHour: 1786 },
    ]);
  });

  it('a job without a city counts at the business city; a percentage-paid drive is paid at the business floor', () => {
    const result = computeEmployeeWages(
      wageInput({
        minimumWages: BAY_AREA,
        businessPlace: 'burlingame',
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'percentage', rate: 4000 }],
        days: [
          workDay('2026-03-03', null, [
            ['job', '08:00', '10:00', 1],
            ['drive', '10:00', '10:30'],
            ['job', '10:30', '12:00', 2],
          ]),
        ],
        jobs: new Map([
          [1, { priceCents: 20_000, teamInHomeMinutes: 120, teamSize: 1 }],
          [2, { priceCents: 20_000, teamInHomeMinutes: 90, teamSize: 1, place: 'mountain view' }],
        ]),
      }),
    );
    // 30 min of drive at $17.86 = $8.93.
    expect(lineOf(result, 'drive')).toEqual({ minutes: 30, cents: 893 });
    expect(result.minimumWagesUsed.map((f) => f.jurisdiction)).toEqual(['Mountain View', 'Burlingame']);
  });

  it("the top-up is dated on the week's last day worked, not on the period's first day", () => {
    // Monday and Wednesday at $15.00 in a Sunday-to-Saturday period: the Sunday was not worked.
    const result = computeEmployeeWages(
      wageInput({
        payRates: [{ effectiveFrom: '2025-01-01', payType: 'hourly', rate: 1500 }],
        days: [workDay('2026-03-02', ['08:00', '12:00']), workDay('2026-03-04', ['08:00', '12:00'])],
      }),
    );
    const topUp = result.lines.find((l) => l.kind === 'minimumWageTopUp')!;
    // 8 h × ($16.90 − $15.00) = $15.20, on Wednesday.
    expect(topUp.cents).toBe(1_520);
    expect(topUp.items.map((i) => i.workDate)).toEqual(['2026-03-04']);
  });
});

/** Random weeks of two jobs a day, each in a place of the table (or none), under hourly or percentage pay. */
const PLACES = ['burlingame', 'mountain view', 'hayward', 'el granada', 'fresno', ''];
const DATES = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
const arbDay = (workDate: string, jobBase: number) =>
  fc
    .record({
      start: fc.integer({ min: 360, max: 600 }),
      length: fc.integer({ min: 60, max: 720 }),
      split: fc.integer({ min: 10, max: 90 }),
    })
    .map(({ start, length, split }): WorkDay => {
      const end = start + length;
      const mid = start + Math.floor((length * split) / 100);
      return {
        userId: 1,
        workDate,
        shift: { start, end: end + 20 },
        segments: [
          { kind: 'job', start, end: mid, jobId: jobBase },
          { kind: 'drive', start: mid, end: mid + 20 },
          { kind: 'job', start: mid + 20, end, jobId: jobBase + 1 },
        ],
        missedRestBreaks: 0,
      };
    });
const arbWeek = fc
  .tuple(...DATES.map((d, i) => fc.option(arbDay(d, 100 + 2 * i), { freq: 2 })))
  .map((days) => days.filter((d): d is WorkDay => d !== null));

describe('minimum wage by place: properties', () => {
  it("pay reaches every minute's floor where it was worked; the rates named are floors that applied; the top-up falls on a day worked", () => {
    fc.assert(
      fc.property(
        arbWeek,
        fc.array(fc.constantFrom(...PLACES), { minLength: 14, maxLength: 14 }),
        fc.constantFrom(...PLACES.slice(0, 3)),
        fc.integer({ min: 1, max: 40 }),
        fc.oneof(
          fc.integer({ min: 1200, max: 2200 }).map((rate) => ({ payType: 'hourly' as const, rate })),
          fc.integer({ min: 1000, max: 5000 }).map((rate) => ({ payType: 'percentage' as const, rate })),
        ),
        (days, places, businessPlace, employeeCount, pay) => {
          const jobs = new Map(
            places.map((place, i) => [100 + i, { priceCents: 12_000 + 500 * i, teamInHomeMinutes: 900, teamSize: 2, place }]),
          );
          const input = wageInput({
            days,
            jobs,
            minimumWages: BAY_AREA,
            businessPlace,
            employeeCount,
            payRates: [{ effectiveFrom: '2025-01-01', ...pay }],
          });
          const result = computeEmployeeWages(input);
          const floors = new Set<string>();
          let owed = 0;
          for (const day of days) {
            const time = classifyDay(day, new Map());
            let atJobs = 0;
            for (const [jobId, minutes] of time.jobMinutes) {
              const floor = minimumWageAt(BAY_AREA, day.workDate, jobs.get(jobId)!.place || businessPlace, employeeCount);
              owed += minutes * floor.centsPerHour;
              atJobs += minutes;
              floors.add(`${floor.jurisdiction}|${floor.centsPerHour}`);
            }
            const business = minimumWageAt(BAY_AREA, day.workDate, businessPlace, employeeCount);
            owed += (time.workedMinutes - atJobs) * business.centsPerHour;
            if (time.workedMinutes > atJobs) floors.add(`${business.jurisdiction}|${business.centsPerHour}`);
          }
          expect(60 * result.grossCents).toBeGreaterThanOrEqual(owed);
          expect(new Set(result.minimumWagesUsed.map((f) => `${f.jurisdiction}|${f.centsPerHour}`))).toEqual(floors);
          const worked = new Set(result.days.filter((d) => d.workedMinutes > 0).map((d) => d.workDate));
          for (const line of result.lines.filter((l) => l.kind === 'minimumWageTopUp'))
            for (const item of line.items) expect(worked.has(item.workDate)).toBe(true);
        },
      ),
    );
  });
});
