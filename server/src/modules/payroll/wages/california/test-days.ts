import type { WorkDay, WorkSegment } from '@tidyhouse/contract';
import type { EmployeeWageInput, PayLineKind } from './types';

/** Test helpers: a work day from wall-clock times ("08:00"), and an input with California defaults. */
const minute = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

type Part = [WorkSegment['kind'], string, string, number?];

export function workDay(workDate: string, shift: [string, string] | null, parts: Part[] = [], missedRestBreaks = 0): WorkDay {
  return {
    userId: 1,
    workDate,
    shift: shift ? { start: minute(shift[0]), end: minute(shift[1]) } : null,
    segments: parts.map(([kind, start, end, id]) => ({
      kind,
      start: minute(start),
      end: minute(end),
      ...(kind === 'job' ? { jobId: id } : kind === 'labor' ? { laborTypeId: id } : {}),
    })),
    missedRestBreaks,
  };
}

export function wageInput(overrides: Partial<EmployeeWageInput>): EmployeeWageInput {
  return {
    userId: 1,
    // A weekly period, Sunday to Saturday (the payroll settings' default anchor is a Sunday).
    period: { start: '2026-03-01', end: '2026-03-07' },
    workweekAnchor: '2026-01-04',
    periodsPerYear: 52,
    days: [],
    payRates: [{ effectiveFrom: '2025-01-01', payType: 'hourly', rate: 2000 }],
    laborTypes: new Map(),
    jobs: new Map(),
    percentSplit: 'by_minutes',
    minimumWages: [
      { effectiveFrom: '2025-01-01', centsPerHour: 1650, jurisdiction: 'California', places: null, minEmployees: 0 },
      { effectiveFrom: '2026-01-01', centsPerHour: 1690, jurisdiction: 'California', places: null, minEmployees: 0 },
    ],
    employeeCount: 10,
    businessPlace: 'burlingame',
    tips: [],
    ...overrides,
  };
}

/** Minutes and cents of the lines of a kind (summed when several rates). */
export function lineOf(result: { lines: Array<{ kind: PayLineKind; minutes: number; cents: number }> }, kind: PayLineKind) {
  const lines = result.lines.filter((l) => l.kind === kind);
  return { minutes: lines.reduce((s, l) => s + l.minutes, 0), cents: lines.reduce((s, l) => s + l.cents, 0) };
}
