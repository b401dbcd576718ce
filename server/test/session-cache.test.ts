import { Code } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/modules/auth/auth.tables';
import { CUSTOMER_LIST } from '../src/modules/customers/route';
import { sessionCacheOf, writesAuthState } from '../src/platform/session-cache';
import { createTestApp, type TestApp } from './helper';

/**
 * The per-process session cache (platform/session-cache.ts): a session seen a moment ago is answered
 * from memory, and every change that could make that answer wrong takes effect on the next call,
 * whether this process made it or another one did.
 */
describe('session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const hits = () => sessionCacheOf(t.db)!.hits;
  /**
   * Calls until the cache answers, so the next call would be a hit unless something forgets it. The
   * cache turns on only once its listener has heard its own probe, which on a busy machine can take
   * longer than the poll's default second.
   */
  async function cached(token: string, path = '/getUserInfo', method: 'GET' | 'POST' = 'GET') {
    await expect
      .poll(
        async () => {
          const before = hits();
          const answer = await t.call(path, { token, method, body: method === 'POST' ? { pageNum: 1, pageSize: 5 } : undefined });
          expect(answer.code).toBe(0);
          return hits() - before;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
  }

  it('answers a session seen a moment ago without asking the database', async () => {
    const token = await t.sessionAs('office_manager');
    await cached(token);
    const before = hits();
    for (let i = 0; i < 5; i++) expect((await t.call('/getUserInfo', { token, method: 'GET' })).code).toBe(0);
    expect(hits() - before).toBe(5);
  });

  it('refuses a frozen account on the next call after a freeze written by this process', async () => {
    const token = await t.sessionAs('scheduler');
    await cached(token);
    await t.db.execute(sql`update sys_users set account_status = 'frozen' where uname = 'scheduler'`);
    expect((await t.call('/getUserInfo', { token, method: 'GET' })).code).toBe(Code.ACCOUNT_BLOCKED);
    await t.db.execute(sql`update sys_users set account_status = 'normal' where uname = 'scheduler'`);
  });

  it("forgets what it knew when the Location Parameters (a phone's idle-out) are saved", async () => {
    const token = await t.sessionAs('cleaner');
    await cached(token);
    await t.db.execute(sql`update quote_parameters set field_session_idle_hours = 1 where id = 1`);
    const before = hits();
    expect((await t.call('/getUserInfo', { token, method: 'GET' })).code).toBe(0);
    expect(hits()).toBe(before);
    await t.db.execute(sql`update quote_parameters set field_session_idle_hours = 12 where id = 1`);
  });

  it('refuses a logged-out token on the next call', async () => {
    const token = await t.sessionAs('sales');
    await cached(token);
    expect((await t.call('/loginOut', { token })).code).toBe(0);
    expect((await t.call('/getUserInfo', { token, method: 'GET' })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('refuses a key taken from the role on the next call, and grants it again when given back', async () => {
    const token = await t.sessionAs('office_manager');
    await cached(token, '/customer/queryList', 'POST');
    const list = () => t.call('/customer/queryList', { token, body: { pageNum: 1, pageSize: 5 } });
    const office = sql`(select role_id from sys_users where uname = 'office')`;
    await t.db.execute(sql`delete from role_permissions where role_id = ${office} and key = ${CUSTOMER_LIST}`);
    expect((await list()).code).toBe(Code.FORBIDDEN);
    await t.db.execute(sql`insert into role_permissions (role_id, key) values (${office}, ${CUSTOMER_LIST})`);
    expect((await list()).code).toBe(0);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'refuses a session ended by another process once its notification arrives, without a request in between',
    async () => {
      const token = await t.sessionAs('scheduler');
      await cached(token);
      // Another server process: its own connection, which this process's statements never see.
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      const elsewhere = new pg.Client({ connectionString: url });
      await elsewhere.connect();
      try {
        const epoch = sessionCacheOf(t.db)!.epoch;
        await elsewhere.query(
          `update sessions set ended_at = now(), end_reason = 'logout' where user_id = (select id from sys_users where uname = 'scheduler')`,
        );
        // The cache hears of it by itself: no request of ours has run since.
        await expect.poll(() => sessionCacheOf(t.db)!.epoch).toBeGreaterThan(epoch);
        expect((await t.call('/getUserInfo', { token, method: 'GET' })).code).toBe(Code.NOT_LOGGED_IN);
      } finally {
        await elsewhere.end();
      }
    },
  );

  it('does not count the touch of last_seen_at or a new session as a change, and counts every other write', () => {
    const touch = t.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, 1)).toSQL().sql;
    expect(writesAuthState(touch)).toBe(false);
    expect(writesAuthState('insert into "sessions" ("user_id") values ($1)')).toBe(false);
    const end = t.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.id, 1)).toSQL().sql;
    expect(writesAuthState(end)).toBe(true);
    for (const write of [
      'update "sys_users" set "account_status" = $1 where "sys_users"."id" = $2',
      'update sys_users set enabled = false',
      'delete from "role_permissions" where "role_permissions"."role_id" = $1',
      'insert into "role_permissions" ("role_id", "key") values ($1, $2)',
      'UPDATE roles SET enabled = false',
      'truncate sessions',
      // The Location Parameters hold a phone's idle-out (fieldSessionIdleHours), read with the session.
      'update "quote_parameters" set "field_session_idle_hours" = $1, "version" = $2 where "quote_parameters"."id" = $3',
    ]) {
      expect(writesAuthState(write), write).toBe(true);
    }
    expect(writesAuthState('select * from "sessions"')).toBe(false);
    expect(writesAuthState('update "customers" set "name" = $1')).toBe(false);
    expect(writesAuthState('update "sessions_archive" set "x" = 1')).toBe(false);
  });
});
