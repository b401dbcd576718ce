import {
  type MinimumWage,
  type MinimumWageAddInput,
  type PayrollSettings,
  type PayrollSettingsUpdateRequest,
  placeKey,
} from '@tidyhouse/contract';
import { and, asc, eq } from 'drizzle-orm';
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
  return {
    periodKind: row.periodKind,
    anchorDate: row.anchorDate,
    percentSplit: row.percentSplit,
    employeeCount: row.employeeCount,
    version: row.version,
  };
}

export async function updatePayrollSettings(
  tx: Db,
  request: FastifyRequest,
  input: PayrollSettingsUpdateRequest,
): Promise<PayrollSettings> {
  const row = await settingsRow(tx);
  const values = { periodKind: input.periodKind, anchorDate: input.anchorDate, percentSplit: input.percentSplit };
  await assertSettingsChangeOpen(tx, row, values);
  // The employee count (a minimum wage's size tier) reaches only open periods: approved ones are snapshots.
  const employeeCount = input.employeeCount ?? row.employeeCount;
  const { before, after } = await updateVersioned(
    tx,
    payrollSettings,
    'wages.settings',
    { id: row.id, version: input.version },
    { ...values, employeeCount },
    request.session!.userId,
  );
  await audit(tx, request, {
    module: 'wages',
    action: 'modifyPayrollSettings',
    recordType: 'payrollSettings',
    recordId: row.id,
    details: { params: values },
    changes: diff(
      {
        periodKind: before.periodKind,
        anchorDate: before.anchorDate,
        percentSplit: before.percentSplit,
        employeeCount: before.employeeCount,
      },
      { ...values, employeeCount },
    ),
  });
  return {
    periodKind: after.periodKind,
    anchorDate: after.anchorDate,
    percentSplit: after.percentSplit,
    employeeCount: after.employeeCount,
    version: after.version,
  };
}

const minimumWageColumns = {
  id: minimumWageRates.id,
  effectiveFrom: minimumWageRates.effectiveFrom,
  centsPerHour: minimumWageRates.centsPerHour,
  scope: minimumWageRates.scope,
  jurisdiction: minimumWageRates.jurisdiction,
  places: minimumWageRates.places,
  minEmployees: minimumWageRates.minEmployees,
};

/** Every jurisdiction's rates: the state's first, then by jurisdiction, tier and date. */
export async function listMinimumWages(db: Db): Promise<MinimumWage[]> {
  const rows = await db.select(minimumWageColumns).from(minimumWageRates).orderBy(asc(minimumWageRates.effectiveFrom));
  return rows.sort(
    (a, b) =>
      Number(a.scope !== 'state') - Number(b.scope !== 'state') ||
      a.jurisdiction.localeCompare(b.jurisdiction) ||
      a.minEmployees - b.minEmployees ||
      a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
}

/**
 * A jurisdiction's minimum wage from a date; one already set for the same jurisdiction, date and
 * employer size is replaced (the new figure wins). A jurisdiction written like an existing one (case,
 * spaces aside) is that one, so its rates stay one series.
 */
export async function addMinimumWage(tx: Db, request: FastifyRequest, input: MinimumWageAddInput): Promise<MinimumWage> {
  await assertMinimumWageOpen(tx, input.effectiveFrom);
  const names = await tx.selectDistinct({ jurisdiction: minimumWageRates.jurisdiction }).from(minimumWageRates);
  const jurisdiction =
    names.find((n) => placeKey(n.jurisdiction) === placeKey(input.jurisdiction))?.jurisdiction ?? input.jurisdiction;
  const values = {
    scope: input.scope,
    jurisdiction,
    places: input.places,
    minEmployees: input.minEmployees,
    effectiveFrom: input.effectiveFrom,
    centsPerHour: input.centsPerHour,
  };
  const [existing] = await tx
    .select({ id: minimumWageRates.id })
    .from(minimumWageRates)
    .where(
      and(
        eq(minimumWageRates.jurisdiction, jurisdiction),
        eq(minimumWageRates.effectiveFrom, input.effectiveFrom),
        eq(minimumWageRates.minEmployees, input.minEmployees),
      ),
    )
    .for('update');
  const userId = request.session!.userId;
  const [row] = existing
    ? await tx
        .update(minimumWageRates)
        .set({ ...values, updatedAt: new Date(), updatedBy: userId })
        .where(eq(minimumWageRates.id, existing.id))
        .returning(minimumWageColumns)
    : await tx
        .insert(minimumWageRates)
        .values({ ...values, createdBy: userId })
        .returning(minimumWageColumns);
  await audit(tx, request, {
    module: 'wages',
    action: 'addMinimumWage',
    recordType: 'minimumWage',
    recordId: row!.id,
    details: { params: { jurisdiction, rateCents: input.centsPerHour, date: input.effectiveFrom } },
  });
  return row!;
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
    details: { params: { jurisdiction: row.jurisdiction, rateCents: row.centsPerHour, date: row.effectiveFrom } },
  });
  return { id };
}
