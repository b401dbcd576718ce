import { ALL_SCREENS, Code, type UserInfo } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { sysUsers } from '../employees/employees.tables';
import { auditLog, roles } from '../system/system.tables';
import { LOCK_AFTER_FAILURES } from './auth.service';
import { loginAttempts, sessions } from './auth.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = async (uname: string) => (await t.db.select().from(sysUsers).where(eq(sysUsers.uname, uname)))[0]!.id;
const attemptsOf = (uname: string) =>
  t.db.select().from(loginAttempts).where(eq(loginAttempts.uname, uname)).orderBy(desc(loginAttempts.id));

describe('login', () => {
  it('answers a token and the user info with the menu of the role, in the caller language', async () => {
    const result = await t.call<{ token: string; userInfo: UserInfo }>('/login', {
      body: { uname: 'Scheduler', password: TEST_PASSWORD },
      locale: 'zh',
    });
    expect(result.code).toBe(Code.OK);
    expect(result.data.token).toMatch(/^[\w-]{40,}$/);
    const info = result.data.userInfo;
    expect(info).toMatchObject({ uname: 'scheduler', name: 'Maria Garcia', roleName: '排班员', userRole: 'scheduler' });
    expect(info.sysMenuList.map((g) => g.url)).toEqual(['/quick', '/customer', '/employee', '/service', '/office']);
    expect(info.sysMenuList[0]!.title).toBe('快捷入口');
    expect(JSON.stringify(result.data)).not.toMatch(/password|argon2/i);
  });

  it('gives the super administrator every group of the menu', async () => {
    const token = await t.loginAs('super_admin');
    const info = await t.call<UserInfo>('/getUserInfo', { method: 'GET', token });
    expect(info.data.sysMenuList).toHaveLength(8);
    // Every screen of the contract's menu (the spec's 35 and those added since, billing's among them).
    expect(info.data.sysMenuList.flatMap((g) => g.children ?? []).map((s) => s.url)).toEqual(ALL_SCREENS.map((s) => s.url));
  });

  it('logs a field technician in with an empty menu, sent to the field app', async () => {
    const token = await t.loginAs('cleaner');
    const info = await t.call<UserInfo>('/getUserInfo', { method: 'GET', token });
    expect(info.data.sysMenuList).toEqual([]);
    expect(info.data.home).toBe('/field');
  });

  it('refuses a wrong password or unknown user alike, and tracks every attempt', async () => {
    const wrong = await t.call('/login', { body: { uname: 'sales', password: 'nope' }, locale: 'en' });
    const unknown = await t.call('/login', { body: { uname: 'nobody', password: 'nope' }, locale: 'zh' });
    expect(wrong).toMatchObject({ code: Code.REFUSED, message: 'Incorrect user name or password.' });
    expect(unknown).toMatchObject({ code: Code.REFUSED, message: '用户名或密码错误。' });
    await t.login('sales');
    const [ok, bad] = await attemptsOf('sales');
    expect(ok).toMatchObject({ success: true, result: 'ok' });
    expect(bad).toMatchObject({ success: false, result: 'bad_credentials', ip: '127.0.0.1' });
    expect((await attemptsOf('nobody'))[0]).toMatchObject({ success: false, userId: null });
  });

  it(`locks an account after ${LOCK_AFTER_FAILURES} failures, even for the right password`, async () => {
    for (let i = 0; i < LOCK_AFTER_FAILURES - 1; i++) {
      expect((await t.call('/login', { body: { uname: 'mei.lin', password: `bad-${i}` } })).code).toBe(Code.REFUSED);
    }
    const last = await t.call('/login', { body: { uname: 'mei.lin', password: 'bad-last' } });
    expect(last.message).toMatch(/locked until/);
    const right = await t.call('/login', { body: { uname: 'mei.lin', password: TEST_PASSWORD } });
    expect(right.code).toBe(Code.REFUSED);
    expect(right.message).toMatch(/locked until/);
    expect((await attemptsOf('mei.lin'))[0]!.result).toBe('locked');
  });
});

describe('sessions', () => {
  it('ends the session at logout: the token is then unknown (20005)', async () => {
    const token = await t.loginAs('sales');
    expect((await t.call('/loginOut', { token })).code).toBe(Code.OK);
    expect((await t.call('/getUserInfo', { method: 'GET', token })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('expires an idle session with 20006', async () => {
    const token = await t.loginAs('sales');
    const past = new Date(Date.now() - t.config.sessionIdleMs - 1000);
    const [row] = await t.db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    await t.db.update(sessions).set({ lastSeenAt: past }).where(eq(sessions.id, row!.id));
    const result = await t.call('/getUserInfo', { method: 'GET', token });
    expect(result.code).toBe(Code.SESSION_EXPIRED);
    expect((await t.call('/getUserInfo', { method: 'GET', token })).code).toBe(Code.SESSION_EXPIRED);
  });

  it('slides: an active session renews its token through the Authorization header', async () => {
    const token = await t.loginAs('sales');
    const [row] = await t.db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    await t.db
      .update(sessions)
      .set({ tokenIssuedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.id, row!.id));
    const renewed = await t.call('/getUserInfo', { method: 'GET', token });
    expect(renewed.code).toBe(Code.OK);
    const newToken = renewed.headers.authorization as string;
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(token);
    // The new token works, and the old one still does for in-flight requests during the grace period.
    expect((await t.call('/getUserInfo', { method: 'GET', token: newToken })).code).toBe(Code.OK);
    expect((await t.call('/getUserInfo', { method: 'GET', token })).code).toBe(Code.OK);
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(stored!.tokenHash).not.toContain(newToken);
  });

  it('throws a frozen user out on the next call (9999) and refuses their login until unfrozen', async () => {
    const admin = await t.loginAs('super_admin');
    const victim = await t.login('grace.huang');
    const id = await idOf('grace.huang');
    expect((await t.call('/sysUser/isBlocking', { token: admin, body: { id, blocked: true } })).code).toBe(Code.OK);
    const next = await t.call('/getUserInfo', { method: 'GET', token: victim, locale: 'en' });
    expect(next).toMatchObject({ code: Code.ACCOUNT_BLOCKED, message: expect.stringMatching(/frozen/) });
    expect((await t.call('/login', { body: { uname: 'grace.huang', password: TEST_PASSWORD } })).code).toBe(Code.ACCOUNT_BLOCKED);
    expect((await t.call('/sysUser/isBlocking', { token: admin, body: { id, blocked: false } })).code).toBe(Code.OK);
    // Unfrozen, the old token's session stays ended: it is unknown (20005), not "frozen" (9999).
    expect((await t.call('/getUserInfo', { method: 'GET', token: victim })).code).toBe(Code.NOT_LOGGED_IN);
    await t.login('grace.huang');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'sysUser'), eq(auditLog.recordId, id)));
    expect(entries.map((e) => e.action)).toEqual(['freeze', 'unfreeze']);
    expect(entries[0]!.uname).toBe('admin');
  });

  it('refuses to freeze one own account', async () => {
    const admin = await t.loginAs('super_admin');
    const result = await t.call('/sysUser/isBlocking', { token: admin, body: { id: await idOf('admin'), blocked: true } });
    expect(result.code).toBe(Code.REFUSED);
  });

  it('ends sessions of a disabled role with 9999', async () => {
    const token = await t.login('lucia.hernandez');
    await t.db.update(roles).set({ enabled: false }).where(eq(roles.code, 'cleaner'));
    try {
      expect((await t.call('/getUserInfo', { method: 'GET', token })).code).toBe(Code.ACCOUNT_BLOCKED);
    } finally {
      await t.db.update(roles).set({ enabled: true }).where(eq(roles.code, 'cleaner'));
    }
  });

  it('refuses a key the role lost at once, on its next request', async () => {
    const token = await t.loginAs('office_manager');
    const body = { id: await idOf('jenny.zhao'), blocked: false };
    expect((await t.call('/sysUser/isBlocking', { token, body })).code).toBe(Code.OK);
    const { rolePermissions } = await import('../system/system.tables');
    const [role] = await t.db.select().from(roles).where(eq(roles.code, 'office_manager'));
    await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    expect((await t.call('/sysUser/isBlocking', { token, body })).code).toBe(Code.FORBIDDEN);
  });
});

describe('user centre', () => {
  it('shows the own profile', async () => {
    const token = await t.loginAs('sales');
    const result = await t.call('/userCenter/profile', { token });
    expect(result.data).toMatchObject({
      uname: 'sales',
      name: 'Kevin Wu',
      roleName: 'Sales Representative',
      email: 'kevin@tidyhouse.example',
    });
  });

  it('changes the own password: the others sessions end, this one stays, the log has no password', async () => {
    // An office user: a cleaner's session reaches the field calls only (issue 21).
    const other = await t.login('scheduler');
    const token = await t.login('scheduler');
    const mismatch = await t.call('/userCenter/changePassword', {
      token,
      body: { oldPassword: TEST_PASSWORD, password: 'Brand-new-9', verifyPassword: 'Brand-new-8' },
    });
    expect(mismatch).toMatchObject({ code: Code.INVALID_INPUT, message: 'The password is inconsistent twice!' });
    const wrongOld = await t.call('/userCenter/changePassword', {
      token,
      body: { oldPassword: 'wrong-one-1', password: 'Brand-new-9', verifyPassword: 'Brand-new-9' },
    });
    expect(wrongOld.code).toBe(Code.REFUSED);

    const ok = await t.call('/userCenter/changePassword', {
      token,
      body: { oldPassword: TEST_PASSWORD, password: 'Brand-new-9', verifyPassword: 'Brand-new-9' },
    });
    expect(ok.code).toBe(Code.OK);
    expect((await t.call('/getUserInfo', { method: 'GET', token })).code).toBe(Code.OK);
    expect((await t.call('/getUserInfo', { method: 'GET', token: other })).code).toBe(Code.NOT_LOGGED_IN);
    expect((await t.call('/login', { body: { uname: 'scheduler', password: TEST_PASSWORD } })).code).toBe(Code.REFUSED);
    await t.login('scheduler', 'Brand-new-9');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'changePassword'));
    expect(entry!.summary).toContain('scheduler');
    expect(JSON.stringify(entry)).not.toContain('Brand-new-9');
  });
});
