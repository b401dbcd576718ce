import {
  addDays,
  type PayAdjustmentKind,
  type PayPeriod,
  type PayPeriodSettings,
  payPeriodContaining,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { payPeriodApprovals } from '../time-cards/time-cards.tables';
import type { EmployeeWages, PayItem, PayLine } from './california';
import { payAdjustments, payPeriodSnapshots } from './pay-freeze.tables';
import { type BatchInputs, computeLoaded, loadBatchInputs, type PeriodContext } from './wage-inputs';

/**
 * The wages of a period as every reader shows them (docs/business-rules.md "Approval freezes pay"):
 * an employee approved in the period is read from the approval's snapshot; the others are computed
 * live, with an `adjustment` line holding the changes that approved periods had to take since.
 */
export async function periodWages(db: Db, context: PeriodContext, userIds: number[]): Promise<EmployeeWages[]> {
  return periodWagesOf(context, await loadPeriodWages(db, context, userIds));
}

/** What periodWages reads for a batch: the snapshots, the open employees' inputs and adjustments. */
export interface LoadedPeriodWages {
  userIds: number[];
  frozen: Map<number, EmployeeWages>;
  inputs: BatchInputs;
  adjustments: Map<number, Array<AdjustmentRow & { alreadyPaid: boolean }>>;
}

export async function loadPeriodWages(db: Db, context: PeriodContext, userIds: number[]): Promise<LoadedPeriodWages> {
  if (!userIds.length)
    return { userIds, frozen: new Map(), inputs: await loadBatchInputs(db, context, []), adjustments: new Map() };
  const frozen = await currentSnapshots(db, context.period, userIds);
  const open = userIds.filter((id) => !frozen.has(id));
  const inputs = await loadBatchInputs(db, context, open);
  const adjustments = await adjustmentsOf(db, context.period, context.settings, open);
  return { userIds, frozen, inputs, adjustments };
}

/** The wages of a loaded batch, in its order (no database). */
export function periodWagesOf(context: PeriodContext, loaded: LoadedPeriodWages): EmployeeWages[] {
  const { inputs, adjustments, frozen } = loaded;
  const computed = computeLoaded(context, inputs);
  const live = new Map(
    inputs.userIds.map((id, i) => [id, withAdjustments(computed[i]!, adjustmentItems(adjustments.get(id) ?? []))]),
  );
  return loaded.userIds.map((id) => frozen.get(id) ?? live.get(id)!);
}

/** The current snapshots (approved, not reopened) of the period for the employees, in one query. */
export async function currentSnapshots(db: Db, period: PayPeriod, userIds: number[]): Promise<Map<number, EmployeeWages>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: payPeriodSnapshots.userId, wages: payPeriodSnapshots.wages })
    .from(payPeriodSnapshots)
    .where(
      and(
        inArray(payPeriodSnapshots.userId, userIds),
        eq(payPeriodSnapshots.periodStart, period.start),
        isNull(payPeriodSnapshots.reopenedAt),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.wages]));
}

export interface AdjustmentRow {
  id: number;
  userId: number;
  sourcePeriodStart: string;
  sourcePeriodEnd: string;
  cents: number;
  kind: PayAdjustmentKind;
  jobId: number | null;
  paymentId: number | null;
  appliedPeriodStart: string | null;
}

/**
 * Per employee, the adjustments an open period pays: those not yet paid whose next period not
 * approved (after the one they belong to) is this one; and, as negative items, those that belong to
 * this period (reopened since) and were already paid in a later one.
 */
export async function adjustmentsOf(
  db: Db,
  period: PayPeriod,
  settings: PayPeriodSettings,
  userIds: number[],
): Promise<Map<number, Array<AdjustmentRow & { alreadyPaid: boolean }>>> {
  const result = new Map<number, Array<AdjustmentRow & { alreadyPaid: boolean }>>();
  if (!userIds.length) return result;
  const rows = (await db
    .select({
      id: payAdjustments.id,
      userId: payAdjustments.userId,
      sourcePeriodStart: payAdjustments.sourcePeriodStart,
      sourcePeriodEnd: payAdjustments.sourcePeriodEnd,
      cents: payAdjustments.cents,
      kind: payAdjustments.kind,
      jobId: payAdjustments.jobId,
      paymentId: payAdjustments.paymentId,
      appliedPeriodStart: payAdjustments.appliedPeriodStart,
    })
    .from(payAdjustments)
    .where(
      and(
        inArray(payAdjustments.userId, userIds),
        or(
          and(isNull(payAdjustments.appliedPeriodStart), lt(payAdjustments.sourcePeriodEnd, period.start)),
          eq(payAdjustments.sourcePeriodStart, period.start),
        ),
      ),
    )
    .orderBy(payAdjustments.id)) as AdjustmentRow[];
  if (!rows.length) return result;
  const approved = await db
    .select({ userId: payPeriodApprovals.userId, start: payPeriodApprovals.periodStart })
    .from(payPeriodApprovals)
    .where(
      and(inArray(payPeriodApprovals.userId, [...new Set(rows.map((r) => r.userId))]), eq(payPeriodApprovals.status, 'approved')),
    );
  const isApproved = new Set(approved.map((a) => `${a.userId}|${a.start}`));
  for (const row of rows) {
    let alreadyPaid = false;
    if (row.sourcePeriodStart === period.start) {
      // Belongs to this period: only an amount already paid elsewhere counts here (taken back).
      if (row.appliedPeriodStart === null) continue;
      alreadyPaid = true;
    } else {
      // The first period after the one it belongs to that is not approved for the employee.
      let target = payPeriodContaining(addDays(row.sourcePeriodEnd, 1), settings);
      while (isApproved.has(`${row.userId}|${target.start}`) && target.start < period.start)
        target = payPeriodContaining(addDays(target.end, 1), settings);
      if (target.start !== period.start) continue;
    }
    const list = result.get(row.userId) ?? [];
    list.push({ ...row, alreadyPaid });
    result.set(row.userId, list);
  }
  return result;
}

/** The items of the adjustment line: each names what changed and the period it belongs to (or was paid in). */
function adjustmentItems(rows: Array<AdjustmentRow & { alreadyPaid: boolean }>): PayItem[] {
  return rows.map((row) => {
    return {
      workDate: row.alreadyPaid ? row.appliedPeriodStart! : row.sourcePeriodStart,
      ...(row.jobId != null ? { jobId: row.jobId } : {}),
      ...(row.paymentId != null ? { paymentId: row.paymentId } : {}),
      adjustment: {
        kind: row.kind,
        periodStart: row.sourcePeriodStart,
        periodEnd: row.sourcePeriodEnd,
        ...(row.alreadyPaid ? { paidIn: row.appliedPeriodStart! } : {}),
      },
      minutes: 0,
      cents: row.alreadyPaid ? -row.cents : row.cents,
    };
  });
}

/** The computed wages with one `adjustment` line (when there is any) added to the gross. */
export function withAdjustments(wages: EmployeeWages, items: PayItem[]): EmployeeWages {
  if (!items.length) return wages;
  const cents = items.reduce((s, i) => s + i.cents, 0);
  const line: PayLine = { kind: 'adjustment', minutes: 0, rateCentsPerHour: null, cents, items };
  return { ...wages, lines: [...wages.lines, line], grossCents: wages.grossCents + cents };
}

/**
 * What a snapshot paid for its own period: its gross without the adjustments of other periods it
 * carried (an amount taken back because it was already paid elsewhere stays: it is this period's).
 */
export function ownPaidCents(wages: EmployeeWages): number {
  const carried = wages.lines
    .filter((l) => l.kind === 'adjustment')
    .flatMap((l) => l.items)
    .filter((i) => !i.adjustment?.paidIn)
    .reduce((s, i) => s + i.cents, 0);
  return wages.grossCents - carried;
}
