import { addDays, Code, type Leave, type SickLeaveBalance, type WageDetail } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { employeePayRates } from '../../employees/employee-records.tables';
import { sysUsers } from '../../employees/employees.tables';
import { userIdOf } from '../../employees/test-support';
import { auditLog } from '../../system/system.tables';
import { wall } from '../time-cards/time-cards.fixtures';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';

let t: TestApp;
let office: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  // A clean history: hired 2026-01-05 at $20.00 an hour, no demo punches.
  userId = await userIdOf(t, 'rosa.martinez');
  await t.db.delete(timePunches).where(eq(timePunches.userId, userId));
  await t.db.delete(timeCardDays).where(eq(timeCardDays.userId, userId));
  await t.db.delete(payPeriodApprovals).where(eq(payPeriodApprovals.userId, userId));
  await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, userId));
  await t.db.insert(employeePayRates).values({ userId, payType: 'hourly', rateCents: 2000, effectiveFrom: '2025-01-01' });
  await t.db.update(sysUsers).set({ hireDate: '2026-01-05' }).where(eq(sysUsers.id, userId));
});
afterAll(() => t.close());

/** 8 hours worked (08:00–16:30, a 30-minute meal) on each weekday from `from` to `to`. */
async function workWeekdays(from: string, to: string) {
  const rows = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    rows.push(
      { userId, workDate: day, kind: 'shift' as const, startsAt: wall(day, '08:00'), endsAt: wall(day, '16:30') },
      { userId, workDate: day, kind: 'meal' as const, startsAt: wall(day, '12:00'), endsAt: wall(day, '12:30') },
    );
  }
  await t.db.insert(timePunches).values(rows);
}

const balance = async (date: string) =>
  (await t.call<SickLeaveBalance>('/sickLeave/balance', { token: office, body: { userId, date } })).data;

// The worked example of docs/business-rules.md "Paid sick leave".
describe('paid sick leave: a quarter accrued, a day used', () => {
  it('accrues 1 hour per 30 worked over the first quarter, usable from the 90th day', async () => {
    await workWeekdays('2026-01-05', '2026-04-03'); // 65 days × 8 h = 520 h
    expect(await balance('2026-04-03')).toEqual({
      date: '2026-04-03',
      year: 2026,
      method: 'accrual',
      availableMinutes: 0,
      balanceMinutes: 1040,
      accruedMinutes: 1040,
      usedMinutes: 0,
      carriedOverMinutes: 0,
      usableFrom: '2026-04-04',
    });
  });

  it('takes a sick day through the employee leave and pays it at the week regular rate', async () => {
    const added = await t.call<{ id: number }>('/sysUserLeave/add', {
      token: office,
      body: { userId, kind: 'sick', startDate: '2026-04-06', endDate: '2026-04-06', reason: 'Flu' },
    });
    expect(added.code).toBe(Code.OK);
    const leave = (await t.call<Leave>('/sysUserLeave/detail', { token: office, body: { id: added.data.id } })).data;
    expect(leave.kind).toBe('sick');
    await workWeekdays('2026-04-07', '2026-04-10');

    expect(await balance('2026-04-06')).toMatchObject({
      accruedMinutes: 1040,
      usedMinutes: 480,
      balanceMinutes: 560,
      availableMinutes: 560,
    });
    const wages = (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date: '2026-04-06' } })).data;
    expect(wages.lines.find((l) => l.kind === 'sickPay')).toMatchObject({ minutes: 480, rateCentsPerHour: 2000, cents: 16_000 });
    expect(wages.workedMinutes).toBe(32 * 60);
    expect(wages.grossCents).toBe(64_000 + 16_000);
  });

  it('pays personal leave nothing, and a sick day beyond the balance only what is banked', async () => {
    await t.call('/sysUserLeave/add', {
      token: office,
      body: { userId, startDate: '2026-04-13', endDate: '2026-04-13', reason: 'Errand' },
    });
    // 624 minutes banked by the end of 2026-04-10 (560 + 32 h ÷ 30); two sick days ask 960.
    await t.call('/sysUserLeave/add', {
      token: office,
      body: { userId, kind: 'sick', startDate: '2026-04-14', endDate: '2026-04-15', reason: 'Flu again' },
    });
    const wages = (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date: '2026-04-14' } })).data;
    const sick = wages.lines.find((l) => l.kind === 'sickPay')!;
    expect(sick.items!.map((i) => [i.workDate, i.minutes])).toEqual([
      ['2026-04-14', 480],
      ['2026-04-15', 144],
    ]);
    expect(await balance('2026-04-15')).toMatchObject({ usedMinutes: 1104, balanceMinutes: 0, availableMinutes: 0 });
  });

  it('refuses a leave kind other than personal or sick, naming the field', async () => {
    const bad = await t.call<{ issues: { field: string; message: string }[] }>('/sysUserLeave/add', {
      token: office,
      body: { userId, kind: 'vacation', startDate: '2026-05-04', endDate: '2026-05-04', reason: 'Trip' },
    });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    expect(bad.data.issues).toEqual([{ field: 'kind', message: 'Leave type must be personal leave or sick leave' }]);
  });

  it('front-loads 40 hours instead once the payroll setting says so (audited; a bad method names the field)', async () => {
    const settings = (await t.call<{ method: string; version: number }>('/sickLeave/settings', { token: office, body: {} })).data;
    expect(settings.method).toBe('accrual');
    const bad = await t.call<{ issues: { field: string; message: string }[] }>('/sickLeave/updateSettings', {
      token: office,
      body: { method: 'monthly', version: settings.version },
      locale: 'zh',
    });
    expect(bad.data.issues).toEqual([{ field: 'method', message: '病假方式必须为按工时累计或年初预先给予' }]);
    const saved = await t.call<{ method: string; version: number }>('/sickLeave/updateSettings', {
      token: office,
      body: { method: 'frontLoad', version: settings.version },
    });
    expect(saved.data).toEqual({ method: 'frontLoad', version: settings.version + 1 });
    // Given on the hire date; the three sick days (04-06, 04-14, 04-15) now paid in full.
    expect(await balance('2026-04-15')).toMatchObject({
      method: 'frontLoad',
      accruedMinutes: 2400,
      usedMinutes: 1440,
      availableMinutes: 960,
      carriedOverMinutes: 0,
    });
    const [entry] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'wages'), eq(auditLog.action, 'modifySickLeaveMethod')));
    expect(entry?.details).toEqual({ params: { method: 'frontLoad' } });
  });

  it('refuses a sick leave that would change an approved period (10010 naming it); personal leave is not pay', async () => {
    const admin = await t.sessionAs('super_admin');
    const approved = await t.call('/timeCard/approvePeriod', { token: admin, body: { date: '2026-04-08', userIds: [userId] } });
    expect(approved.code).toBe(Code.OK);
    const sick = await t.call('/sysUserLeave/add', {
      token: office,
      body: { userId, kind: 'sick', startDate: '2026-03-30', endDate: '2026-03-30', reason: 'Fever' },
    });
    expect(sick.code).toBe(Code.REFUSED);
    expect(sick.message).toBe(
      'Sick leave from 2026-03-30 changes the paid sick leave of Rosa Martinez in the approved pay period 2026-04-05 – 2026-04-11: reopen the period (with a reason) first.',
    );
    const personal = await t.call('/sysUserLeave/add', {
      token: office,
      body: { userId, startDate: '2026-04-11', endDate: '2026-04-11', reason: 'Moving house' },
    });
    expect(personal.code).toBe(Code.OK);
    const list = (
      await t.call<{ list: Leave[] }>('/sysUserLeave/queryList', { token: office, body: { userId, pageNum: 1, pageSize: 20 } })
    ).data.list;
    const flu = list.find((l) => l.reason === 'Flu')!;
    const removed = await t.call('/sysUserLeave/remove', { token: office, body: { id: flu.id, version: flu.version } });
    expect(removed.code).toBe(Code.REFUSED);
    expect(await balance('2026-04-06')).toMatchObject({ usedMinutes: 480 });
  });
});
