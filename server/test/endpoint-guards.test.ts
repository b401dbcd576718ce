import { AUTHENTICATED, Code, PUBLIC } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysUsers } from '../src/modules/employees/employees.tables';
import { ENDPOINTS } from './endpoints';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
let passwordHashes: { id: number; passwordHash: string }[] = [];
// A row's success case may change a password (user centre, edit employee): the fixtures of later
// rows log in with the test password, so every row starts from the seeded ones.
beforeEach(async () => {
  for (const { id, passwordHash } of passwordHashes) await t.db.update(sysUsers).set({ passwordHash }).where(eq(sysUsers.id, id));
});
beforeAll(async () => {
  t = await createTestApp();
  passwordHashes = await t.db.select({ id: sysUsers.id, passwordHash: sysUsers.passwordHash }).from(sysUsers);
});
afterAll(() => t.close());

describe('every endpoint is guarded', () => {
  it('has a row in the guard table for each registered route, with the permission it declares', async () => {
    await t.app.ready();
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.path} ${r.permission}`).sort();
    const table = ENDPOINTS.map((e) => `${e.method ?? 'POST'} ${e.path} ${e.permission}`).sort();
    expect(table).toEqual(registered);
  });

  for (const endpoint of ENDPOINTS) {
    const method = endpoint.method ?? 'POST';
    describe(`${method} ${endpoint.path}`, () => {
      if (endpoint.permission !== PUBLIC) {
        it('answers 20005 without a token, and with an unknown one', async () => {
          expect((await t.call(endpoint.path, { method })).code).toBe(Code.NOT_LOGGED_IN);
          expect((await t.call(endpoint.path, { method, token: 'not-a-session' })).code).toBe(Code.NOT_LOGGED_IN);
        });
      }

      if (endpoint.permission !== PUBLIC && endpoint.permission !== AUTHENTICATED) {
        it(`answers 10003 to a role without ${endpoint.permission}, changing nothing`, async () => {
          expect(endpoint.deniedRole).toBeDefined();
          const token = await t.sessionAs(endpoint.deniedRole!);
          // A valid body may need a record made for it (a role no one holds): made before the fingerprint.
          const body = endpoint.validBody ? await endpoint.validBody(t) : {};
          const before = await t.fingerprint();
          const result = await t.call(endpoint.path, { method, token, body });
          expect(result.code).toBe(Code.FORBIDDEN);
          expect(await t.fingerprint()).toBe(before);
        });
      }

      for (const [index, bad] of endpoint.badBodies.entries()) {
        it(`answers 10001 to bad input #${index + 1} naming the field, changing nothing`, async () => {
          const token = endpoint.permission === PUBLIC ? null : await t.sessionAs(endpoint.allowedRole ?? 'super_admin');
          const before = await t.fingerprint();
          const result = await t.call<{ issues: { field: string; message: string }[] }>(endpoint.path, {
            method,
            token,
            body: bad,
          });
          expect(result.code).toBe(Code.INVALID_INPUT);
          expect(result.data.issues.length).toBeGreaterThan(0);
          for (const issue of result.data.issues) expect(issue.message.length).toBeGreaterThan(3);
          expect(await t.fingerprint()).toBe(before);
        });
      }

      it('succeeds for a role that holds the permission', async () => {
        const token = endpoint.permission === PUBLIC ? null : await t.sessionAs(endpoint.allowedRole ?? 'super_admin');
        const body = endpoint.validBody ? await endpoint.validBody(t) : {};
        const result = await t.call(endpoint.path, { method, token, body });
        expect(result.message).toBeTypeOf('string');
        expect(result.code).toBe(Code.OK);
      });
    });
  }
});
