import { centsToDecimalText, type Locale, type PayLineKind, type PayrollExportQuery } from '@tidyhouse/contract';
import { inArray } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import { csvText } from '../../../platform/csv';
import type { Db } from '../../../platform/database';
import type { FileReply } from '../../../platform/route';
import { sysUsers } from '../../employees/employees.tables';
import { loadPeriodContext } from './wage-inputs';
import { PAY_LINE_TITLES } from './wage-labels';
import { employeesOfPeriod, laborTypeNames, periodWageBatches } from './wages.service';

/**
 * The pay period's wages for the payroll processor (issue 24; docs/business-rules.md "Payroll export"):
 * CSV, one row per employee and pay code (a code with two rates in the period, e.g. a raise mid-week,
 * has a row per rate), with hours, rate or percentage, and amount in dollars. Overtime and double time
 * are premiums on top of the straight time already in REG (half and one regular rate), as on the
 * statement. The processor computes deductions and net pay. Column names are fixed (a processor maps
 * them once); the description is in the caller's language. Rates are left empty for a caller
 * without the pay key.
 */

/** A stable code per kind of pay line (a new kind must be given one: the type says so). */
export const PAY_CODES: Record<PayLineKind, string> = {
  salary: 'SALARY',
  regular: 'REG',
  piece: 'PIECE',
  drive: 'DRIVE',
  nonProductive: 'NONPROD',
  labor: 'LABOR',
  rest: 'REST',
  sickPay: 'SICK',
  overtime: 'OT_PREMIUM',
  doubleTime: 'DT_PREMIUM',
  mealPremium: 'MEAL_PREMIUM',
  restPremium: 'REST_PREMIUM',
  splitShift: 'SPLIT_SHIFT',
  minimumWageTopUp: 'MIN_WAGE_TOPUP',
  tips: 'TIPS',
  adjustment: 'ADJUSTMENT',
};

export const PAYROLL_EXPORT_COLUMNS = [
  'employee_no',
  'employee',
  'period_start',
  'period_end',
  'pay_code',
  'description',
  'hours',
  'rate',
  'percent',
  'amount',
] as const;

export async function payrollExport(db: Db, query: PayrollExportQuery, locale: Locale, showRates: boolean): Promise<FileReply> {
  const context = await loadPeriodContext(db, query.date ?? (await businessToday(db)));
  const { period } = context;
  const employees = await employeesOfPeriod(db, period);
  const laborNames = await laborTypeNames(db, locale);
  const rows: Array<Array<string | number>> = [[...PAYROLL_EXPORT_COLUMNS]];
  for await (const batch of periodWageBatches(db, context, employees)) {
    const ids = batch.map((b) => b.employee.id);
    const numbers = new Map(
      (await db.select({ id: sysUsers.id, no: sysUsers.employeeNo }).from(sysUsers).where(inArray(sysUsers.id, ids))).map((r) => [
        r.id,
        r.no ?? '',
      ]),
    );
    for (const { employee, wages } of batch) {
      for (const line of wages.lines) {
        const title = PAY_LINE_TITLES[line.kind][locale];
        const labor = line.laborTypeId != null ? laborNames.get(line.laborTypeId) : undefined;
        const byTime = line.rateCentsPerHour != null;
        rows.push([
          numbers.get(employee.id) ?? '',
          employee.name,
          period.start,
          period.end,
          PAY_CODES[line.kind],
          labor ? `${title}: ${labor}` : title,
          byTime || line.minutes > 0 ? (line.minutes / 60).toFixed(2) : '',
          showRates && byTime ? centsToDecimalText(line.rateCentsPerHour!) : '',
          showRates && line.rateBasisPoints != null ? (line.rateBasisPoints / 100).toFixed(2) : '',
          centsToDecimalText(line.cents),
        ]);
      }
    }
  }
  return {
    content: Buffer.from(csvText(rows), 'utf8'),
    mimeType: 'text/csv; charset=utf-8',
    fileName: `payroll-${period.start}-${period.end}.csv`,
  };
}
