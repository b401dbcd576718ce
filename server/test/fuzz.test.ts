import { Code } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysUsers } from '../src/modules/employees/employees.tables';
import { ENDPOINTS, type EndpointCase } from './endpoints';
import type { RoleCode } from './fixtures';
import { createTestApp, type TestApp } from './helper';

/**
 * Hostile input to every endpoint of the guard table: out-of-range ids, NUL characters, lone UTF-16
 * surrogates, huge numbers, wrong types, oversized strings and bodies. Any answer is fine but a server error: an
 * HTTP 500 or code 50000 fails the test, naming the endpoint and the input.
 */

const INT4_OVER = 2_147_483_648;
const MEGABYTE_TEXT = 'x'.repeat(1024 * 1024);
/** Values put in place of every field of a valid body, one at a time. */
const EVERY_FIELD: unknown[] = [INT4_OVER, 1e308, {}];
/** Values put in place of fields drawn at random (fixed seed). */
const HOSTILE_VALUES: unknown[] = [
  INT4_OVER,
  -INT4_OVER - 1,
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  'a\u0000b',
  '',
  '9'.repeat(40),
  'x'.repeat(70_000),
  null,
  true,
  [],
  {},
  [INT4_OVER],
  { id: INT4_OVER },
  '2026-02-30',
];
/** Keys that ids and versions travel under, added to every body with an out-of-range value. */
const ID_KEYS = ['id', 'version', 'userId', 'customerId', 'locationId', 'teamId', 'quoteId', 'roleId', 'rateId'];

type Path = Array<string | number>;

/** Every path to a leaf (or empty container) of a JSON value, the containers included. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) paths.push(...pathsOf(v, [...prefix, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  }
  return paths;
}

function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

let t: TestApp;
/** A session per role; an endpoint runs as the role its guard-table row names (as the guard test does). */
const tokens = new Map<RoleCode, string>();
const tokenOf = async (role: RoleCode) => {
  if (!tokens.has(role)) tokens.set(role, await t.loginAs(role));
  return tokens.get(role)!;
};
let passwordHashes: { id: number; passwordHash: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  passwordHashes = await t.db.select({ id: sysUsers.id, passwordHash: sysUsers.passwordHash }).from(sysUsers);
});
// A fuzzed body may be valid and change a password (user centre, edit employee): the fixtures of
// later endpoints log in with the test password, so every endpoint starts from the seeded ones.
beforeEach(async () => {
  for (const { id, passwordHash } of passwordHashes) await t.db.update(sysUsers).set({ passwordHash }).where(eq(sysUsers.id, id));
});
afterAll(() => t.close());

interface Sent {
  status: number;
  code: number;
}

async function send(endpoint: EndpointCase, body: unknown, raw?: { payload: string; contentType: string }): Promise<Sent> {
  const method = endpoint.method ?? 'POST';
  const role = endpoint.allowedRole ?? 'super_admin';
  const headers: Record<string, string> = { 'accept-language': 'en', authorization: await tokenOf(role) };
  if (raw) headers['content-type'] = raw.contentType;
  const query =
    method === 'GET' && body && typeof body === 'object'
      ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
      : undefined;
  const response = await t.app.inject({
    method,
    url: `/_${endpoint.path}`,
    headers,
    query,
    // Logins come from an address of their own, so the fuzzed logins cannot throttle the test's own address.
    remoteAddress: endpoint.path === '/login' ? '10.9.9.9' : '127.0.0.1',
    ...(method === 'POST' ? { payload: raw ? raw.payload : JSON.stringify(body) } : {}),
    ...(method === 'POST' && !raw ? { headers: { ...headers, 'content-type': 'application/json' } } : {}),
  });
  const json = String(response.headers['content-type'] ?? '').includes('json');
  const code = json ? (response.json() as { code: number }).code : response.statusCode === 200 ? 0 : -1;
  // A fuzzed call may end the test's own session (loginOut): log in again for the next one.
  if (code === Code.NOT_LOGGED_IN && endpoint.path !== '/login') tokens.delete(role);
  return { status: response.statusCode, code };
}

const describeInput = (body: unknown) => {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
};

describe('hostile input never causes a server error', () => {
  for (const endpoint of ENDPOINTS) {
    const method = endpoint.method ?? 'POST';
    it(`${method} ${endpoint.path}`, async () => {
      const failures: string[] = [];
      const check = async (body: unknown, raw?: { payload: string; contentType: string }) => {
        const { status, code } = await send(endpoint, body, raw);
        if (status >= 500 || code === Code.SERVER_ERROR)
          failures.push(`${status}/${code} for ${raw ? raw.payload.slice(0, 80) : describeInput(body)}`);
      };
      const valid = endpoint.validBody ? await endpoint.validBody(t) : {};
      const base = valid && typeof valid === 'object' ? valid : {};

      // Each field of a valid body, one at a time, replaced by an out-of-range number or a wrong type.
      const paths = pathsOf(base);
      for (const path of paths) for (const value of EVERY_FIELD) await check(withValue(base, path, value));
      // Out-of-range ids and versions under every usual key, and a NUL in every string at once.
      await check({ ...base, ...Object.fromEntries(ID_KEYS.map((key) => [key, INT4_OVER])) });
      await check(JSON.parse(JSON.stringify(base, (_k, v) => (typeof v === 'string' ? `${v}\u0000` : v))));
      await check({ ...base, 'a\u0000b': 1 });
      // A lone UTF-16 surrogate in every string at once, and in a key (JSON escapes it as "\ud800").
      // POST only: a URL cannot carry one (percent-encoding takes well-formed text).
      if (method === 'POST') {
        await check(JSON.parse(JSON.stringify(base, (_k, v) => (typeof v === 'string' ? `${v}\ud800` : v))));
        await check({ ...base, 'a\udc00b': 1 });
      }
      // Every string 1 MB long at once (GET: 16 kB, the size of a query string a server accepts).
      const long = method === 'GET' ? 'x'.repeat(16_000) : MEGABYTE_TEXT;
      await check(JSON.parse(JSON.stringify(base, (_k, v) => (typeof v === 'string' ? long : v))));
      // Wrong types for the whole body.
      for (const body of [[], 'text', 42, null, [base]]) await check(body);

      if (method === 'POST') {
        await check(null, { payload: '{"id": 1,', contentType: 'application/json' });
        await check(null, { payload: 'id=1', contentType: 'application/x-www-form-urlencoded' });
        await check(null, { payload: 'plain', contentType: 'text/plain' });
        // Nesting deeper than any schema walks.
        await check(null, { payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' });
      }

      // Hostile and random JSON values in place of fields drawn at random (fixed seed: the same run every time).
      if (paths.length > 0) {
        const value = fc.oneof(fc.constantFrom(...HOSTILE_VALUES), fc.jsonValue({ maxDepth: 2 }));
        const samples = fc.sample(fc.record({ path: fc.constantFrom(...paths), value }), { numRuns: 10, seed: 20_261_123 });
        for (const { path, value } of samples) await check(withValue(base, path, value));
      }

      expect(failures).toEqual([]);
    });
  }

  it('answers a body over the limit with 10001, not a server error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/_/customer/queryList',
      headers: { authorization: await tokenOf('super_admin'), 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ keyword: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: Code.INVALID_INPUT, message: 'The request is too large (at most 2 MB).' });
  });
});
