import { Code, FIELD_USE_KEY, type LoginResponse, type QuoteParams, type UserInfo } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { hashToken } from '../../platform/sessions';
import { loginAttempts, sessions } from '../auth/auth.tables';
import { auditLog, rolePermissions, roles } from '../system/system.tables';
import { FIELD_CLEANER, userIdOfUname } from './field.fixtures';

/**
 * Issue 21: a cleaner signs in (to the field app), and their session reaches the field calls only;
 * it idles out after its own limit; the office can sign them out everywhere.
 */
const HOUR_MS = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  // The office's idle-out stays long: only the field one (a Location Parameter) is made short here.
  t = await createTestApp({ sessionIdleMs: 12 * HOUR_MS });
});
afterAll(() => t.close());

const lastAttempt = async (uname: string) =>
  (await t.db.select().from(loginAttempts).where(eq(loginAttempts.uname, uname)).orderBy(desc(loginAttempts.id)).limit(1))[0]!;
const idleFor = async (token: string, ms: number) =>
  t.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - ms) })
    .where(eq(sessions.tokenHash, hashToken(token)));

describe('a cleaner signs in to the field app', () => {
  it('logs in through /login with home /field, recorded as a success', async () => {
    const result = await t.call<LoginResponse>('/login', { body: { uname: FIELD_CLEANER, password: TEST_PASSWORD } });
    expect(result.code).toBe(Code.OK);
    expect(result.data.home).toBe('/field');
    expect(result.data.userInfo).toMatchObject({ home: '/field', sysMenuList: [], userRole: 'cleaner' });
    expect(result.data.userInfo.permissions).toContain(FIELD_USE_KEY);
    expect(await lastAttempt(FIELD_CLEANER)).toMatchObject({ success: true, result: 'ok' });
  });

  it('answers getUserInfo (the ?tk= sign-in) with home /field; an office user has no home', async () => {
    const cleaner = await t.call<UserInfo>('/getUserInfo', { method: 'GET', token: await t.loginAs('cleaner') });
    expect(cleaner.data.home).toBe('/field');
    const office = await t.call<UserInfo>('/getUserInfo', { method: 'GET', token: await t.loginAs('office_manager') });
    expect(office.code).toBe(Code.OK);
    expect(office.data.home).toBeUndefined();
    expect(office.data.permissions).toContain(FIELD_USE_KEY);
  });

  it('still refuses a role with neither a menu nor field:use (auth.noMenu), opening no session', async () => {
    const [cleanerRole] = await t.db.select().from(roles).where(eq(roles.code, 'cleaner'));
    await t.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, cleanerRole!.id), eq(rolePermissions.key, FIELD_USE_KEY)));
    try {
      const before = (await t.db.select().from(sessions)).length;
      const result = await t.call('/login', { body: { uname: 'lucia.hernandez', password: TEST_PASSWORD }, locale: 'en' });
      expect(result).toMatchObject({
        code: Code.REFUSED,
        message: 'you do not have permission, please contact the administrator',
      });
      expect(await lastAttempt('lucia.hernandez')).toMatchObject({ success: false, result: 'noMenu' });
      expect(await t.db.select().from(sessions)).toHaveLength(before);
    } finally {
      await t.db.insert(rolePermissions).values({ roleId: cleanerRole!.id, key: FIELD_USE_KEY });
    }
  });
});

describe("a cleaner's session reaches the field calls only", () => {
  it.each([
    ['/zone/options', 'POST'],
    ['/sysParam/businessProfile', 'POST'],
    ['/userCenter/profile', 'POST'],
    ['/customer/options', 'POST'],
    ['/job/queryList', 'POST'],
    ['/timeCard/queryFlags', 'POST'],
  ] as const)('refuses %s with 10003', async (path, method) => {
    const token = await t.loginAs('cleaner');
    expect((await t.call(path, { method, token, body: {} })).code).toBe(Code.FORBIDDEN);
  });

  it('serves the field calls and logging out', async () => {
    const token = await t.loginAs('cleaner');
    expect((await t.call('/field/myDay', { token })).code).toBe(Code.OK);
    expect((await t.call('/loginOut', { token })).code).toBe(Code.OK);
    expect((await t.call('/field/myDay', { token })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('keeps serving an office user the back office and the field calls alike', async () => {
    const token = await t.loginAs('office_manager');
    expect((await t.call('/zone/options', { token })).code).toBe(Code.OK);
    expect((await t.call('/field/myDay', { token })).code).toBe(Code.OK);
  });

  it('refuses the field calls to a role without field:use (the scheduler)', async () => {
    const token = await t.loginAs('scheduler');
    expect((await t.call('/field/myDay', { token })).code).toBe(Code.FORBIDDEN);
  });
});

/** Saves the Location Parameter `fieldSessionIdleHours` on the Location Parameters screen's call. */
async function setFieldIdleHours(hours: number) {
  const admin = await t.sessionAs('super_admin');
  const { data } = await t.call<QuoteParams>('/sysParam/quoteParams', { token: admin });
  const { updatedAt: _, ...params } = data;
  const saved = await t.call<QuoteParams>('/sysParam/quoteParamsModify', {
    token: admin,
    body: { ...params, fieldSessionIdleHours: hours },
  });
  expect(saved.code).toBe(Code.OK);
  expect(saved.data.fieldSessionIdleHours).toBe(hours);
}

describe('idle-out and signing out', () => {
  it('idles a phone session out after the default 12 h of a new database', async () => {
    const cleaner = await t.loginAs('cleaner');
    await idleFor(cleaner, 11 * HOUR_MS);
    expect((await t.call('/field/myDay', { token: cleaner })).code).toBe(Code.OK);
    const later = await t.loginAs('cleaner');
    await idleFor(later, 12 * HOUR_MS + 60_000);
    expect((await t.call('/field/myDay', { token: later })).code).toBe(Code.SESSION_EXPIRED);
  });

  it('idles a phone session out after the Location Parameter (1 h), while an office session idle as long goes on', async () => {
    await setFieldIdleHours(1);
    const cleaner = await t.loginAs('cleaner');
    const office = await t.loginAs('office_manager');
    await idleFor(cleaner, 61 * 60_000);
    await idleFor(office, 61 * 60_000);
    expect((await t.call('/field/myDay', { token: cleaner })).code).toBe(Code.SESSION_EXPIRED);
    expect((await t.call('/field/myDay', { token: office })).code).toBe(Code.OK);
  });

  it('keeps a phone session idle for less than the limit', async () => {
    const cleaner = await t.loginAs('cleaner');
    await idleFor(cleaner, 59 * 60_000);
    expect((await t.call('/field/myDay', { token: cleaner })).code).toBe(Code.OK);
  });

  it('records the saved parameter in the operation log', async () => {
    await setFieldIdleHours(8);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'quoteParamsModify' });
    expect(entry!.changes).toMatchObject({ fieldSessionIdleHours: { from: 1, to: 8 } });
  });

  it("lets the office end a cleaner's sessions: each answers 20005, the account stays usable, logged", async () => {
    const first = await t.loginAs('cleaner');
    const second = await t.loginAs('cleaner');
    const office = await t.loginAs('office_manager');
    const id = await userIdOfUname(t, FIELD_CLEANER);
    const result = await t.call<{ id: number; ended: number }>('/sysUser/endSessions', { token: office, body: { id } });
    expect(result.code).toBe(Code.OK);
    expect(result.data.ended).toBeGreaterThanOrEqual(2);
    for (const token of [first, second]) expect((await t.call('/field/myDay', { token })).code).toBe(Code.NOT_LOGGED_IN);
    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ module: 'employees', action: 'endSessions', recordId: id });
    // Not a freeze: the cleaner signs in again.
    expect((await t.call('/field/myDay', { token: await t.loginAs('cleaner') })).code).toBe(Code.OK);
  });
});
