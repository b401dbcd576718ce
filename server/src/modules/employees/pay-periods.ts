import type { Db } from '../../platform/database';

/**
 * Whether the wages of the employee's pay period holding `date` (a business date) are approved.
 * Once they are, the pay rates in force on that date are final: no correction or removal.
 *
 * There is no wage approval yet, so no period is approved and every rate may still be corrected.
 * The wages / pay-period approval issue backs this with its approvals table (one query on the
 * employee and the period of the date, under the caller's transaction); callers already ask it on
 * every correction and removal, so nothing else changes then.
 */
export async function isPayPeriodApproved(_tx: Db, _employeeId: number, _date: string): Promise<boolean> {
  return false;
}
