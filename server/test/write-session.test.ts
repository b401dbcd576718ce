import { Code } from '@tidyhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheOf } from '../src/platform/session-cache';
import { hashToken } from '../src/platform/sessions';
import { ENDPOINTS } from './endpoints';
import { createTestApp, type TestApp } from './helper';

/**
 * Writes never pass with an ended session (platform/write-guard.ts). The guard may answer a request
 * from the session cache while the notification of a logout, freeze or key removal made by another
 * process is still on its way; each test puts the process in exactly that state (the change made,
 * the cache still holding the session) and sends a write: the guard lets it through from memory, and
 * the check inside the write's transaction refuses it with the guard's own code.
 */
describe('a write with an ended session', () => {
  let t: TestApp;
  const ADD = ENDPOINTS.find((e) => e.path === '/customer/add')!;
  const office = sql`(select role_id from sys_users where uname = 'office')`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cache = () => sessionCacheOf(t.db)!;

  /** A session of the office manager that the cache holds, with the key of ADD. */
  async function cachedSession() {
    const token = await t.sessionAs('office_manager');
    // The first calls of a run are slow (the cache turns on once its listener is up): a generous wait.
    await expect
      .poll(
        async () => {
          const before = cache().hits;
          expect((await t.call('/getUserInfo', { token, method: 'GET' })).code).toBe(0);
          return cache().hits - before;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    return token;
  }

  /**
   * Makes `change`, waits until this process has forgotten everything because of it (its own
   * statement and, on PostgreSQL, the notification too), then puts the session back in the cache as
   * if the notification had not arrived yet.
   */
  async function changeUnheard(token: string, change: SQL) {
    const hash = hashToken(token);
    const entry = cache().find(hash, Date.now())!;
    expect(entry).toBeDefined();
    const epoch = cache().epoch;
    await t.db.execute(change);
    const forgets = process.env.TEST_ENGINE === 'postgres' ? 2 : 1;
    await expect.poll(() => cache().epoch, { timeout: 15_000 }).toBeGreaterThanOrEqual(epoch + forgets);
    cache().store(hash, cache().epoch, { ...entry, cachedAt: Date.now() }, ADD.permission, true);
  }

  async function refusedWrite(token: string, code: number) {
    const body = await ADD.validBody!(t);
    const before = await t.fingerprint();
    const hits = cache().hits;
    const answer = await t.call(ADD.path, { token, body });
    // The guard answered from memory: only the check in the transaction stood in the way.
    expect(cache().hits - hits).toBe(1);
    expect(answer.code).toBe(code);
    expect(await t.fingerprint()).toBe(before);
  }

  it('a session that still holds writes as before', async () => {
    const token = await cachedSession();
    expect((await t.call(ADD.path, { token, body: await ADD.validBody!(t) })).code).toBe(0);
  });

  it('refuses a write after a logout with 20005', async () => {
    const token = await cachedSession();
    await changeUnheard(
      token,
      sql`update sessions set ended_at = now(), end_reason = 'logout' where token_hash = ${hashToken(token)}`,
    );
    await refusedWrite(token, Code.NOT_LOGGED_IN);
  });

  it('refuses a write after a password change with 20005', async () => {
    const token = await cachedSession();
    await changeUnheard(
      token,
      sql`update sessions set ended_at = now(), end_reason = 'password_changed' where token_hash = ${hashToken(token)}`,
    );
    await refusedWrite(token, Code.NOT_LOGGED_IN);
  });

  it('refuses a write after the session expired with 20006', async () => {
    const token = await cachedSession();
    await changeUnheard(
      token,
      sql`update sessions set ended_at = now(), end_reason = 'expired' where token_hash = ${hashToken(token)}`,
    );
    await refusedWrite(token, Code.SESSION_EXPIRED);
  });

  it('refuses a write after a freeze with 9999', async () => {
    const token = await cachedSession();
    await changeUnheard(token, sql`update sys_users set account_status = 'frozen' where uname = 'office'`);
    try {
      await refusedWrite(token, Code.ACCOUNT_BLOCKED);
    } finally {
      await t.db.execute(sql`update sys_users set account_status = 'normal' where uname = 'office'`);
    }
  });

  it("refuses a write after the key was taken from the session's role with 10003", async () => {
    const token = await cachedSession();
    await changeUnheard(token, sql`delete from role_permissions where role_id = ${office} and key = ${ADD.permission}`);
    try {
      await refusedWrite(token, Code.FORBIDDEN);
    } finally {
      await t.db.execute(sql`insert into role_permissions (role_id, key) values (${office}, ${ADD.permission})`);
    }
  });
});
