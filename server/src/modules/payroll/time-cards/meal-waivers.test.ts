import { type AttendanceResponse, Code, type MealWaiver, type MealWaiverList, type WageDetail } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { userIdOf } from '../../employees/test-support';
import { auditLog } from '../../system/system.tables';
import { punchOf } from './time-cards.fixtures';
import { mealWaivers } from './time-cards.tables';

let t: TestApp;
let office: string;
let rosa: number;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  rosa = await userIdOf(t, 'rosa.martinez');
});
afterAll(() => t.close());

const call = <T = unknown>(path: string, body: unknown) => t.call<T>(path, { token: office, locale: 'en', body });
const mealFlags = async (date: string) => {
  const result = await call<AttendanceResponse>('/jhSchedule/queryAttendance', { view: 'day', date });
  return result.data.days.find((d) => d.userId === rosa)!.flags.filter((f) => f.code.startsWith('meal'));
};
const mealPremiumOn = async (date: string) => {
  const detail = (await call<WageDetail>('/wage/queryDetail', { userId: rosa, date })).data;
  return detail.days.find((d) => d.workDate === date)?.mealPremium;
};

/** Days before the demo's history (it starts three years back). */
const SHORT_DAY = '2023-01-10';
const LONG_DAY = '2023-01-11';

describe('meal waivers', () => {
  it('a first-meal waiver clears the flag and the premium of a 5½-hour day, never of a 7-hour day; logged with its facts', async () => {
    await punchOf(t, { userId: rosa, workDate: SHORT_DAY, start: '08:00', end: '13:30' });
    await punchOf(t, { userId: rosa, workDate: LONG_DAY, start: '08:00', end: '15:00' });
    expect(await mealFlags(SHORT_DAY)).toEqual([{ code: 'mealMissing', params: { meal: 1 } }]);
    expect(await mealPremiumOn(SHORT_DAY)).toBe(true);

    const added = await call<MealWaiver>('/timeCard/addMealWaiver', {
      userId: rosa,
      meal: 1,
      signedOn: '2023-01-02',
      note: 'Signed form on file',
    });
    expect(added.code).toBe(Code.OK);
    expect(added.data).toMatchObject({ userId: rosa, meal: 1, signedOn: '2023-01-02', revokedOn: null });
    expect(await mealFlags(SHORT_DAY)).toEqual([]);
    expect(await mealPremiumOn(SHORT_DAY)).toBe(false);
    // A 7-hour day: the waiver cannot apply.
    expect(await mealFlags(LONG_DAY)).toEqual([{ code: 'mealMissing', params: { meal: 1 } }]);
    expect(await mealPremiumOn(LONG_DAY)).toBe(true);

    const [log] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'timeCards'), eq(auditLog.action, 'addMealWaiver')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(log!.summary).toBe('Meal waiver of Rosa Martinez: waives meal 1 from 2023-01-02. Note: Signed form on file');

    // One waiver of a meal in force at a time.
    const again = await call('/timeCard/addMealWaiver', { userId: rosa, meal: 1, signedOn: '2023-01-05' });
    expect(again.code).toBe(Code.REFUSED);
    expect(again.message).toBe('Rosa Martinez already has a waiver of meal 1 in force (signed on 2023-01-02): revoke it first.');

    // Revoked from the short day on: the flag comes back; a date revoked before the date signed is refused.
    const early = await call('/timeCard/revokeMealWaiver', {
      id: added.data.id,
      version: added.data.version,
      revokedOn: '2023-01-02',
    });
    expect(early.code).toBe(Code.REFUSED);
    const revoked = await call<MealWaiver>('/timeCard/revokeMealWaiver', {
      id: added.data.id,
      version: added.data.version,
      revokedOn: SHORT_DAY,
    });
    expect(revoked.data).toMatchObject({ revokedOn: SHORT_DAY, version: added.data.version + 1 });
    expect(await mealFlags(SHORT_DAY)).toEqual([{ code: 'mealMissing', params: { meal: 1 } }]);
    const stale = await call('/timeCard/revokeMealWaiver', {
      id: added.data.id,
      version: added.data.version,
      revokedOn: LONG_DAY,
    });
    expect(stale.code).toBe(Code.CONFLICT);

    const list = await call<MealWaiverList>('/timeCard/queryMealWaivers', { userId: rosa });
    expect(list.data.waivers.map((w) => [w.meal, w.signedOn, w.revokedOn])).toEqual([[1, '2023-01-02', SHORT_DAY]]);
  });

  it('a second-meal waiver excuses the second meal of an 11½-hour day, not of a 12½-hour one', async () => {
    const day = '2023-01-17';
    const longer = '2023-01-18';
    for (const [date, end] of [
      [day, '19:00'],
      [longer, '20:00'],
    ] as const) {
      await punchOf(t, { userId: rosa, workDate: date, start: '07:00', end });
      await punchOf(t, { userId: rosa, workDate: date, kind: 'meal', start: '11:00', end: '11:30' });
    }
    expect(await mealFlags(day)).toEqual([{ code: 'mealMissing', params: { meal: 2 } }]);
    const added = await call('/timeCard/addMealWaiver', { userId: rosa, meal: 2, signedOn: '2023-01-15' });
    expect(added.code).toBe(Code.OK);
    expect(await mealFlags(day)).toEqual([]);
    expect(await mealPremiumOn(day)).toBe(false);
    expect(await mealFlags(longer)).toEqual([{ code: 'mealMissing', params: { meal: 2 } }]);
    expect(await mealPremiumOn(longer)).toBe(true);
  });

  it('refuses a waiver that would change the pay of an approved period, and changes nothing', async () => {
    const userId = await userIdOf(t, 'xiuying.li');
    const approver = await t.sessionAs('super_admin');
    expect(
      (await t.call('/timeCard/approvePeriod', { token: approver, body: { date: '2023-02-08', userIds: [userId] } })).code,
    ).toBe(Code.OK);
    const refused = await call('/timeCard/addMealWaiver', { userId, meal: 1, signedOn: '2023-02-01' });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toMatch(/approved pay period 2023-02-05 – 2023-02-11: reopen the period/);
    expect(await t.db.select().from(mealWaivers).where(eq(mealWaivers.userId, userId))).toEqual([]);
    // After the approved period: allowed.
    expect((await call('/timeCard/addMealWaiver', { userId, meal: 1, signedOn: '2023-02-12' })).code).toBe(Code.OK);
  });
});
