import type { SickLeaveSettings, SickLeaveSettingsUpdateRequest } from '@tidyhouse/contract';
import { asc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit, diff } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { updateVersioned } from '../../../platform/versioned';
import { payrollSettings } from '../payroll-settings.tables';

/**
 * The sick leave method, a column of the payroll settings row (its version is the row's, so a change
 * here makes an open payroll settings form stale, as it should). Approved periods keep their frozen
 * pay; balances are recomputed with the method chosen (docs/business-rules.md "Paid sick leave").
 */

async function settingsRow(db: Db) {
  const [row] = await db.select().from(payrollSettings).orderBy(asc(payrollSettings.id)).limit(1);
  if (!row) throw notFound('wages.settings');
  return row;
}

export async function getSickLeaveSettings(db: Db): Promise<SickLeaveSettings> {
  const row = await settingsRow(db);
  return { method: row.sickLeaveMethod, version: row.version };
}

export async function updateSickLeaveSettings(
  tx: Db,
  request: FastifyRequest,
  input: SickLeaveSettingsUpdateRequest,
): Promise<SickLeaveSettings> {
  const row = await settingsRow(tx);
  const { before, after } = await updateVersioned(
    tx,
    payrollSettings,
    'wages.settings',
    { id: row.id, version: input.version },
    { sickLeaveMethod: input.method },
    request.session!.userId,
  );
  await audit(tx, request, {
    module: 'wages',
    action: 'modifySickLeaveMethod',
    recordType: 'payrollSettings',
    recordId: row.id,
    details: { params: { method: input.method } },
    changes: diff({ method: before.sickLeaveMethod }, { method: after.sickLeaveMethod }),
  });
  return { method: after.sickLeaveMethod, version: after.version };
}
