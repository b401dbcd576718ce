import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';

/**
 * Whether the wages of the employee's pay period holding `date` (a business date) are approved
 * (time cards: /timeCard/approvePeriod; `pay_period_approvals`). Once they are, the employee's
 * punches and the pay rates in force on that date are final until the period is reopened.
 *
 * The approval row is read `for share` under the caller's transaction: an approval or a reopening
 * of that row in progress waits for the write, or the write waits for it.
 */
export async function isPayPeriodApproved(tx: Db, employeeId: number, date: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    select status from pay_period_approvals
    where user_id = ${employeeId} and period_start <= ${date} and period_end >= ${date}
    for share`)) as unknown as { rows: { status: string }[] };
  return result.rows.some((r) => r.status === 'approved');
}

/** The approved period of the employee holding `date`, if any (for the refusal's message). */
export async function approvedPeriodOf(tx: Db, employeeId: number, date: string): Promise<{ start: string; end: string } | null> {
  const result = (await tx.execute(sql`
    select period_start::text as start, period_end::text as "end" from pay_period_approvals
    where user_id = ${employeeId} and period_start <= ${date} and period_end >= ${date} and status = 'approved'
    for share`)) as unknown as { rows: { start: string; end: string }[] };
  return result.rows[0] ?? null;
}

/**
 * The earliest approved pay period ending on or after `date`, of the employee (or of anyone when
 * `employeeId` is null), read `for share`: a change of pay from `date` on would change it. Periods
 * can be approved out of order, so every approved period from the date on counts, not only the one
 * holding it.
 */
export async function approvedPeriodFrom(
  tx: Db,
  employeeId: number | null,
  date: string,
): Promise<{ userId: number; start: string; end: string } | null> {
  const result = (await tx.execute(sql`
    select user_id as "userId", period_start::text as start, period_end::text as "end" from pay_period_approvals
    where status = 'approved' and period_end >= ${date} ${employeeId === null ? sql`` : sql`and user_id = ${employeeId}`}
    order by period_start, user_id limit 1
    for share`)) as unknown as { rows: { userId: number; start: string; end: string }[] };
  const row = result.rows[0];
  return row ? { ...row, userId: Number(row.userId) } : null;
}
