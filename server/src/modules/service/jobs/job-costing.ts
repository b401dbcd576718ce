import { type Costing, calculateJobCosting, mulDivRoundHalfUp } from '@tidyhouse/contract';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { employeePayRates } from '../../employees/employee-records.tables';
import { sysUsers, teamMembers } from '../../employees/employees.tables';
import { jobLines, jobs } from './jobs.tables';

/** Hours in a year of full-time work, to turn a semi-monthly salary into an hourly cost. */
const FULL_TIME_HOURS_PER_YEAR = 2080;
const SEMI_MONTHLY_PERIODS_PER_YEAR = 24;

export interface LaborMember {
  userId: number;
  name: string;
  plannedMinutes: number;
  hourlyRateCents: number;
  hasRate: boolean;
}

/**
 * The members of the job's team with their hourly cost on `date` (pay-rate history: the rate with the
 * latest effective date not after it). A salary is costed at its hourly equivalent (semi-monthly
 * rate × 24 ÷ 2080 h). Two queries for any team size.
 */
export async function laborOf(tx: Db, teamId: number | null, date: string, plannedMinutes: number): Promise<LaborMember[]> {
  if (teamId === null) return [];
  const members = await tx
    .select({ userId: teamMembers.userId, name: sysUsers.name })
    .from(teamMembers)
    .innerJoin(sysUsers, eq(sysUsers.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(desc(teamMembers.isLeader), asc(sysUsers.name));
  if (members.length === 0) return [];
  const rates = await tx
    .selectDistinctOn([employeePayRates.userId], {
      userId: employeePayRates.userId,
      payType: employeePayRates.payType,
      rateCents: employeePayRates.rateCents,
    })
    .from(employeePayRates)
    .where(
      and(
        inArray(
          employeePayRates.userId,
          members.map((m) => m.userId),
        ),
        lte(employeePayRates.effectiveFrom, date),
        isNull(employeePayRates.deletedAt),
      ),
    )
    .orderBy(employeePayRates.userId, desc(employeePayRates.effectiveFrom));
  const byUser = new Map(rates.map((r) => [r.userId, r]));
  return members.map((m) => {
    const rate = byUser.get(m.userId);
    const hourly = !rate
      ? 0
      : rate.payType === 'hourly'
        ? rate.rateCents
        : mulDivRoundHalfUp(rate.rateCents, SEMI_MONTHLY_PERIODS_PER_YEAR, FULL_TIME_HOURS_PER_YEAR);
    return { userId: m.userId, name: m.name, plannedMinutes, hourlyRateCents: hourly, hasRate: rate !== undefined };
  });
}

/** Crew size for a derived duration: the team's members, else the quote parameters' default. */
export async function crewSize(tx: Db, teamId: number | null, fallback: number): Promise<number> {
  if (teamId === null) return Math.max(1, fallback);
  const rows = await tx.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Math.max(1, rows.length || fallback);
}

/**
 * Recomputes and stores a job's costing from its lines, pricing inputs and its team's pay rates on
 * the pricing date; also the line amounts and the quoted minutes. Called after every save.
 */
export async function recomputeCosting(tx: Db, jobId: number, pricingDate: string): Promise<Costing> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  const lines = await tx.select().from(jobLines).where(eq(jobLines.jobId, jobId)).orderBy(asc(jobLines.sortOrder));
  // Nobody goes to a cancelled job: no labor.
  const labor = job!.status === 'cancelled' ? [] : await laborOf(tx, job!.teamId, pricingDate, job!.durationMinutes);
  const costing = calculateJobCosting({
    lines,
    pricePerMinuteCents: job!.pricePerMinuteCents,
    flatRateCents: job!.flatRateCents,
    couponCents: job!.couponCents,
    discountCents: job!.discountCents,
    salesTaxBps: job!.salesTaxBps,
    members: labor,
  });
  for (const [index, line] of lines.entries()) {
    const amount = costing.lineAmountsCents[index]!;
    if (line.amountCents !== amount) await tx.update(jobLines).set({ amountCents: amount }).where(eq(jobLines.id, line.id));
  }
  await tx
    .update(jobs)
    .set({
      quotedMinutes: costing.lineMinutes,
      revenueCents: costing.revenueCents,
      discountsCents: costing.discountsCents,
      subtotalCents: costing.subtotalCents,
      taxableCents: costing.taxableCents,
      taxesCents: costing.taxesCents,
      projectedLaborCents: costing.projectedLaborCents,
      invoiceTotalCents: costing.invoiceTotalCents,
      profitLossCents: costing.profitLossCents,
    })
    .where(eq(jobs.id, jobId));
  return costing;
}

/**
 * A cancelled job charges nothing of its visit (docs/business-rules.md "Revenue"): its lines are kept
 * for the record but made free ("cancelled"); a cancel fee, if any, is added as its own line.
 */
export async function freeLinesOfCancelled(tx: Db, jobIds: readonly number[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx
    .update(jobLines)
    .set({ free: true, freeReason: sql`case when ${jobLines.freeReason} = '' then 'cancelled' else ${jobLines.freeReason} end` })
    .where(inArray(jobLines.jobId, [...jobIds]));
}

/** The stored costing of a job cancelled without a fee: nothing charged, nothing earned, no labor. */
export const CANCELLED_WITHOUT_FEE = {
  cancelFeeCents: 0,
  flatRateCents: null,
  couponCents: 0,
  discountCents: 0,
  revenueCents: 0,
  discountsCents: 0,
  subtotalCents: 0,
  taxableCents: 0,
  taxesCents: 0,
  projectedLaborCents: 0,
  invoiceTotalCents: 0,
  profitLossCents: 0,
} as const;
