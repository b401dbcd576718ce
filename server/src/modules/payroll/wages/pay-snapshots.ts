import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import type { EmployeeWages } from './california';
import { payAdjustments, payPeriodSnapshots } from './pay-freeze.tables';
import { adjustmentsOf, periodWages } from './period-wages';
import { loadPeriodContext, WAGE_BATCH } from './wage-inputs';

/**
 * Approval freezes pay (docs/business-rules.md "Approval freezes pay"): in the approval's
 * transaction each employee's wages are stored as the period's snapshot, and the adjustments its
 * adjustment line paid are marked paid in this period, so each is paid exactly once.
 */

/** The jobs whose money is in the wages (piece pay and tips; an adjustment's job too). */
export const jobIdsOf = (wages: EmployeeWages): number[] =>
  [...new Set(wages.lines.flatMap((l) => l.items.flatMap((i) => (i.jobId ? [i.jobId] : []))))].sort((a, b) => a - b);

export async function freezeWages(tx: Db, actorId: number, date: string, userIds: number[], approvedAt: Date): Promise<void> {
  const context = await loadPeriodContext(tx, date);
  const { period } = context;
  for (let i = 0; i < userIds.length; i += WAGE_BATCH) {
    const batch = userIds.slice(i, i + WAGE_BATCH);
    // Read before the approval rows change: the adjustments this period pays, the live wages.
    const paid = await adjustmentsOf(tx, period, context.settings, batch);
    const wages = await periodWages(tx, context, batch);
    await tx.insert(payPeriodSnapshots).values(
      wages.map((w) => ({
        userId: w.userId,
        periodStart: period.start,
        periodEnd: period.end,
        approvedAt,
        approvedBy: actorId,
        wages: w,
        grossCents: w.grossCents,
        jobIds: jobIdsOf(w),
        createdBy: actorId,
        updatedBy: actorId,
      })),
    );
    const carried = [...paid.values()].flat().filter((a) => !a.alreadyPaid);
    if (carried.length) {
      await tx
        .update(payAdjustments)
        .set({
          appliedPeriodStart: period.start,
          updatedAt: approvedAt,
          updatedBy: actorId,
          version: sql`${payAdjustments.version} + 1`,
        })
        .where(
          inArray(
            payAdjustments.id,
            carried.map((a) => a.id),
          ),
        );
    }
  }
}

/**
 * Reopening discards the current snapshots (the history keeps them, stamped): the period is live
 * again, so its own pending adjustments are absorbed by the recomputation (deleted), and those it
 * had paid go back to pending (its live adjustment line shows them again).
 */
export async function discardSnapshots(
  tx: Db,
  actorId: number,
  period: { start: string },
  userIds: number[],
  reason: string,
  reopenedAt: Date,
): Promise<void> {
  if (!userIds.length) return;
  await tx
    .update(payPeriodSnapshots)
    .set({ reopenedAt, reopenedBy: actorId, reopenReason: reason, updatedAt: reopenedAt, updatedBy: actorId })
    .where(
      and(
        inArray(payPeriodSnapshots.userId, userIds),
        eq(payPeriodSnapshots.periodStart, period.start),
        isNull(payPeriodSnapshots.reopenedAt),
      ),
    );
  await tx
    .delete(payAdjustments)
    .where(
      and(
        inArray(payAdjustments.userId, userIds),
        eq(payAdjustments.sourcePeriodStart, period.start),
        isNull(payAdjustments.appliedPeriodStart),
      ),
    );
  await tx
    .update(payAdjustments)
    .set({ appliedPeriodStart: null, updatedAt: reopenedAt, updatedBy: actorId, version: sql`${payAdjustments.version} + 1` })
    .where(and(inArray(payAdjustments.userId, userIds), eq(payAdjustments.appliedPeriodStart, period.start)));
}
