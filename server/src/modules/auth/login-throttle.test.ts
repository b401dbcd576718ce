import { Code } from '@tidyhouse/contract';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { ADDRESS_LOCK_AFTER_FAILURES, LOCK_AFTER_FAILURES } from './auth.service';
import { loginAttempts } from './auth.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (uname: string, password: string, ip: string) => t.call('/login', { body: { uname, password }, ip, locale: 'en' });

/** Attempts whose password was actually checked (a right or wrong password, not a refusal unseen). */
const checkedAttempts = async (uname: string) =>
  t.db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.uname, uname), inArray(loginAttempts.result, ['ok', 'bad_credentials'])));

describe('failed logins', () => {
  it(`checks at most ${LOCK_AFTER_FAILURES} of 40 parallel guesses, and refuses the right password once locked`, async () => {
    const guesses = Array.from({ length: 39 }, (_, i) => login('xiuying.li', `wrong-guess-${i}`, '10.1.0.1'));
    const results = await Promise.all([...guesses, login('xiuying.li', TEST_PASSWORD, '10.1.0.1')]);
    const right = results.at(-1)!;
    const checked = await checkedAttempts('xiuying.li');
    expect(checked.length).toBeLessThanOrEqual(LOCK_AFTER_FAILURES);
    const locked = results.filter((r) => r.code === Code.REFUSED && /locked until/.test(r.message));
    expect(locked.length).toBeGreaterThanOrEqual(40 - LOCK_AFTER_FAILURES);
    // The right password gets in only if it was one of the guesses checked before the lock.
    if (right.code === Code.OK) expect(checked.some((a) => a.result === 'ok')).toBe(true);
    else expect(right.message).toMatch(/locked until/);
    // Once locked, the right password is refused from that address.
    const after = await login('xiuying.li', TEST_PASSWORD, '10.1.0.1');
    if (right.code !== Code.OK)
      expect(after).toMatchObject({ code: Code.REFUSED, message: expect.stringMatching(/locked until/) });
  });

  it('never lets a stranger lock out a user who logs in from an address with no failures', async () => {
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await login('admin', `stranger-${i}`, '203.0.113.7');
    const stranger = await login('admin', TEST_PASSWORD, '203.0.113.7');
    expect(stranger).toMatchObject({ code: Code.REFUSED, message: expect.stringMatching(/locked until/) });
    expect((await login('admin', TEST_PASSWORD, '198.51.100.20')).code).toBe(Code.OK);
    // The login tracker shows every attempt with its address.
    const tracked = await t.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '203.0.113.7'));
    expect(tracked.map((a) => a.result).sort()).toEqual([...Array(LOCK_AFTER_FAILURES).fill('bad_credentials'), 'locked']);
  });

  it(`locks a client address after ${ADDRESS_LOCK_AFTER_FAILURES} failures across user names, that address only`, async () => {
    for (let i = 0; i < ADDRESS_LOCK_AFTER_FAILURES; i++) {
      const result = await login(`sprayed.name${i}`, 'Password1', '203.0.113.99');
      expect(result.code).toBe(Code.REFUSED);
    }
    const next = await login('scheduler', TEST_PASSWORD, '203.0.113.99');
    expect(next).toMatchObject({ code: Code.REFUSED, message: expect.stringMatching(/from your address.*locked until/) });
    expect((await login('scheduler', TEST_PASSWORD, '203.0.113.100')).code).toBe(Code.OK);
  });

  it('counts the real client address: a forged X-Forwarded-For changes nothing (TRUST_PROXY off by default)', async () => {
    const [{ last } = { last: 0 }] = await t.db.select({ last: max(loginAttempts.id) }).from(loginAttempts);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/_/login',
        remoteAddress: '10.1.0.9',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
        payload: { uname: 'office', password: `forged-${i}` },
      });
    }
    const next = await login('office', TEST_PASSWORD, '10.1.0.9');
    expect(next).toMatchObject({ code: Code.REFUSED, message: expect.stringMatching(/locked until/) });
    const tracked = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.uname, 'office'), gt(loginAttempts.id, last ?? 0)));
    expect(new Set(tracked.map((a) => a.ip))).toEqual(new Set(['10.1.0.9']));
  });

  it('gives a user who gets in a fresh count, and does not count successes against the address', async () => {
    // 11 rounds of two typos and a success: 33 attempts from the address, 22 of them failures.
    for (let round = 0; round < 11; round++) {
      for (let i = 0; i < 2; i++) expect((await login('sales', `typo-${i}`, '10.1.0.5')).message).toMatch(/Incorrect/);
      expect((await login('sales', TEST_PASSWORD, '10.1.0.5')).code).toBe(Code.OK);
    }
  });
});
