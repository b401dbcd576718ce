import { Code, FIELD_USE_KEY } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../src/modules/auth/auth.tables';
import { rolePermissions, roles } from '../src/modules/system/system.tables';
import { TEST_PASSWORD } from './fixtures';
import { createTestApp, type TestApp } from './helper';

/**
 * Issue 8 item 12: a user whose role has no menu entries is refused at login and the tracker says so.
 * Since issue 21 a cleaner holds `field:use` and signs in to the field app (modules/field/field-access.test.ts);
 * a role with neither a menu nor `field:use` is still refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [cleaner] = await t.db.select().from(roles).where(eq(roles.code, 'cleaner'));
  await t.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, cleaner!.id), eq(rolePermissions.key, FIELD_USE_KEY)));
});
afterAll(() => t.close());

describe('login of a user without menu entries nor the field app', () => {
  it('is refused with the spec message, recorded as refused with its reason, and opens no session', async () => {
    const sessionsBefore = await t.db.select().from(sessions);
    const result = await t.call('/login', { body: { uname: 'rosa.martinez', password: TEST_PASSWORD }, locale: 'zh' });
    expect(result).toMatchObject({ code: Code.REFUSED, message: '您没有权限，请联系管理员' });
    const [attempt] = await t.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.uname, 'rosa.martinez'))
      .orderBy(desc(loginAttempts.id))
      .limit(1);
    expect(attempt).toMatchObject({ success: false, result: 'noMenu' });
    expect(await t.db.select().from(sessions)).toHaveLength(sessionsBefore.length);
  });

  it('still logs in an office user', async () => {
    const result = await t.call('/login', { body: { uname: 'office', password: TEST_PASSWORD } });
    expect(result.code).toBe(Code.OK);
  });
});
