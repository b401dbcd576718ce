import {
  addDays,
  type PayPeriod,
  type PayPeriodSettings,
  PERIODS_PER_YEAR,
  type PercentSplit,
  payPeriodContaining,
  placeKey,
  placesCovered,
  type WorkDay,
} from '@tidyhouse/contract';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { customerPayments } from '../../billing/payments/payments.tables';
import { customerLocations } from '../../customers/customers.tables';
import { employeePayRates } from '../../employees/employee-records.tables';
import { jobRevenueSql } from '../../service/jobs/job-revenue';
import { jobs } from '../../service/jobs/jobs.tables';
import { laborTypes } from '../../system/settings.tables';
import { businessProfile } from '../../system/system.tables';
import { minimumWageRates, payrollSettings } from '../payroll-settings.tables';
import { sickLeavePaidInPeriod } from '../sick-leave/sick-leave.service';
import { payPeriodApprovals, timePunches } from '../time-cards/time-cards.tables';
import { loadWorkDays } from '../time-cards/work-days';
import {
  computeEmployeeWages,
  type EmployeeWages,
  type JobForPay,
  type LaborTypeRate,
  type MinimumWageRate,
  splitByMinutes,
  type TipShare,
} from './california';
import { workweekStart } from './california/rates';

/**
 * Loads what the California computation reads, a batch of employees at a time (never the whole
 * history): their work days of the period and of its first workweek before it, their rates, the jobs
 * they worked (price and the whole team's in-home minutes), the period's tips, the settings.
 */

/** Employees computed per batch: one query per table per batch. */
export const WAGE_BATCH = 100;
/** How far back a late tip is looked for: a tip paid this long before the period is not carried. */
export const LATE_TIP_DAYS = 62;

export interface WageSettings extends PayPeriodSettings {
  percentSplit: PercentSplit;
  /** The business's employee count: a tiered minimum wage's size tier. */
  employeeCount: number;
}

export interface PeriodContext {
  period: PayPeriod;
  settings: WageSettings;
  laborTypes: Map<number, LaborTypeRate>;
  /** Every jurisdiction's minimum wages, with the places each covers (contract placeKey). */
  minimumWages: MinimumWageRate[];
  /** The business's city (Location Parameters) as a place key: where work not at a job counts. */
  businessPlace: string;
  /** Tip shares of the period by employee (late tips carried in). */
  tips: Map<number, TipShare[]>;
}

export async function loadWageSettings(db: Db): Promise<WageSettings & { version: number }> {
  const [row] = await db
    .select({
      kind: payrollSettings.periodKind,
      anchorDate: payrollSettings.anchorDate,
      percentSplit: payrollSettings.percentSplit,
      employeeCount: payrollSettings.employeeCount,
      version: payrollSettings.version,
    })
    .from(payrollSettings)
    .orderBy(asc(payrollSettings.id))
    .limit(1);
  return row ?? { kind: 'weekly', anchorDate: '2026-01-04', percentSplit: 'by_minutes', employeeCount: 1, version: 1 };
}

/** What every employee of the period shares: settings, labor types, minimum wages, tips. */
export async function loadPeriodContext(db: Db, date: string): Promise<PeriodContext> {
  const settings = await loadWageSettings(db);
  const period = payPeriodContaining(date, settings);
  const laborRows = await db
    .select({ id: laborTypes.id, rate: laborTypes.defaultHourlyRateCents, isPaid: laborTypes.isPaid })
    .from(laborTypes);
  const rateRows = await db.select().from(minimumWageRates).orderBy(asc(minimumWageRates.effectiveFrom));
  const minimumWages = rateRows.map((r) => ({
    effectiveFrom: r.effectiveFrom,
    centsPerHour: r.centsPerHour,
    jurisdiction: r.jurisdiction,
    places: placesCovered(r),
    minEmployees: r.minEmployees,
  }));
  const [profile] = await db
    .select({ city: businessProfile.city })
    .from(businessProfile)
    .orderBy(asc(businessProfile.id))
    .limit(1);
  return {
    period,
    settings,
    laborTypes: new Map(laborRows.map((r) => [r.id, { hourlyRateCents: r.rate, isPaid: r.isPaid }])),
    minimumWages,
    businessPlace: placeKey(profile?.city ?? ''),
    tips: await loadTipShares(db, period, settings),
  };
}

/**
 * Tips (issue 11): a job payment's gratuity goes to the job's team by in-home (job punch) minutes, in
 * the period of the payment's date; when that period was already approved for the member before the
 * payment was recorded (its FIRST approval: reopening and approving again never moves a tip back),
 * to the member's next period not approved by then. A voided payment's tip is
 * not paid, and a tip on a job nobody punched is left out (the time card shows the missing punches).
 */
async function loadTipShares(db: Db, period: PayPeriod, settings: PayPeriodSettings): Promise<Map<number, TipShare[]>> {
  const payments = await db
    .select({
      id: customerPayments.id,
      jobId: customerPayments.jobId,
      paidOn: customerPayments.paidOn,
      cents: customerPayments.gratuityCents,
      recordedAt: customerPayments.createdAt,
    })
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.kind, 'payment'),
        isNull(customerPayments.reversedById),
        sql`${customerPayments.jobId} is not null`,
        sql`${customerPayments.gratuityCents} > 0`,
        gte(customerPayments.paidOn, addDays(period.start, -LATE_TIP_DAYS)),
        lte(customerPayments.paidOn, period.end),
      ),
    );
  const shares = new Map<number, TipShare[]>();
  if (!payments.length) return shares;
  const minutes = await inHomeMinutesByUser(db, [...new Set(payments.map((p) => p.jobId!))]);
  const memberIds = [...new Set([...minutes.values()].flatMap((m) => [...m.keys()]))];
  const approvals = memberIds.length
    ? await db
        .select({
          userId: payPeriodApprovals.userId,
          start: payPeriodApprovals.periodStart,
          approvedAt: payPeriodApprovals.firstApprovedAt,
        })
        .from(payPeriodApprovals)
        .where(
          and(
            inArray(payPeriodApprovals.userId, memberIds),
            // The first approval decides, reopened or not (issue 24): a tip never moves back.
            sql`${payPeriodApprovals.firstApprovedAt} is not null`,
            gte(payPeriodApprovals.periodEnd, addDays(period.start, -LATE_TIP_DAYS)),
            lte(payPeriodApprovals.periodStart, period.end),
          ),
        )
    : [];
  const approvedAt = new Map(approvals.map((a) => [`${a.userId}|${a.start}`, a.approvedAt]));
  for (const payment of payments) {
    const team = minutes.get(payment.jobId!);
    if (!team) continue;
    const split = splitByMinutes(
      payment.cents,
      [...team].map(([userId, m]) => ({ key: userId, minutes: m })),
    );
    for (const { key: userId, cents } of split) {
      // The first period, from the payment's, not approved before the payment was recorded.
      let target = payPeriodContaining(payment.paidOn, settings);
      for (;;) {
        const at = approvedAt.get(`${userId}|${target.start}`);
        if (!at || at > payment.recordedAt) break;
        target = payPeriodContaining(addDays(target.end, 1), settings);
      }
      if (target.start !== period.start || cents === 0) continue;
      const list = shares.get(userId) ?? [];
      list.push({
        paymentId: payment.id,
        jobId: payment.jobId!,
        // A late tip counts on the first day of the period it is carried to.
        workDate: [payment.paidOn, period.start].sort()[1]!,
        cents,
      });
      shares.set(userId, list);
    }
  }
  return shares;
}

/** In-home (closed job punch) minutes per job and employee. */
async function inHomeMinutesByUser(db: Db, jobIds: number[]): Promise<Map<number, Map<number, number>>> {
  const result = new Map<number, Map<number, number>>();
  if (!jobIds.length) return result;
  const rows = await db
    .select({
      jobId: timePunches.jobId,
      userId: timePunches.userId,
      minutes: sql<number>`round(sum(extract(epoch from ${timePunches.endsAt} - ${timePunches.startsAt})) / 60)::int`,
    })
    .from(timePunches)
    .where(
      and(
        inArray(timePunches.jobId, jobIds),
        eq(timePunches.kind, 'job'),
        isNull(timePunches.deletedAt),
        sql`${timePunches.endsAt} is not null`,
      ),
    )
    .groupBy(timePunches.jobId, timePunches.userId);
  for (const row of rows) {
    const jobId = row.jobId!;
    if (!result.has(jobId)) result.set(jobId, new Map());
    result.get(jobId)!.set(row.userId, Number(row.minutes));
  }
  return result;
}

/** The wages of a batch of employees for the context's period. */
export async function computeBatch(db: Db, context: PeriodContext, userIds: number[]): Promise<EmployeeWages[]> {
  if (!userIds.length) return [];
  const { period, settings } = context;
  const from = workweekStart(period.start, settings.anchorDate);
  const days = await loadWorkDays(db, { from, to: period.end, userIds });
  const rates = await db
    .select({
      userId: employeePayRates.userId,
      effectiveFrom: employeePayRates.effectiveFrom,
      payType: employeePayRates.payType,
      rate: employeePayRates.rateCents,
    })
    .from(employeePayRates)
    .where(
      and(
        inArray(employeePayRates.userId, userIds),
        isNull(employeePayRates.deletedAt),
        lte(employeePayRates.effectiveFrom, period.end),
      ),
    );
  const jobIds = [...new Set(days.flatMap((d) => d.segments.flatMap((s) => (s.kind === 'job' && s.jobId ? [s.jobId] : []))))];
  const jobsForPay = await loadJobsForPay(db, jobIds);
  const sickLeave = await sickLeavePaidInPeriod(db, period, userIds);

  const daysByUser = groupBy(days, (d) => d.userId);
  const ratesByUser = groupBy(rates, (r) => r.userId);
  return userIds.map((userId) =>
    computeEmployeeWages({
      userId,
      period,
      workweekAnchor: settings.anchorDate,
      periodsPerYear: PERIODS_PER_YEAR[settings.kind],
      days: daysByUser.get(userId) ?? ([] as WorkDay[]),
      payRates: ratesByUser.get(userId) ?? [],
      laborTypes: context.laborTypes,
      jobs: jobsForPay,
      percentSplit: settings.percentSplit,
      minimumWages: context.minimumWages,
      employeeCount: settings.employeeCount,
      businessPlace: context.businessPlace,
      tips: context.tips.get(userId) ?? [],
      sickLeave: sickLeave.get(userId) ?? [],
    }),
  );
}

async function loadJobsForPay(db: Db, jobIds: number[]): Promise<Map<number, JobForPay>> {
  const result = new Map<number, JobForPay>();
  if (!jobIds.length) return result;
  // Piece rate is paid on the job's revenue (one definition: a cancelled job's fee alone); its hours
  // count at its address's city for the minimum wage.
  const prices = await db
    .select({ id: jobs.id, price: jobRevenueSql(), city: customerLocations.city })
    .from(jobs)
    .leftJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .where(inArray(jobs.id, jobIds));
  const minutes = await inHomeMinutesByUser(db, jobIds);
  for (const job of prices) {
    const team = minutes.get(job.id) ?? new Map<number, number>();
    result.set(job.id, {
      priceCents: job.price,
      teamInHomeMinutes: [...team.values()].reduce((a, b) => a + b, 0),
      teamSize: Math.max(1, team.size),
      place: placeKey(job.city ?? ''),
    });
  }
  return result;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
