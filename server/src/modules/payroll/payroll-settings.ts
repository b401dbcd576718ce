import type { PayPeriodSettings } from '@tidyhouse/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { payrollSettings } from './payroll-settings.tables';

/** The payroll settings row (the migration makes it; defaults stand in if it was removed). */
export async function loadPayPeriodSettings(db: Db): Promise<PayPeriodSettings> {
  const [row] = await db
    .select({ kind: payrollSettings.periodKind, anchorDate: payrollSettings.anchorDate })
    .from(payrollSettings)
    .orderBy(asc(payrollSettings.id))
    .limit(1);
  return row ?? { kind: 'weekly', anchorDate: '2026-01-04' };
}
