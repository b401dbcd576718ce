import type { PayAdjustmentKind } from '@tidyhouse/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AuditEntry, audit, auditAsUser } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { requestInContext } from '../../../platform/write-guard';
import { sysUsers } from '../../employees/employees.tables';
import { payAdjustments, payPeriodSnapshots } from './pay-freeze.tables';
import { ownPaidCents } from './period-wages';
import { computeBatch, loadPeriodContext } from './wage-inputs';

/**
 * Changes an approved period must take (docs/business-rules.md "Approval freezes pay"): a job's
 * price corrected, a tip voided, a job team's hours changed. Called in the transaction of the change,
 * once the change is stored: each approved employee-period whose snapshot holds one of the jobs is
 * computed again, and (live) − (what the period paid for itself) − (adjustments already recorded for
 * it) becomes an adjustment row when it is not zero. The employee's next open period pays it.
 */
export async function adjustApprovedPay(
  tx: Db,
  actorId: number | null,
  change: { jobIds: number[]; kind: PayAdjustmentKind; paymentId?: number },
): Promise<number> {
  const jobIds = [...new Set(change.jobIds)].filter((id) => id > 0);
  if (!jobIds.length) return 0;
  const snapshots = await tx
    .select({
      userId: payPeriodSnapshots.userId,
      start: payPeriodSnapshots.periodStart,
      end: payPeriodSnapshots.periodEnd,
      wages: payPeriodSnapshots.wages,
    })
    .from(payPeriodSnapshots)
    .where(
      and(
        isNull(payPeriodSnapshots.reopenedAt),
        sql`${payPeriodSnapshots.jobIds} && ${sql.raw(`array[${jobIds.map(Number).join(',')}]::integer[]`)}`,
      ),
    )
    .orderBy(payPeriodSnapshots.periodStart, payPeriodSnapshots.userId)
    .for('update');
  let added = 0;
  const byPeriod = new Map<string, typeof snapshots>();
  for (const s of snapshots) byPeriod.set(s.start, [...(byPeriod.get(s.start) ?? []), s]);
  for (const [start, rows] of byPeriod) {
    const context = await loadPeriodContext(tx, start);
    // A period computed by other settings than the snapshot's has no comparable live figure.
    if (context.period.start !== start) continue;
    const userIds = rows.map((r) => r.userId);
    const live = await computeBatch(tx, context, userIds);
    const recorded = await tx
      .select({ userId: payAdjustments.userId, cents: sql<number>`sum(${payAdjustments.cents})::int` })
      .from(payAdjustments)
      .where(and(inArray(payAdjustments.userId, userIds), eq(payAdjustments.sourcePeriodStart, start)))
      .groupBy(payAdjustments.userId);
    const recordedOf = new Map(recorded.map((r) => [r.userId, Number(r.cents)]));
    for (const [index, row] of rows.entries()) {
      const cents = live[index]!.grossCents - ownPaidCents(row.wages) - (recordedOf.get(row.userId) ?? 0);
      if (cents === 0) continue;
      const jobId = jobIds.length === 1 ? jobIds[0]! : null;
      const [saved] = await tx
        .insert(payAdjustments)
        .values({
          userId: row.userId,
          sourcePeriodStart: start,
          sourcePeriodEnd: row.end,
          cents,
          kind: change.kind,
          jobId,
          paymentId: change.paymentId ?? null,
          createdBy: actorId,
          updatedBy: actorId,
        })
        .returning({ id: payAdjustments.id });
      const [user] = await tx.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, row.userId));
      await auditAdjustment(tx, actorId, {
        module: 'wages',
        action: 'payAdjustment',
        recordType: 'sysUser',
        recordId: row.userId,
        details: {
          params: { name: user?.name ?? '', start, end: row.end, amountCents: cents, kind: `adjustment_${change.kind}` },
        },
        changes: { payAdjustmentId: { from: null, to: saved!.id } },
      });
      added++;
    }
  }
  return added;
}

/** With the request when one is running (its address and id), else as the actor alone. */
async function auditAdjustment(tx: Db, actorId: number | null, entry: AuditEntry): Promise<void> {
  const request = requestInContext();
  if (request?.session) return audit(tx, request, entry);
  await auditAsUser(tx, actorId, entry);
}
