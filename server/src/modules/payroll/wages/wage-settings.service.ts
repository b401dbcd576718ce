import type { MinimumWage, MinimumWageAddRequest, PayrollSettings, PayrollSettingsUpdateRequest } from '@tidyhouse/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit, diff } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { updateVersioned } from '../../../platform/versioned';
import { minimumWageRates, payrollSettings } from '../payroll-settings.tables';
import { assertMinimumWageOpen, assertSettingsChangeOpen } from './frozen-settings';

/** Payroll settings (one row) and the dated minimum wage, as the wage screen's settings edit them. */

async function settingsRow(db: Db) {
  const [row] = await db.select().from(payrollSettings).orderBy(asc(payrollSettings.id)).limit(1);
  if (row) return row;
  // The migration makes the row; should it be gone, the defaults come back as a row.
  const [created] = await db.insert(payrollSettings).values({}).returning();
  return created!;
}

export async function getPayrollSettings(db: Db): Promise<PayrollSettings> {
  const row = await settingsRow(db);
  return { periodKind: row.periodKind, anchorDate: row.anchorDate, percentSplit: row.percentSplit, version: row.version };
}

export async function updatePayrollSettings(
  tx: Db,
  request: FastifyRequest,
  input: PayrollSettingsUpdateRequest,
): Promise<PayrollSettings> {
  const row = await settingsRow(tx);
  const values = { periodKind: input.periodKind, anchorDate: input.anchorDate, percentSplit: input.percentSplit };
  await assertSettingsChangeOpen(tx, row, values);
  const { before, after } = await updateVersioned(
    tx,
    payrollSettings,
    'wages.settings',
    { id: row.id, version: input.version },
    values,
    request.session!.userId,
  );
  await audit(tx, request, {
    module: 'wages',
    action: 'modifyPayrollSettings',
    recordType: 'payrollSettings',
    recordId: row.id,
    details: { params: values },
    changes: diff({ periodKind: before.periodKind, anchorDate: before.anchorDate, percentSplit: before.percentSplit }, values),
  });
  return { periodKind: after.periodKind, anchorDate: after.anchorDate, percentSplit: after.percentSplit, version: after.version };
}

export async function listMinimumWages(db: Db): Promise<MinimumWage[]> {
  return db
    .select({
      id: minimumWageRates.id,
      effectiveFrom: minimumWageRates.effectiveFrom,
      centsPerHour: minimumWageRates.centsPerHour,
    })
    .from(minimumWageRates)
    .orderBy(asc(minimumWageRates.effectiveFrom));
}

/** A minimum wage from a date; one already set from that date is replaced (the new figure wins). */
export async function addMinimumWage(tx: Db, request: FastifyRequest, input: MinimumWageAddRequest): Promise<MinimumWage> {
  await assertMinimumWageOpen(tx, input.effectiveFrom);
  const [row] = await tx
    .insert(minimumWageRates)
    .values({ effectiveFrom: input.effectiveFrom, centsPerHour: input.centsPerHour, createdBy: request.session!.userId })
    .onConflictDoUpdate({
      target: minimumWageRates.effectiveFrom,
      set: { centsPerHour: input.centsPerHour, updatedAt: new Date(), updatedBy: request.session!.userId },
    })
    .returning();
  await audit(tx, request, {
    module: 'wages',
    action: 'addMinimumWage',
    recordType: 'minimumWage',
    recordId: row!.id,
    details: { params: { rateCents: input.centsPerHour, date: input.effectiveFrom } },
  });
  return { id: row!.id, effectiveFrom: row!.effectiveFrom, centsPerHour: row!.centsPerHour };
}

export async function removeMinimumWage(tx: Db, request: FastifyRequest, id: number): Promise<{ id: number }> {
  const [row] = await tx.select().from(minimumWageRates).where(eq(minimumWageRates.id, id)).for('update');
  if (!row) throw notFound('wages.minimumWage');
  await assertMinimumWageOpen(tx, row.effectiveFrom);
  await tx.delete(minimumWageRates).where(eq(minimumWageRates.id, id));
  await audit(tx, request, {
    module: 'wages',
    action: 'removeMinimumWage',
    recordType: 'minimumWage',
    recordId: id,
    details: { params: { rateCents: row.centsPerHour, date: row.effectiveFrom } },
  });
  return { id };
}
