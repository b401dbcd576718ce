import { Code } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/database';
import { isCredentialName, redactFields, redactUrl } from '../src/platform/logging';
import { TEST_PASSWORD } from './fixtures';
import { createTestApp, type TestApp } from './helper';

/** Every log line the app writes, as text. */
const lines: string[] = [];
const logText = () => lines.join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('the server log holds no credential', () => {
  it('redacts a session token in the URL (/login?tk=…), and logs no password or Authorization header', async () => {
    const token = await t.loginAs('super_admin');
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/login?tk=${token}&lang=en` });
    await t.call('/getUserInfo', { method: 'GET', token });
    await t.call('/login', { body: { uname: 'sales', password: 'Wrong-password-9' } });
    const text = logText();
    expect(text).toContain('incoming request');
    expect(text).toContain('/login?tk=[REDACTED]&lang=en');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Wrong-password-9');
    expect(text).not.toContain(TEST_PASSWORD);
  });

  it('redacts credential query parameters whatever their case, and keeps the others', () => {
    expect(redactUrl('/a?TK=abc&x=1&token=def&password')).toBe('/a?TK=[REDACTED]&x=1&token=[REDACTED]&password=[REDACTED]');
    expect(redactUrl('/a?keyword=tk')).toBe('/a?keyword=tk');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  // The names of issue 23 item 10 (outside the old list) and variants of their spelling.
  const CREDENTIAL_NAMES = [
    'pwd',
    'pass',
    'passwd',
    'apiKey',
    'api_key',
    'authorization',
    'auth',
    'session',
    'cvc',
    'card',
    'alarmCode',
    'PWD',
    'Passwd',
    'newPassword',
    'pass_word',
    'passphrase',
    'API-KEY',
    'apikey',
    'x-api-key',
    'Authorization',
    'authToken',
    'auth_code',
    'sessionId',
    'session_token',
    'SESSION',
    'cvv',
    'CVC2',
    'cardNumber',
    'card_no',
    'creditCard',
    'alarm_code',
    'ALARMCODE',
    'gateCode',
    'access-code',
    'pin',
    'secret',
    'client_secret',
    'cookie',
    'tk',
    'token',
    'key',
    'privateKey',
  ];
  const ORDINARY_NAMES = ['keyword', 'pageNum', 'pageSize', 'status', 'statusCode', 'zoneCode', 'author', 'name', 'uname', 'id'];

  it('recognises credential names by pattern, not by list', () => {
    for (const name of CREDENTIAL_NAMES) expect(isCredentialName(name), name).toBe(true);
    for (const name of ORDINARY_NAMES) expect(isCredentialName(name), name).toBe(false);
  });

  it('redacts every credential-like query parameter of a logged URL, and keeps the others', async () => {
    const query = CREDENTIAL_NAMES.map((name, i) => `${encodeURIComponent(name)}=leak${i}x`).join('&');
    expect(redactUrl(`/a?${query}&keyword=kept&zoneCode=Z1`)).toBe(
      `/a?${CREDENTIAL_NAMES.map((name) => `${encodeURIComponent(name)}=[REDACTED]`).join('&')}&keyword=kept&zoneCode=Z1`,
    );
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/login?${query}&keyword=kept` });
    const text = logText();
    expect(text).toContain('keyword=kept');
    for (let i = 0; i < CREDENTIAL_NAMES.length; i++) expect(text).not.toContain(`leak${i}x`);
  });

  it('redacts credential-named fields and headers of a log line at any depth, errors included', () => {
    lines.length = 0;
    const body = Object.fromEntries(CREDENTIAL_NAMES.map((name, i) => [name, `leak${i}x`]));
    t.app.log.info(
      { body: { ...body, keyword: 'kept', nested: [{ headers: { authorization: 'leakA', accept: 'json' } }] } },
      'a body',
    );
    const error = Object.assign(new Error('failed'), { apiKey: 'leakE', code: 'E_KEPT' });
    t.app.log.error({ err: error }, 'an error');
    const text = logText();
    expect(text).toContain('"keyword":"kept"');
    expect(text).toContain('"accept":"json"');
    expect(text).toContain('E_KEPT');
    for (let i = 0; i < CREDENTIAL_NAMES.length; i++) expect(text).not.toContain(`leak${i}x`);
    expect(text).not.toContain('leakA');
    expect(text).not.toContain('leakE');
    const plain = { a: 1, b: { c: 'd' } };
    expect(redactFields(plain)).toBe(plain);
  });

  it('logs a failed statement and its SQLSTATE, never its parameters', async () => {
    // A database error no input check can foresee: a constraint the service does not know about.
    await t.db.execute(sql.raw(`alter table sys_users add constraint no_boom check (uname <> 'boom.user')`));
    const token = await t.loginAs('super_admin');
    const [role] = await queryRows<{ id: number }>(t.db, sql`select id from roles where code = 'cleaner'`);
    lines.length = 0;
    const result = await t.call('/sysUser/add', {
      token,
      body: {
        uname: 'boom.user',
        password: 'Boom-pass-77',
        verifyPassword: 'Boom-pass-77',
        name: 'Zebulon Quibble',
        phone: '(650) 555-0199',
        roleId: role!.id,
      },
    });
    expect(result.code).toBe(Code.SERVER_ERROR);
    const text = logText();
    expect(text).toContain('unexpected error');
    expect(text).toContain('23514');
    expect(text).toMatch(/insert into \\"sys_users\\"/);
    for (const secret of ['$argon2', 'Zebulon', 'Quibble', '555-0199', '6505550199', 'Boom-pass-77', 'boom.user']) {
      expect(text).not.toContain(secret);
    }
  });
});
