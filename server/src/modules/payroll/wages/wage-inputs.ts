import {
  addDays,
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
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
import { type DayTeams, teamMembersOn } from '../../service/assignments/day-teams';
import { jobRevenueSql } from '../../service/jobs/job-revenue';
import { jobs } from '../../service/jobs/jobs.tables';
import { laborTypes } from '../../system/settings.tables';
import { businessProfile } from '../../system/system.tables';
import { minimumWageRates, payrollSettings } from '../payroll-settings.tables';
import { sickLeavePaidInPeriod } from '../sick-leave/sick-leave.service';
import { payPeriodApprovals, timePunches } from '../time-cards/time-cards.tables';
import { workDaysOfBatch } from '../time-cards/work-days';
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
  /** The business time zone: punch moments become minutes of the work day in it. */
  timeZone: string;
  /**
   * The teams of every day of the period and of its first workweek (the board's drive estimates),
   * loaded on first use and shared by every batch of employees.
   */
  dayTeams: () => Promise<DayTeams>;
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
    .select({ city: businessProfile.city, timeZone: businessProfile.timeZone })
    .from(businessProfile)
    .orderBy(asc(businessProfile.id))
    .limit(1);
  let dayTeams: Promise<DayTeams> | undefined;
  return {
    period,
    settings,
    laborTypes: new Map(laborRows.map((r) => [r.id, { hourlyRateCents: r.rate, isPaid: r.isPaid }])),
    minimumWages,
    businessPlace: placeKey(profile?.city ?? ''),
    tips: await loadTipShares(db, period, settings),
    // As businessTimeZone reads it (the profile is one row).
    timeZone: profile && isValidTimeZone(profile.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE,
    dayTeams: () => {
      dayTeams ??= teamMembersOn(db, workweekStart(period.start, settings.anchorDate), period.end);
      return dayTeams;
    },
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

/** What the computation reads for a batch of employees, loaded (one query per kind for the batch). */
export interface BatchInputs {
  userIds: number[];
  days: WorkDay[];
  payRates: Array<{ userId: number; effectiveFrom: string; payType: 'hourly' | 'percentage' | 'salary'; rate: number }>;
  jobs: Map<number, JobForPay>;
  sickLeave: Map<number, Array<{ workDate: string; minutes: number }>>;
}

export async function loadBatchInputs(db: Db, context: PeriodContext, userIds: number[]): Promise<BatchInputs> {
  if (!userIds.length) return { userIds, days: [], payRates: [], jobs: new Map(), sickLeave: new Map() };
  const { period, settings } = context;
  const from = workweekStart(period.start, settings.anchorDate);
  const days = await workDaysOfBatch(db, { from, to: period.end }, userIds, {
    dayTeams: await context.dayTeams(),
    timeZone: context.timeZone,
  });
  const payRates = await db
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
  return { userIds, days, payRates, jobs: jobsForPay, sickLeave };
}

/** The pure California computation of a loaded batch (no database). */
export function computeLoaded(context: PeriodContext, inputs: BatchInputs): EmployeeWages[] {
  const { period, settings } = context;
  const daysByUser = groupBy(inputs.days, (d) => d.userId);
  const ratesByUser = groupBy(inputs.payRates, (r) => r.userId);
  return inputs.userIds.map((userId) =>
    computeEmployeeWages({
      userId,
      period,
      workweekAnchor: settings.anchorDate,
      periodsPerYear: PERIODS_PER_YEAR[settings.kind],
      days: daysByUser.get(userId) ?? ([] as WorkDay[]),
      payRates: ratesByUser.get(userId) ?? [],
      laborTypes: context.laborTypes,
      jobs: inputs.jobs,
      percentSplit: settings.percentSplit,
      minimumWages: context.minimumWages,
      employeeCount: settings.employeeCount,
      businessPlace: context.businessPlace,
      tips: context.tips.get(userId) ?? [],
      sickLeave: inputs.sickLeave.get(userId) ?? [],
    }),
  );
}

/** The wages of a batch of employees for the context's period. */
export async function computeBatch(db: Db, context: PeriodContext, userIds: number[]): Promise<EmployeeWages[]> {
  return computeLoaded(context, await loadBatchInputs(db, context, userIds));
}

async function loadJobsForPay(db: Db, jobIds: number[]): Promise<Map<number, JobForPay>> {
  const result = new Map<number, JobForPay>();
  if (!jobIds.length) return result;
  // Piece rate is paid on the job's revenue (one definition: a cancelled job's fee alone); its hours
  // count at its address's city for the minimum wage. The team's in-home minutes come in the same
  // query: each member's closed job punches, rounded per member as inHomeMinutesByUser does.
  const rows = await db
    .select({
      id: jobs.id,
      price: jobRevenueSql(),
      city: customerLocations.city,
      minutes: sql<number>`coalesce(team.minutes, 0)`.mapWith(Number),
      members: sql<number>`coalesce(team.members, 0)`.mapWith(Number),
    })
    .from(jobs)
    .leftJoin(customerLocations, eq(customerLocations.id, jobs.locationId))
    .leftJoin(
      sql`lateral (
        select sum(m.minutes)::int as minutes, count(*)::int as members from (
          select round(sum(extract(epoch from p.ends_at - p.starts_at)) / 60)::int as minutes
          from ${timePunches} p
          where p.job_id = ${jobs.id} and p.kind = 'job' and p.deleted_at is null and p.ends_at is not null
          group by p.user_id) m) team`,
      sql`true`,
    )
    .where(inArray(jobs.id, jobIds));
  for (const job of rows) {
    result.set(job.id, {
      priceCents: job.price,
      teamInHomeMinutes: job.minutes,
      teamSize: Math.max(1, job.members),
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
