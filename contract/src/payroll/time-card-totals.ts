import { coveredMinutes, workedMinutes } from './time-card-flags';
import type { TimePunchKind } from './time-cards';

interface TotalsPunch {
  kind: TimePunchKind;
  start: number;
  end: number | null;
  laborTypeId?: number | null;
}

export interface TimeCardTotalsShape {
  worked: number;
  job: number;
  drive: number;
  driveEstimated: number;
  meal: number;
  labor: { laborTypeId: number; minutes: number }[];
}

/**
 * The totals of a day's card: hours worked (the clock less meals, or without a clock the work
 * punches), in-home job time, drive (punched, or the board's estimates standing in), labor by type and
 * meals. Open punches count nothing until they are closed.
 */
export function timeCardTotals(
  punches: readonly TotalsPunch[],
  estimatedDrives: readonly { start: number; end: number }[],
): TimeCardTotalsShape {
  const closed = punches.filter((p): p is TotalsPunch & { end: number } => p.end !== null);
  const sum = (kind: TimePunchKind) => coveredMinutes(closed.filter((p) => p.kind === kind));
  const driveEstimated = coveredMinutes(estimatedDrives);
  const labor = new Map<number, number>();
  for (const p of closed)
    if (p.kind === 'labor' && p.laborTypeId) labor.set(p.laborTypeId, (labor.get(p.laborTypeId) ?? 0) + p.end - p.start);
  return {
    worked: workedMinutes(punches),
    job: sum('job'),
    drive: sum('drive') + driveEstimated,
    driveEstimated,
    meal: sum('meal'),
    labor: [...labor].map(([laborTypeId, minutes]) => ({ laborTypeId, minutes })).sort((a, b) => a.laborTypeId - b.laborTypeId),
  };
}

/** Totals of several days added up. */
export function addTimeCardTotals(days: readonly TimeCardTotalsShape[]): TimeCardTotalsShape {
  const labor = new Map<number, number>();
  for (const day of days) for (const l of day.labor) labor.set(l.laborTypeId, (labor.get(l.laborTypeId) ?? 0) + l.minutes);
  const add = (field: 'worked' | 'job' | 'drive' | 'driveEstimated' | 'meal') => days.reduce((total, d) => total + d[field], 0);
  return {
    worked: add('worked'),
    job: add('job'),
    drive: add('drive'),
    driveEstimated: add('driveEstimated'),
    meal: add('meal'),
    labor: [...labor].map(([laborTypeId, minutes]) => ({ laborTypeId, minutes })).sort((a, b) => a.laborTypeId - b.laborTypeId),
  };
}
