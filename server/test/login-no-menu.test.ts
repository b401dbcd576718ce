import { Code } from '@tidyhouse/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../src/modules/auth/auth.tables';
import { TEST_PASSWORD } from './fixtures';
import { createTestApp, type TestApp } from './helper';

/** Issue 8 item 12: a cleaner (no menu) is refused at login and the tracker says so. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login of a user without menu entries', () => {
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
