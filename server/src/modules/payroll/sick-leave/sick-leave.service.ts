import {
  type PayPeriod,
  type SickLeaveBalance,
  type SickLeaveLedger,
  type SickLeaveMethod,
  sickLeaveDays,
  sickLeaveLedger,
} from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { employeeLeaves } from '../../employees/employee-records.tables';
import { sysUsers } from '../../employees/employees.tables';
import { laborTypes } from '../../system/settings.tables';
import { payrollSettings } from '../payroll-settings.tables';
import { timePunches } from '../time-cards/time-cards.tables';
import { loadWorkDays } from '../time-cards/work-days';
import { classifyDay } from '../wages/california/day-time';

/**
 * Paid sick leave (issue 24; docs/business-rules.md "Paid sick leave"): the contract's ledger over the
 * hours worked as the wages count them (time cards) and the sick leave recorded (employee leave of kind
 * sick). Nothing is stored: a balance is recomputed from the facts, so a corrected punch or leave
 * corrects it.
 */

export async function sickLeaveMethod(db: Db): Promise<SickLeaveMethod> {
  const [row] = await db
    .select({ method: payrollSettings.sickLeaveMethod })
    .from(payrollSettings)
    .orderBy(asc(payrollSettings.id))
    .limit(1);
  return row?.method ?? 'accrual';
}

/** One employee's sick leave balance at the end of a date. */
export async function sickLeaveBalance(db: Db, userId: number, date: string): Promise<SickLeaveBalance> {
  const ledgers = await sickLeaveLedgers(db, [userId], date);
  const ledger = ledgers.get(userId);
  if (!ledger) throw notFound('employees.user');
  return ledger.balance;
}

/** The ledgers of some employees up to a date (one query per table for them all). */
export async function sickLeaveLedgers(db: Db, userIds: number[], asOf: string): Promise<Map<number, SickLeaveLedger>> {
  const result = new Map<number, SickLeaveLedger>();
  if (!userIds.length) return result;
  const users = await db
    .select({ id: sysUsers.id, hireDate: sysUsers.hireDate })
    .from(sysUsers)
    .where(and(inArray(sysUsers.id, userIds), isNull(sysUsers.deletedAt)));
  if (!users.length) return result;
  const ids = users.map((u) => u.id);
  const method = await sickLeaveMethod(db);
  const leaves = await db
    .select({
      userId: employeeLeaves.userId,
      startDate: employeeLeaves.startDate,
      endDate: employeeLeaves.endDate,
      allDay: employeeLeaves.allDay,
      startTime: employeeLeaves.startTime,
      endTime: employeeLeaves.endTime,
    })
    .from(employeeLeaves)
    .where(
      and(
        inArray(employeeLeaves.userId, ids),
        eq(employeeLeaves.kind, 'sick'),
        isNull(employeeLeaves.deletedAt),
        lte(employeeLeaves.startDate, asOf),
      ),
    );
  // Hours are loaded from the year of the first punch or sick leave (the ledger itself starts at the
  // hire date's year, if earlier: no hours were worked in between).
  const [first] = await db
    .select({ date: sql<string | null>`min(${timePunches.workDate})::text` })
    .from(timePunches)
    .where(and(inArray(timePunches.userId, ids), isNull(timePunches.deletedAt), lte(timePunches.workDate, asOf)));
  const starts = [first?.date, ...leaves.map((l) => l.startDate)].filter((d): d is string => !!d && d <= asOf);
  const from = starts.length ? `${starts.sort()[0]!.slice(0, 4)}-01-01` : asOf;
  const labor = await db
    .select({ id: laborTypes.id, rate: laborTypes.defaultHourlyRateCents, isPaid: laborTypes.isPaid })
    .from(laborTypes);
  const laborMap = new Map(labor.map((r) => [r.id, { hourlyRateCents: r.rate, isPaid: r.isPaid }]));
  const days = await loadWorkDays(db, { from, to: asOf, userIds: ids });

  for (const user of users) {
    const worked = days
      .filter((d) => d.userId === user.id)
      .map((d) => ({ date: d.workDate, minutes: classifyDay(d, laborMap).workedMinutes }));
    const requested = leaves
      .filter((l) => l.userId === user.id)
      .flatMap((l) => sickLeaveDays(l))
      .filter((d) => d.date <= asOf);
    result.set(user.id, sickLeaveLedger({ method, hireDate: user.hireDate, worked, requested, asOf }));
  }
  return result;
}

/**
 * The sick leave paid in a period, per employee and day (what the balance allows of what was asked);
 * only employees with a sick leave touching the period are walked.
 */
export async function sickLeavePaidInPeriod(
  db: Db,
  period: PayPeriod,
  userIds: number[],
): Promise<Map<number, Array<{ workDate: string; minutes: number }>>> {
  const result = new Map<number, Array<{ workDate: string; minutes: number }>>();
  if (!userIds.length) return result;
  const rows = await db
    .selectDistinct({ userId: employeeLeaves.userId })
    .from(employeeLeaves)
    .where(
      and(
        inArray(employeeLeaves.userId, userIds),
        eq(employeeLeaves.kind, 'sick'),
        isNull(employeeLeaves.deletedAt),
        lte(employeeLeaves.startDate, period.end),
        sql`${employeeLeaves.endDate} >= ${period.start}`,
      ),
    );
  if (!rows.length) return result;
  const ledgers = await sickLeaveLedgers(
    db,
    rows.map((r) => r.userId),
    period.end,
  );
  for (const [userId, ledger] of ledgers) {
    const paid = ledger.uses
      .filter((u) => u.paidMinutes > 0 && u.date >= period.start)
      .map((u) => ({ workDate: u.date, minutes: u.paidMinutes }));
    if (paid.length) result.set(userId, paid);
  }
  return result;
}
