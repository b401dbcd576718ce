import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { momentAtWallClock, type PayrollSettings, type WageDetail, type WageSummary } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerPayments } from '../../billing/payments/payments.tables';
import { employeePayRates } from '../../employees/employee-records.tables';
import { activeTeam, newJob } from '../../service/jobs/jobs.fixtures';
import { jobs } from '../../service/jobs/jobs.tables';
import { auditLog } from '../../system/system.tables';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
});
afterAll(() => t.close());

const ZONE = 'America/Los_Angeles';
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, ZONE);
};

/** A team's members (the first `count`), their rates replaced by one from 2025-01-01. */
async function teamMembers(count: number, offset = 0) {
  const team = await activeTeam(t, offset);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit ${count}`,
  )) as unknown as { rows: { user_id: number }[] };
  return { teamId: team.id as number, userIds: rows.rows.map((r) => Number(r.user_id)) };
}

/** The employee starts from a clean history (no demo punches, card days or approvals), paid one rate from 2025-01-01. */
async function payAs(userId: number, payType: 'hourly' | 'percentage', rateCents: number) {
  await t.db.delete(timePunches).where(eq(timePunches.userId, userId));
  await t.db.delete(timeCardDays).where(eq(timeCardDays.userId, userId));
  await t.db.delete(payPeriodApprovals).where(eq(payPeriodApprovals.userId, userId));
  await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, userId));
  await t.db.insert(employeePayRates).values({ userId, payType, rateCents, effectiveFrom: '2025-01-01' });
}

const detail = async (userId: number, date: string) =>
  (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date } })).data;

describe('wages of a pay period', () => {
  it('pays percentage pay on the revenue of a cancelled job, its cancel fee alone (docs/business-rules.md "Revenue")', async () => {
    const { teamId, userIds } = await teamMembers(1, 2);
    const userId = userIds[0]!;
    await payAs(userId, 'percentage', 4000);
    const day = '2026-03-17';
    const job = await newJob(t, { teamId, serviceDate: day, startTime: '09:00', flatRateCents: 30_000 });
    // Cancelled after the team had started (a lockout): $300.00 of visit stored, a $50.00 fee charged.
    await t.db.update(jobs).set({ status: 'cancelled', cancelFeeCents: 5_000 }).where(eq(jobs.id, job.id));
    await t.db.insert(timePunches).values([
      { userId, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, '10:00') },
      { userId, workDate: day, kind: 'job', jobId: job.id, startsAt: at(day, '09:00'), endsAt: at(day, '10:00') },
    ]);
    // $50.00 × 40 % = $20.00, not 40 % of the $300.00 that was never earned.
    expect((await detail(userId, day)).lines.find((l) => l.kind === 'piece')).toMatchObject({ cents: 2_000 });
  });

  it('pays a 13-hour day as straight time plus overtime and double-time premiums, in the summary and its drill-down', async () => {
    const { userIds } = await teamMembers(1);
    const userId = userIds[0]!;
    await payAs(userId, 'hourly', 2000);
    const day = '2026-03-03';
    await t.db.insert(timePunches).values([
      { userId, workDate: day, kind: 'shift', startsAt: at(day, '06:00'), endsAt: at(day, '20:00') },
      { userId, workDate: day, kind: 'meal', startsAt: at(day, '10:00'), endsAt: at(day, '10:30') },
      { userId, workDate: day, kind: 'meal', startsAt: at(day, '15:00'), endsAt: at(day, '15:30') },
    ]);
    const summary = (await t.call<WageSummary>('/jhSchedule/queryWage', { token: office, body: { date: day } })).data;
    expect(summary.period).toEqual({ start: '2026-03-01', end: '2026-03-07' });
    const row = summary.rows.find((r) => r.userId === userId)!;
    expect(row).toMatchObject({ workedMinutes: 780, grossCents: 32_000, approved: false, payTypes: ['hourly'] });
    expect(row.lines.map((l) => [l.kind, l.minutes, l.rateCentsPerHour, l.cents])).toEqual([
      ['regular', 780, 2000, 26_000],
      ['overtime', 240, 1000, 4_000],
      ['doubleTime', 60, 2000, 2_000],
    ]);
    expect(row.lines[0]!.items).toBeUndefined();
    expect(summary.totals.grossCents).toBe(summary.rows.reduce((s, r) => s + r.grossCents, 0));

    const drill = await detail(userId, day);
    expect(drill.days).toEqual([
      {
        workDate: day,
        workedMinutes: 780,
        regularMinutes: 480,
        overtimeMinutes: 240,
        doubleTimeMinutes: 60,
        mealPremium: false,
        restPremium: false,
      },
    ]);
    expect(drill.lines.find((l) => l.kind === 'overtime')!.items).toEqual([{ workDate: day, minutes: 240, cents: 4_000 }]);
  });

  it('pays percentage pay by in-home minutes of the team, and splits a tip among its members', async () => {
    const { teamId, userIds } = await teamMembers(2, 1);
    const [a, b] = userIds as [number, number];
    for (const id of [a, b]) await payAs(id, 'percentage', 4000);
    const day = '2026-03-10';
    const job = await newJob(t, { teamId, serviceDate: day, startTime: '09:00' });
    await t.db.update(jobs).set({ subtotalCents: 30_000 }).where(eq(jobs.id, job.id));
    await t.db.insert(timePunches).values([
      { userId: a, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, '12:00') },
      { userId: a, workDate: day, kind: 'job', jobId: job.id, startsAt: at(day, '09:00'), endsAt: at(day, '12:00') },
      { userId: b, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, '11:00') },
      { userId: b, workDate: day, kind: 'job', jobId: job.id, startsAt: at(day, '09:00'), endsAt: at(day, '11:00') },
    ]);
    const [customer] = await t.db.select({ id: jobs.customerId }).from(jobs).where(eq(jobs.id, job.id));
    await t.db.insert(customerPayments).values({
      customerId: customer!.id,
      kind: 'payment',
      paidOn: day,
      amountCents: 30_000,
      gratuityCents: 5_001,
      method: 'cash',
      jobId: job.id,
    });
    const first = await detail(a, day);
    const second = await detail(b, day);
    // $300.00 × 40 % = $120.00: 180 of the team's 300 minutes → $72.00, 120 → $48.00.
    expect(first.lines.find((l) => l.kind === 'piece')).toMatchObject({ cents: 7_200, rateBasisPoints: 4000 });
    expect(second.lines.find((l) => l.kind === 'piece')).toMatchObject({ cents: 4_800 });
    expect(first.lines.find((l) => l.kind === 'piece')!.items![0]!.jobReference).toBe(job.reference);
    // The tip: $50.01 by 180 / 120 minutes → $30.01 (30.006 rounds up as the larger remainder) and $20.00.
    const tipOf = (d: WageDetail) => d.lines.find((l) => l.kind === 'tips')!.cents;
    expect(tipOf(first) + tipOf(second)).toBe(5_001);
    expect([tipOf(first), tipOf(second)]).toEqual([3_001, 2_000]);
    // Tips count neither toward the minimum wage nor the regular rate: the gross is the lines' sum.
    expect(first.grossCents).toBe(first.lines.reduce((s, l) => s + l.cents, 0));
  });

  it('carries a tip recorded after its period was approved to the next period', async () => {
    const { teamId, userIds } = await teamMembers(1, 2);
    const userId = userIds[0]!;
    await payAs(userId, 'hourly', 2500);
    const day = '2026-03-18';
    const job = await newJob(t, { teamId, serviceDate: day, startTime: '09:00' });
    await t.db.insert(timePunches).values([
      { userId, workDate: day, kind: 'shift', startsAt: at(day, '09:00'), endsAt: at(day, '11:00') },
      { userId, workDate: day, kind: 'job', jobId: job.id, startsAt: at(day, '09:00'), endsAt: at(day, '11:00') },
    ]);
    await t.db.insert(payPeriodApprovals).values({
      userId,
      periodStart: '2026-03-15',
      periodEnd: '2026-03-21',
      status: 'approved',
      approvedAt: new Date(Date.now() - 60_000),
      firstApprovedAt: new Date(Date.now() - 60_000),
    });
    const [customer] = await t.db.select({ id: jobs.customerId }).from(jobs).where(eq(jobs.id, job.id));
    await t.db.insert(customerPayments).values({
      customerId: customer!.id,
      kind: 'payment',
      paidOn: day,
      amountCents: 100,
      gratuityCents: 700,
      method: 'cash',
      jobId: job.id,
    });
    const approvedWeek = await detail(userId, day);
    expect(approvedWeek.approved).toBe(true);
    expect(approvedWeek.lines.some((l) => l.kind === 'tips')).toBe(false);
    const next = await detail(userId, '2026-03-22');
    expect(next.lines.find((l) => l.kind === 'tips')).toMatchObject({
      cents: 700,
      items: [{ workDate: '2026-03-22', cents: 700 }],
    });
  });

  it('filters the summary by name and refuses an unknown employee with 10004', async () => {
    const summary = (
      await t.call<WageSummary>('/jhSchedule/queryWage', { token: office, body: { date: '2026-03-04', keyword: 'Rosa' } })
    ).data;
    expect(summary.rows.length).toBeGreaterThan(0);
    expect(summary.rows.every((r) => r.name.includes('Rosa'))).toBe(true);
    expect((await t.call('/wage/queryDetail', { token: office, body: { userId: 999_999, date: '2026-03-04' } })).code).toBe(
      10004,
    );
  });
});

describe('split shift and meal waivers from the time cards', () => {
  it('clocked out and in again with a 3-hour break: the gap is off the clock and the day earns the split-shift premium', async () => {
    const { userIds } = await teamMembers(1, 1);
    const userId = userIds[0]!;
    await payAs(userId, 'hourly', 1800);
    const day = '2026-03-04';
    await t.db.insert(timePunches).values([
      { userId, workDate: day, kind: 'shift', startsAt: at(day, '08:00'), endsAt: at(day, '12:00') },
      { userId, workDate: day, kind: 'shift', startsAt: at(day, '15:00'), endsAt: at(day, '17:00') },
    ]);
    const added = await t.call('/timeCard/addMealWaiver', { token: office, body: { userId, meal: 1, signedOn: '2026-03-01' } });
    expect(added.code).toBe(0);
    const drill = await detail(userId, day);
    // 6 h × $18.00 = $108.00; the first meal is waived (6 h); the day is worked at the business in
    // Burlingame ($17.86): split shift $17.86 − ($108.00 − $107.16) = $17.02.
    expect(drill.workedMinutes).toBe(360);
    expect(drill.lines.map((l) => [l.kind, l.minutes, l.cents])).toEqual([
      ['regular', 360, 10_800],
      ['splitShift', 60, 1_702],
    ]);
    expect(drill.grossCents).toBe(12_502);
  });
});

describe('wage settings', () => {
  it('changes the period kind with the version (10009 when stale), logged; the summary follows it', async () => {
    // The approvals of the tests above would refuse it (pay-freeze.test.ts): this test starts without them.
    await t.db.update(payPeriodApprovals).set({ status: 'reopened' });
    const before = (await t.call<PayrollSettings>('/wage/settings', { token: office, body: {} })).data;
    expect(before).toMatchObject({ periodKind: 'weekly', anchorDate: '2026-01-04', percentSplit: 'by_minutes' });
    const body = { periodKind: 'biweekly', anchorDate: '2026-01-04', percentSplit: 'by_minutes', version: before.version };
    const saved = await t.call<PayrollSettings>('/wage/updateSettings', { token: office, body });
    expect(saved.data).toMatchObject({ periodKind: 'biweekly', version: before.version + 1 });
    expect((await t.call('/wage/updateSettings', { token: office, body })).code).toBe(10009);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'wages'), eq(auditLog.action, 'modifyPayrollSettings')));
    expect(entry!.summary).toContain('every two weeks');
    const summary = (
      await t.call<WageSummary>('/jhSchedule/queryWage', { token: office, body: { date: '2026-03-04', keyword: 'zzz-nobody' } })
    ).data;
    expect(summary.period).toEqual({ start: '2026-03-01', end: '2026-03-14' });
    await t.call('/wage/updateSettings', { token: office, body: { ...body, periodKind: 'weekly', version: before.version + 1 } });
  });

  it('sets a minimum wage from a date (the same date replaces it), lists and removes it, logged', async () => {
    const added = await t.call<{ id: number; centsPerHour: number }>('/wage/addMinimumWage', {
      token: office,
      body: { effectiveFrom: '2028-01-01', centsPerHour: 1800 },
    });
    const again = await t.call<{ id: number; centsPerHour: number }>('/wage/addMinimumWage', {
      token: office,
      body: { effectiveFrom: '2028-01-01', centsPerHour: 1850 },
    });
    expect(again.data).toMatchObject({
      id: added.data.id,
      effectiveFrom: '2028-01-01',
      centsPerHour: 1850,
      jurisdiction: 'California',
    });
    const list = (
      await t.call<Array<{ effectiveFrom: string; centsPerHour: number; scope: string }>>('/wage/queryMinimumWages', {
        token: office,
        body: {},
      })
    ).data.filter((r) => r.scope === 'state');
    expect(list.map((r) => [r.effectiveFrom, r.centsPerHour])).toContainEqual(['2026-01-01', 1690]);
    expect(list.at(-1)).toMatchObject({ effectiveFrom: '2028-01-01', centsPerHour: 1850 });
    expect((await t.call('/wage/removeMinimumWage', { token: office, body: { id: added.data.id } })).code).toBe(0);
    expect((await t.call('/wage/removeMinimumWage', { token: office, body: { id: added.data.id } })).code).toBe(10004);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.module, 'wages'));
    expect(entries.map((e) => e.summary)).toContain('Removed the minimum wage of California: $18.50/hour from 2028-01-01');
  });
});

describe('export and statement', () => {
  it('exports a sheet per period with a line per employee and a sheet of details, and refuses more than 12 periods', async () => {
    const { userIds } = await teamMembers(1, 3);
    const userId = userIds[0]!;
    await payAs(userId, 'hourly', 2400);
    const day = '2026-04-07';
    await t.db
      .insert(timePunches)
      .values({ userId, workDate: day, kind: 'shift', startsAt: at(day, '08:00'), endsAt: at(day, '12:00') });
    const file = await t.app.inject({
      method: 'GET',
      url: '/_/wage/export?from=2026-04-05&to=2026-04-18',
      headers: { authorization: office, 'accept-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['2026-04-05 – 2026-04-11', '2026-04-12 – 2026-04-18', 'Details']);
    const [name] = await t.db
      .execute(sql`select name from sys_users where id = ${userId}`)
      .then((r) => (r as unknown as { rows: { name: string }[] }).rows);
    const week = book.worksheets[0]!;
    const header = (week.getRow(1).values as unknown[]).slice(1);
    const line = week.getSheetValues().find((r) => Array.isArray(r) && r[1] === name!.name) as unknown[];
    expect(line[1 + header.indexOf('Hours')]).toBe(4);
    expect(line[1 + header.indexOf('Gross pay ($)')]).toBe(96);
    const details = book.worksheets[2]!.getSheetValues().filter((r) => Array.isArray(r) && r[2] === name!.name);
    expect(details).toHaveLength(1);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/_/wage/export?from=2026-01-01&to=2026-06-30',
      headers: { authorization: office, 'accept-language': 'en' },
    });
    expect(tooLong.json()).toMatchObject({ code: 10010 });
  });

  it('prints a statement as a PDF in the language asked for', async () => {
    const [row] = await t.db.select({ userId: employeePayRates.userId }).from(employeePayRates).limit(1);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/_/wage/statement?userId=${row!.userId}&date=2026-04-07&lang=zh`,
      headers: { authorization: office, 'accept-language': 'en' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(decodeURIComponent(String(pdf.headers['content-disposition']))).toContain('工资单');
  });

  it('says on the statement how the employee is paid, in plain words of either language (no pay type code)', async () => {
    const { userIds } = await teamMembers(1, 4);
    await payAs(userIds[0]!, 'percentage', 3000);
    const text = async (lang: 'en' | 'zh') => {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/_/wage/statement?userId=${userIds[0]}&date=2026-04-07&lang=${lang}`,
        headers: { authorization: office },
      });
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wage-pdf-')), 'statement.pdf');
      fs.writeFileSync(file, pdf.rawPayload);
      return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    };
    const en = await text('en');
    expect(en).toContain('Paid by');
    expect(en).toContain('percentage of the job price');
    expect(en).not.toMatch(/Pay types|\bpercentage\n/);
    const zh = await text('zh');
    expect(zh).toContain('计薪方式');
    expect(zh).toContain('按工单价格提成');
    expect(zh).not.toContain('薪资类型');
  });
});
