import { Code, type ListResponse, type PayRate } from '@tidyhouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
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
const batch = (body: object) => t.call<{ ids: number[]; count: number }>('/sysUserPay/addBatch', { token: office, body });

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
    expect(detail.data).toMatchObject({ state: 'past', note: 'Starting rate' });
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

  it('only moves forward: a date on or before an employee latest rate is refused, naming them', async () => {
    const before = await t.fingerprint();
    const rosa = await userIdOf(t, 'rosa.martinez');
    const scheduled = (await ratesOf(t, 'rosa.martinez')).at(-1)!.effectiveFrom;
    const result = await batch({
      userIds: [rosa, await userIdOf(t, 'mei.lin')],
      payType: 'hourly',
      rateCents: 3400,
      effectiveFrom: scheduled,
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
  it('removes a rate not yet in force; one in force is never removed', async () => {
    const rates = await ratesOf(t, 'mei.lin');
    const inForce = rates.at(-1)!;
    expect(inForce.effectiveFrom <= today()).toBe(true);
    const refused = await t.call('/sysUserPay/remove', { token: office, body: { id: inForce.id } });
    expect(refused).toMatchObject({ code: Code.REFUSED, message: expect.stringMatching(/never changed or removed/) });
    const userId = await userIdOf(t, 'mei.lin');
    const added = await batch({ userIds: [userId], payType: 'hourly', rateCents: 3150, effectiveFrom: daysFromToday(30) });
    expect((await t.call('/sysUserPay/remove', { token: office, body: { id: added.data.ids[0] } })).code).toBe(Code.OK);
    const [row] = await t.db.select().from(employeePayRates).where(eq(employeePayRates.id, added.data.ids[0]!));
    expect(row!.deletedAt).not.toBeNull();
    expect((await history('mei.lin')).list.map((r) => r.id)).not.toContain(added.data.ids[0]);
  });
});
