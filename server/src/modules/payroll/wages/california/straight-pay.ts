import { restMinutesTaken } from './breaks';
import type { DayTime } from './day-time';
import { centsFor, type HourlyRate, rate, roundHalfUp } from './money';
import type { EmployeeWageInput, PayLineKind, PayRateInForce, WageWarning } from './types';

/**
 * Straight-time pay of one day (no overtime premium yet), by the pay model in force that day:
 * - hourly: job and other work time at the hourly rate ("regular"), drive at the hourly rate, labor at
 *   its labor type's rate;
 * - percentage (a piece rate, research §2): each job pays its price × the percentage × the employee's
 *   share (their in-home minutes ÷ the team's, or the full share to each, per the payroll setting);
 *   drive and other non-productive time are paid separately at the minimum wage, labor at its labor
 *   type's rate (never under the minimum wage), and rest time separately (rest pay is added per week in
 *   compute.ts, at the week's average rate: Labor Code 226.2).
 * Rest minutes of a percentage day are counted out of its job minutes (then its other time).
 */
export interface StraightItem {
  kind: PayLineKind;
  laborTypeId?: number;
  jobId?: number;
  /** Piece pay: the job's price it was a percentage of (shown beside it: Labor Code 226.2). */
  jobPriceCents?: number;
  minutes: number;
  /** The exact rate of a time item (null for piece pay). */
  rate: HourlyRate | null;
  basisPoints?: number;
  cents: number;
}

export interface StraightDay {
  items: StraightItem[];
  /** Rest minutes to be paid separately (percentage pay only). */
  separateRestMinutes: number;
}

export function straightPayOfDay(
  input: EmployeeWageInput,
  workDate: string,
  time: DayTime,
  missedRestBreaks: number,
  payRate: PayRateInForce | null,
  minimumWageCents: number,
  warnings: WageWarning[],
): StraightDay {
  const items: StraightItem[] = [];
  const timeItem = (kind: PayLineKind, minutes: number, hourly: HourlyRate, laborTypeId?: number) => {
    if (minutes > 0) items.push({ kind, laborTypeId, minutes, rate: hourly, cents: centsFor(minutes, hourly) });
  };
  const laborRate = (laborTypeId: number, fallback: number) =>
    laborTypeId ? (input.laborTypes.get(laborTypeId)?.hourlyRateCents ?? fallback) : fallback;

  if (!payRate || payRate.payType === 'hourly') {
    if (!payRate && time.workedMinutes > 0) warnings.push({ code: 'noPayRate', workDate });
    const hourly = payRate?.rate ?? 0;
    const jobMinutes = [...time.jobMinutes.values()].reduce((a, b) => a + b, 0);
    timeItem('regular', jobMinutes + time.otherMinutes, rate(hourly));
    timeItem('drive', time.driveMinutes, rate(hourly));
    for (const [laborTypeId, minutes] of time.laborMinutes) {
      timeItem('labor', minutes, rate(laborRate(laborTypeId, hourly)), laborTypeId || undefined);
    }
    return { items, separateRestMinutes: 0 };
  }

  // Percentage: a piece rate.
  const basisPoints = payRate.rate;
  let rest = restMinutesTaken(time.workedMinutes, missedRestBreaks);
  const totalJob = [...time.jobMinutes.values()].reduce((a, b) => a + b, 0);
  rest = Math.min(rest, totalJob + time.otherMinutes);
  let restLeft = rest;
  for (const [jobId, minutes] of time.jobMinutes) {
    const job = input.jobs.get(jobId);
    if (!job) warnings.push({ code: 'unknownJob', jobId, workDate });
    const fromRest = Math.min(restLeft, minutes);
    restLeft -= fromRest;
    let cents = 0;
    if (job) {
      const byMinutes = input.percentSplit === 'by_minutes';
      const shareNum = byMinutes ? (job.teamInHomeMinutes > 0 ? Math.min(minutes, job.teamInHomeMinutes) : 1) : 1;
      const shareDen = byMinutes ? (job.teamInHomeMinutes > 0 ? job.teamInHomeMinutes : Math.max(1, job.teamSize)) : 1;
      cents = roundHalfUp(job.priceCents * basisPoints * shareNum, 10_000 * shareDen);
    }
    const price = job ? { jobPriceCents: job.priceCents } : {};
    items.push({ kind: 'piece', jobId, ...price, minutes: minutes - fromRest, rate: null, basisPoints, cents });
  }
  const floor = rate(minimumWageCents);
  timeItem('nonProductive', time.otherMinutes - restLeft, floor);
  timeItem('drive', time.driveMinutes, floor);
  for (const [laborTypeId, minutes] of time.laborMinutes) {
    timeItem(
      'labor',
      minutes,
      rate(Math.max(minimumWageCents, laborRate(laborTypeId, minimumWageCents))),
      laborTypeId || undefined,
    );
  }
  return { items, separateRestMinutes: rest };
}
