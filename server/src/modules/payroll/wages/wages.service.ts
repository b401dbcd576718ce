import type {
  Locale,
  PayPeriod,
  WageDetail,
  WageDetailRequest,
  WageQueryRequest,
  WageSummary,
  WageSummaryRow,
} from '@tidyhouse/contract';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { employeePayRates } from '../../employees/employee-records.tables';
import { sysUsers } from '../../employees/employees.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { laborTypes } from '../../system/settings.tables';
import { payPeriodApprovals } from '../time-cards/time-cards.tables';
import type { EmployeeWages } from './california';
import { type LoadedPeriodWages, loadPeriodWages, periodWages, periodWagesOf } from './period-wages';
import { loadPeriodContext, type PeriodContext, WAGE_BATCH } from './wage-inputs';

/**
 * Wages of a pay period (issue 11): the employees paid in it are those with a pay rate in force by
 * its end (not terminated before it starts) or a punch in it; computed a batch at a time.
 */

export interface Employee {
  id: number;
  name: string;
}

export async function employeesOfPeriod(db: Db, period: PayPeriod, keyword?: string): Promise<Employee[]> {
  const conditions = [
    isNull(sysUsers.deletedAt),
    sql`(${sysUsers.terminatedOn} is null or ${sysUsers.terminatedOn} >= ${period.start})`,
    or(
      sql`exists (select 1 from ${employeePayRates} p where p.user_id = ${sysUsers.id} and p.deleted_at is null and p.effective_from <= ${period.end})`,
      sql`exists (select 1 from time_punches t where t.user_id = ${sysUsers.id} and t.deleted_at is null and t.work_date between ${period.start} and ${period.end})`,
    )!,
  ];
  if (keyword) conditions.push(ilike(sysUsers.name, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return db
    .select({ id: sysUsers.id, name: sysUsers.name })
    .from(sysUsers)
    .where(and(...conditions))
    .orderBy(asc(sysUsers.name), asc(sysUsers.id));
}

/**
 * Every employee's wages of the period, a batch at a time (for the summary, the export and the bench):
 * the approved ones from their snapshots, the others computed (period-wages.ts).
 */
export async function* periodWageBatches(
  db: Db,
  context: PeriodContext,
  employees: Employee[],
): AsyncGenerator<Array<{ employee: Employee; wages: EmployeeWages }>> {
  for (let i = 0; i < employees.length; i += WAGE_BATCH) {
    const batch = employees.slice(i, i + WAGE_BATCH);
    const wages = await periodWages(
      db,
      context,
      batch.map((e) => e.id),
    );
    yield batch.map((employee, index) => ({ employee, wages: wages[index]! }));
  }
}

export async function laborTypeNames(db: Db, locale: Locale): Promise<Map<number, string>> {
  const rows = await db.select({ id: laborTypes.id, en: laborTypes.nameEn, zh: laborTypes.nameZh }).from(laborTypes);
  return new Map(rows.map((r) => [r.id, locale === 'zh' ? r.zh : r.en]));
}

async function approvedUsers(db: Db, period: PayPeriod, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: payPeriodApprovals.userId })
    .from(payPeriodApprovals)
    .where(
      and(
        inArray(payPeriodApprovals.userId, userIds),
        eq(payPeriodApprovals.periodStart, period.start),
        eq(payPeriodApprovals.status, 'approved'),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** The row of one employee: lines without their items (the detail has them). */
export function summaryRow(
  employee: Employee,
  wages: EmployeeWages,
  payTypes: WageSummaryRow['payTypes'],
  approved: boolean,
  laborNames: Map<number, string>,
  withItems = false,
): WageSummaryRow {
  return {
    userId: employee.id,
    name: employee.name,
    payTypes,
    workedMinutes: wages.workedMinutes,
    grossCents: wages.grossCents,
    approved,
    warnings: wages.warnings.map((w) => ({ code: w.code, workDate: w.workDate, ...('jobId' in w ? { jobId: w.jobId } : {}) })),
    lines: wages.lines.map(({ items, ...line }) => ({
      ...line,
      ...(line.laborTypeId != null ? { laborTypeName: laborNames.get(line.laborTypeId) ?? '' } : {}),
      ...(withItems ? { items } : {}),
    })),
  };
}

/**
 * Pay types in force during the period, per employee, from their rates of the period (those from on
 * or before its end): a rate counts unless a later one took over by the period's start. The same
 * answer as payTypesOf, without a query.
 */
export function payTypesInForce(
  rates: ReadonlyArray<{ userId: number; effectiveFrom: string; payType: WageSummaryRow['payTypes'][number] }>,
  period: PayPeriod,
): Map<number, WageSummaryRow['payTypes']> {
  const result = new Map<number, WageSummaryRow['payTypes']>();
  const byUser = new Map<number, typeof rates>();
  for (const rate of rates) byUser.set(rate.userId, [...(byUser.get(rate.userId) ?? []), rate]);
  for (const [userId, own] of byUser) {
    const inForce = own.filter(
      (p) =>
        p.effectiveFrom <= period.end && !own.some((q) => q.effectiveFrom > p.effectiveFrom && q.effectiveFrom <= period.start),
    );
    result.set(userId, [...new Set(inForce.map((r) => r.payType))].sort());
  }
  return result;
}

/** Pay types in force during the period, per employee (one query). */
export async function payTypesOf(db: Db, period: PayPeriod, userIds: number[]): Promise<Map<number, WageSummaryRow['payTypes']>> {
  const result = new Map<number, WageSummaryRow['payTypes']>();
  if (!userIds.length) return result;
  const rows = (await db.execute(sql`
    select distinct p.user_id, p.pay_type from employee_pay_rates p
    where p.deleted_at is null and p.user_id in ${sql.raw(`(${userIds.map(Number).join(',')})`)}
      and p.effective_from <= ${period.end}
      and not exists (select 1 from employee_pay_rates q where q.user_id = p.user_id and q.deleted_at is null
        and q.effective_from > p.effective_from and q.effective_from <= ${period.start})
    order by 1, 2`)) as unknown as { rows: Array<{ user_id: number; pay_type: WageSummaryRow['payTypes'][number] }> };
  for (const row of rows.rows) {
    const id = Number(row.user_id);
    result.set(id, [...(result.get(id) ?? []), row.pay_type]);
  }
  return result;
}

/** What the summary reads for a batch of employees (the bench times it apart from the computation). */
export interface LoadedSummaryBatch {
  employees: Employee[];
  wages: LoadedPeriodWages;
  approved: Set<number>;
  payTypes: Map<number, WageSummaryRow['payTypes']>;
}

/** Everything the summary reads, loaded a batch at a time (the computation reads no database). */
export async function* summaryBatches(db: Db, context: PeriodContext, employees: Employee[]): AsyncGenerator<LoadedSummaryBatch> {
  for (let i = 0; i < employees.length; i += WAGE_BATCH) {
    const batch = employees.slice(i, i + WAGE_BATCH);
    const ids = batch.map((e) => e.id);
    const wages = await loadPeriodWages(db, context, ids);
    const approved = await approvedUsers(db, context.period, ids);
    // The computed employees' pay types come from the rates just loaded; only a snapshot's need a query.
    const frozen = [...wages.frozen.keys()];
    const payTypes = frozen.length ? await payTypesOf(db, context.period, frozen) : new Map();
    for (const [userId, types] of payTypesInForce(wages.inputs.payRates, context.period)) payTypes.set(userId, types);
    yield { employees: batch, wages, approved, payTypes };
  }
}

/** The summary rows of a loaded batch: the pure computation. */
export function summaryRows(
  context: PeriodContext,
  batch: LoadedSummaryBatch,
  laborNames: Map<number, string>,
): WageSummaryRow[] {
  const wages = periodWagesOf(context, batch.wages);
  return batch.employees.map((employee, index) =>
    summaryRow(employee, wages[index]!, batch.payTypes.get(employee.id) ?? [], batch.approved.has(employee.id), laborNames),
  );
}

export function wageSummary(context: PeriodContext, rows: WageSummaryRow[]): WageSummary {
  return {
    period: context.period,
    rows,
    totals: {
      workedMinutes: rows.reduce((s, r) => s + r.workedMinutes, 0),
      grossCents: rows.reduce((s, r) => s + r.grossCents, 0),
    },
  };
}

export async function queryWageSummary(db: Db, body: WageQueryRequest, locale: Locale): Promise<WageSummary> {
  const context = await loadPeriodContext(db, body.date ?? (await businessToday(db)));
  const employees = await employeesOfPeriod(db, context.period, body.keyword);
  const laborNames = await laborTypeNames(db, locale);
  const rows: WageSummaryRow[] = [];
  for await (const batch of summaryBatches(db, context, employees)) rows.push(...summaryRows(context, batch, laborNames));
  return wageSummary(context, rows);
}

/** One employee's period with every line's days and jobs (and the job references), and each day's hours. */
export async function queryWageDetail(db: Db, body: WageDetailRequest, locale: Locale): Promise<WageDetail> {
  const [employee] = await db
    .select({ id: sysUsers.id, name: sysUsers.name })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, body.userId), isNull(sysUsers.deletedAt)));
  if (!employee) throw notFound('employees.user');
  const context = await loadPeriodContext(db, body.date ?? (await businessToday(db)));
  const [wages] = await periodWages(db, context, [employee.id]);
  const row = summaryRow(
    employee,
    wages!,
    (await payTypesOf(db, context.period, [employee.id])).get(employee.id) ?? [],
    (await approvedUsers(db, context.period, [employee.id])).has(employee.id),
    await laborTypeNames(db, locale),
    true,
  );
  const jobIds = [...new Set(row.lines.flatMap((l) => (l.items ?? []).flatMap((i) => (i.jobId ? [i.jobId] : []))))];
  if (jobIds.length) {
    const refs = await db.select({ id: jobs.id, reference: jobs.reference }).from(jobs).where(inArray(jobs.id, jobIds));
    const byId = new Map(refs.map((r) => [r.id, r.reference]));
    for (const line of row.lines)
      for (const item of line.items ?? []) if (item.jobId) item.jobReference = byId.get(item.jobId) ?? '';
  }
  // A snapshot approved before issue 24 holds no minimum wages used.
  return {
    ...row,
    period: context.period,
    days: wages!.days,
    minimumWagesUsed: wages!.minimumWagesUsed ?? [],
    regularRates: wages!.regularRates ?? [],
  };
}
