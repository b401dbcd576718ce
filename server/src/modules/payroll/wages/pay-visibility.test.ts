import { type JobDetail, type LaborTypeOption, momentAtWallClock, type WageDetail, type WageSummary } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { employeePayRates } from '../../employees/employee-records.tables';
import { activeTeam, pricedItem, scheduledJob } from '../../service/jobs/jobs.fixtures';
import { rolePermissions, roles } from '../../system/system.tables';
import { timePunches } from '../time-cards/time-cards.tables';

/** Issue 24 item 7: no pay rate in any answer to a caller without employee:pay:manage. */

let t: TestApp;
let scheduler: string;
let manager: string;
let member: number;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.sessionAs('scheduler');
  manager = await t.sessionAs('office_manager');
  const team = await activeTeam(t);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 1`,
  )) as unknown as { rows: { user_id: number }[] };
  member = Number(rows.rows[0]!.user_id);
  // One known hourly rate for the crew member from 2025 on.
  await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, member));
  await t.db
    .insert(employeePayRates)
    .values({ userId: member, payType: 'hourly', rateCents: 2_345, effectiveFrom: '2025-01-01' });
});
afterAll(() => t.close());

const call = async <T>(path: string, token: string, body: unknown = {}) => {
  const result = await t.call<T>(path, { token, body });
  expect(result.code).toBe(0);
  return result.data;
};

describe('pay rates only to employee:pay:manage', () => {
  it('/job/detail: the crew rate, projected labor and profit for a manager; none of them for the scheduler', async () => {
    const item = await pricedItem(t);
    const job = await scheduledJob(t, { lines: [{ priceItemId: item.id, quantity: 2 }] });
    const asManager = await call<JobDetail>('/job/detail', manager, { id: job.id });
    expect(asManager.labor.find((m) => m.userId === member)?.hourlyRateCents).toBe(2_345);
    expect(asManager.job.costing.projectedLaborCents).toBeGreaterThan(0);
    expect(asManager.job.costing.profitLossCents).not.toBeNull();

    const asScheduler = await call<JobDetail>('/job/detail', scheduler, { id: job.id });
    expect(asScheduler.labor.map((m) => m.userId)).toContain(member);
    expect(asScheduler.labor.every((m) => m.hourlyRateCents === null)).toBe(true);
    expect(asScheduler.job.costing.projectedLaborCents).toBeNull();
    expect(asScheduler.job.costing.profitLossCents).toBeNull();
    // The rest of the costing is still there.
    expect(asScheduler.job.costing.invoiceTotalCents).toBe(asManager.job.costing.invoiceTotalCents);
    expect(JSON.stringify(asScheduler)).not.toContain('2345');
  });

  it('/laborType/options: default hourly rates for a manager, null for the scheduler', async () => {
    const asManager = await call<LaborTypeOption[]>('/laborType/options', manager);
    expect(asManager.length).toBeGreaterThan(0);
    expect(asManager.some((o) => (o.defaultHourlyRateCents ?? 0) > 0)).toBe(true);
    const asScheduler = await call<LaborTypeOption[]>('/laborType/options', scheduler);
    expect(asScheduler.map((o) => o.id)).toEqual(asManager.map((o) => o.id));
    expect(asScheduler.every((o) => o.defaultHourlyRateCents === null)).toBe(true);
  });

  it('wages summary and detail: hours and amounts with the wages key alone, rates only with the pay key', async () => {
    const day = '2026-03-03';
    const at = (hhmm: number) => momentAtWallClock(day, hhmm, 'America/Los_Angeles');
    await t.db
      .insert(timePunches)
      .values({ userId: member, workDate: day, kind: 'shift', startsAt: at(8 * 60), endsAt: at(12 * 60) });
    // A role with the wages screen but not the pay key (the scheduler, given the screen here).
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'scheduler'));
    await t.db.insert(rolePermissions).values({ roleId: role!.id, key: '/employee/wages' });

    const body = { userId: member, date: day };
    const full = await call<WageDetail>('/wage/queryDetail', manager, body);
    const regular = full.lines.find((l) => l.kind === 'regular')!;
    expect(regular.rateCentsPerHour).toBe(2_345);
    const limited = await call<WageDetail>('/wage/queryDetail', scheduler, body);
    expect(limited.grossCents).toBe(full.grossCents);
    expect(limited.lines.map((l) => [l.kind, l.minutes, l.cents])).toEqual(full.lines.map((l) => [l.kind, l.minutes, l.cents]));
    expect(limited.lines.every((l) => l.rateCentsPerHour === null && l.rateBasisPoints === undefined)).toBe(true);

    const summary = await call<WageSummary>('/jhSchedule/queryWage', scheduler, { date: day });
    const row = summary.rows.find((r) => r.userId === member)!;
    expect(row.grossCents).toBe(full.grossCents);
    expect(summary.rows.every((r) => r.lines.every((l) => l.rateCentsPerHour === null))).toBe(true);
    const managerSummary = await call<WageSummary>('/jhSchedule/queryWage', manager, { date: day });
    expect(managerSummary.rows.find((r) => r.userId === member)!.lines[0]!.rateCentsPerHour).toBe(2_345);

    // The XLSX's details sheet: the rate column only for the manager.
    const ratesInExport = async (token: string) => {
      const file = await t.app.inject({
        method: 'GET',
        url: `/_/wage/export?from=${day}&to=${day}`,
        headers: { authorization: token, 'accept-language': 'en' },
      });
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const details = book.getWorksheet('Details')!;
      const header = (details.getRow(1).values as unknown[]).slice(1);
      const rate = 1 + header.indexOf('Rate');
      return details
        .getSheetValues()
        .flatMap((r) => (Array.isArray(r) && r[rate] ? [String(r[rate])] : []))
        .slice(1);
    };
    expect(await ratesInExport(manager)).toContain('$23.45');
    expect(await ratesInExport(scheduler)).toEqual([]);
    await t.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role!.id), eq(rolePermissions.key, '/employee/wages')));
  });
});
