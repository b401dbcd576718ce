import { Code, type ListResponse, type PayRate } from '@tidyhouse/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { laborTypes } from '../system/settings.tables';
import { auditLog } from '../system/system.tables';
import { employeePayRates } from './employee-records.tables';
import { daysFromToday, ratesOf, today, userIdOf } from './test-support';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const history = async (uname: string) =>
  (await t.call<ListResponse<PayRate>>('/sysUserPay/queryList', { token: office, body: { userId: await userIdOf(t, uname) } }))
    .data;
const batch = (body: object) =>
  t.call<{ ids: number[]; count: number; added: number; corrected: number }>('/sysUserPay/addBatch', { token: office, body });

describe('pay rate history', () => {
  it('lists newest first, marking the scheduled, current and past rates', async () => {
    const { list, total } = await history('rosa.martinez');
    expect(total).toBe(3);
    expect(list.map((r) => r.state)).toEqual(['scheduled', 'current', 'past']);
    expect(list.map((r) => r.rateCents)).toEqual([3300, 3200, 3050]);
    expect(list[0]!.effectiveFrom > today()).toBe(true);
    expect(list[1]).toMatchObject({ payType: 'hourly', isPaid: true, createdByName: 'Linda Chen' });
    const current = await t.call<PayRate>('/sysUserPay/current', { token: office, body: { userId: list[0]!.userId } });
    expect(current.data).toMatchObject({ id: list[1]!.id, state: 'current', rateCents: 3200 });
    const then = await t.call<PayRate>('/sysUserPay/current', {
      token: office,
      body: { userId: list[0]!.userId, date: list[0]!.effectiveFrom },
    });
    expect(then.data).toMatchObject({ id: list[0]!.id, rateCents: 3300 });
    const detail = await t.call<PayRate>('/sysUserPay/detail', { token: office, body: { id: list[2]!.id } });
    expect(detail.data).toMatchObject({ state: 'past', note: 'Starting rate / 起始薪资' });
  });

  it('shows office salaries per semi-monthly period, and answers null before any rate', async () => {
    const { list } = await history('office');
    expect(list[0]).toMatchObject({ payType: 'salary', rateCents: 312_500, state: 'current' });
    const none = await t.call('/sysUserPay/current', { token: office, body: { userId: await userIdOf(t, 'hong.liu') } });
    expect(none).toMatchObject({ code: Code.OK, data: null });
  });

  it('is kept from roles without the pay key, even with the employee screens', async () => {
    const scheduler = await t.loginAs('scheduler');
    const result = await t.call('/sysUserPay/queryList', { token: scheduler, body: { userId: 1 } });
    expect(result.code).toBe(Code.FORBIDDEN);
  });
});

describe('addBatch', () => {
  it('sets a rate for many employees in one go, one audit entry each; the new rate takes over on its date', async () => {
    const [type] = await t.db
      .insert(laborTypes)
      .values({ nameEn: 'Regular cleaning', nameZh: '常规保洁', defaultHourlyRateCents: 2500 })
      .returning();
    const ids = [await userIdOf(t, 'ana.lopez'), await userIdOf(t, 'sofia.ramirez'), await userIdOf(t, 'grace.huang')];
    const from = daysFromToday(1);
    const result = await batch({ userIds: ids, payType: 'hourly', rateCents: 2750, laborTypeId: type!.id, effectiveFrom: from });
    expect(result).toMatchObject({ code: Code.OK, data: { count: 3 } });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'addPayRate'), inArray(auditLog.recordId, ids)));
    expect(entries).toHaveLength(3);
    expect(entries[0]!.summary).toMatch(/hourly \$27\.50\/hour from /);
    const ana = await history('ana.lopez');
    expect(ana.list[0]).toMatchObject({ rateCents: 2750, state: 'scheduled', laborTypeName: 'Regular cleaning' });
    const tomorrow = await t.call<PayRate>('/sysUserPay/current', { token: office, body: { userId: ids[0], date: from } });
    expect(tomorrow.data.rateCents).toBe(2750);
  });

  it('is all or nothing: unknown or terminated employees are named and nothing is added', async () => {
    const before = await t.fingerprint();
    const rosa = await userIdOf(t, 'rosa.martinez');
    const unknown = await batch({
      userIds: [rosa, 99_999],
      payType: 'hourly',
      rateCents: 2500,
      effectiveFrom: daysFromToday(200),
    });
    expect(unknown).toMatchObject({ code: Code.REFUSED, message: expect.stringContaining('99999') });
    const juan = await userIdOf(t, 'juan.morales');
    const terminated = await batch({
      userIds: [rosa, juan],
      payType: 'hourly',
      rateCents: 2500,
      effectiveFrom: daysFromToday(200),
    });
    expect(terminated).toMatchObject({ code: Code.REFUSED, message: 'Terminated employees get no new pay rate: Juan Morales.' });
    expect(await t.fingerprint()).toBe(before);
  });

  it('only moves forward: a date before an employee latest rate is refused, naming them', async () => {
    const before = await t.fingerprint();
    const rosa = await userIdOf(t, 'rosa.martinez');
    const scheduled = (await ratesOf(t, 'rosa.martinez')).at(-1)!.effectiveFrom;
    // The day before Rosa's scheduled raise (on its very day it would be a correction of it).
    const dayBefore = new Date(Date.parse(`${scheduled}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const result = await batch({
      userIds: [rosa, await userIdOf(t, 'mei.lin')],
      payType: 'hourly',
      rateCents: 3400,
      effectiveFrom: dayBefore,
    });
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain(`Rosa Martinez (${scheduled})`);
    expect(await t.fingerprint()).toBe(before);
  });

  it('refuses an inactive labor type and an hourly rate above $500', async () => {
    const [type] = await t.db
      .insert(laborTypes)
      .values({ nameEn: 'Old type', nameZh: '旧工种', defaultHourlyRateCents: 2000, active: false })
      .returning();
    const body = {
      userIds: [await userIdOf(t, 'mei.lin')],
      payType: 'hourly',
      rateCents: 3300,
      effectiveFrom: daysFromToday(300),
    };
    expect((await batch({ ...body, laborTypeId: type!.id })).code).toBe(Code.REFUSED);
    const high = await batch({ ...body, rateCents: 50_001 });
    expect(high).toMatchObject({ code: Code.INVALID_INPUT, message: 'an hourly rate must be at most $500.00' });
  });
});

describe('remove', () => {
  it('removes a scheduled rate or the rate in force, with the reason logged; a replaced rate is corrected instead', async () => {
    const userId = await userIdOf(t, 'mei.lin');
    const added = await batch({ userIds: [userId], payType: 'hourly', rateCents: 3150, effectiveFrom: daysFromToday(30) });
    const scheduledId = added.data.ids[0]!;
    const noReason = await t.call('/sysUserPay/remove', { token: office, body: { id: scheduledId }, locale: 'en' });
    expect(noReason).toMatchObject({ code: Code.INVALID_INPUT, message: 'reason is required' });
    const removed = await t.call('/sysUserPay/remove', { token: office, body: { id: scheduledId, reason: 'Wrong employee' } });
    expect(removed.code).toBe(Code.OK);
    const [row] = await t.db.select().from(employeePayRates).where(eq(employeePayRates.id, scheduledId));
    expect(row!.deletedAt).not.toBeNull();
    expect((await history('mei.lin')).list.map((r) => r.id)).not.toContain(scheduledId);

    // Two rates in the past: the older one is replaced (correct it instead), the newer one is in force.
    const rates = await ratesOf(t, 'mei.lin');
    const inForce = rates.at(-1)!;
    expect(inForce.effectiveFrom <= today()).toBe(true);
    if (rates.length > 1) {
      const replaced = await t.call('/sysUserPay/remove', {
        token: office,
        body: { id: rates[0]!.id, reason: 'x' },
        locale: 'en',
      });
      expect(replaced).toMatchObject({ code: Code.REFUSED, message: expect.stringMatching(/correct it instead/) });
    }
    const current = await t.call('/sysUserPay/remove', {
      token: office,
      body: { id: inForce.id, reason: 'Entered today by mistake' },
    });
    expect(current.code).toBe(Code.OK);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'removePayRate'), eq(auditLog.recordId, userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.summary).toContain('Reason: Entered today by mistake');
  });
});

describe('correct', () => {
  const correct = (body: object) => t.call<{ id: number }>('/sysUserPay/correct', { token: office, body, locale: 'en' });

  it('corrects the rate in force (amount, type, date) with its reason; the operation log has what changed and why', async () => {
    const rates = await ratesOf(t, 'grace.huang');
    const inForce = rates.filter((r) => r.effectiveFrom <= today()).at(-1)!;
    const previous = rates.filter((r) => r.effectiveFrom < inForce.effectiveFrom).at(-1);
    const newDate = previous ? inForce.effectiveFrom : daysFromToday(-400);
    const result = await correct({
      id: inForce.id,
      version: inForce.version,
      payType: 'hourly',
      rateCents: inForce.rateCents + 125,
      effectiveFrom: newDate,
      note: 'corrected',
      reason: 'Typo in the amount',
    });
    expect(result.code).toBe(Code.OK);
    const [row] = await t.db.select().from(employeePayRates).where(eq(employeePayRates.id, inForce.id));
    expect(row).toMatchObject({ rateCents: inForce.rateCents + 125, effectiveFrom: newDate, version: inForce.version + 1 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'correctPayRate'), eq(auditLog.recordId, inForce.userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.summary).toContain('Reason: Typo in the amount');
    expect(entry!.changes).toMatchObject({ rateCents: { from: inForce.rateCents, to: inForce.rateCents + 125 } });

    // The version it was read with is spent: a second correction from the old copy is refused.
    const stale = await correct({
      ...{ id: inForce.id, version: inForce.version },
      payType: 'hourly',
      rateCents: 2000,
      effectiveFrom: newDate,
      reason: 'x',
    });
    expect(stale.code).toBe(Code.CONFLICT);
  });

  it('keeps the history in order: the date stays between the neighbouring rates', async () => {
    const before = await t.fingerprint();
    const rates = await ratesOf(t, 'rosa.martinez');
    const [past, current] = [rates[0]!, rates[1]!];
    const result = await correct({
      id: current.id,
      version: current.version,
      payType: 'hourly',
      rateCents: current.rateCents,
      effectiveFrom: past.effectiveFrom,
      reason: 'Wrong date',
    });
    expect(result).toMatchObject({ code: Code.REFUSED, message: expect.stringContaining(past.effectiveFrom) });
    expect(await t.fingerprint()).toBe(before);
  });

  it('takes a new rate dated on the latest rate day as a correction of that rate, not a refusal', async () => {
    // Hong Liu has no rate yet: the first is entered today, then entered again the same day.
    const userId = await userIdOf(t, 'hong.liu');
    const first = await batch({ userIds: [userId], payType: 'hourly', rateCents: 2600, effectiveFrom: today() });
    expect(first).toMatchObject({ code: Code.OK, data: { count: 1, added: 1, corrected: 0 } });
    const again = await batch({
      userIds: [userId],
      payType: 'hourly',
      rateCents: 2650,
      effectiveFrom: today(),
      note: 'Agreed $26.50',
    });
    expect(again).toMatchObject({ code: Code.OK, data: { ids: first.data.ids, count: 1, added: 0, corrected: 1 } });
    const current = await t.call<PayRate>('/sysUserPay/current', { token: office, body: { userId } });
    expect(current.data).toMatchObject({ id: first.data.ids[0], rateCents: 2650, note: 'Agreed $26.50' });
    const sameDay = (await ratesOf(t, 'hong.liu')).filter((r) => r.effectiveFrom === today());
    expect(sameDay).toHaveLength(1);
  });
});
