import { Code, INT4_MAX } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './fixtures';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('super_admin');
});
afterAll(() => t.close());

type Issues = { issues: { field: string; message: string }[] };
const fieldsOf = (result: { data: Issues }) => result.data.issues.map((i) => i.field);

describe('ids and versions fit their integer columns', () => {
  it('refuses an id above 2^31 − 1 with 10001 naming the field (was a server error)', async () => {
    for (const path of ['/customer/detail', '/sysUser/detail', '/quote/detail', '/zone/detail', '/sysRole/detail']) {
      const result = await t.call<Issues>(path, { token, body: { id: INT4_MAX + 1 } });
      expect(result, path).toMatchObject({ status: 200, code: Code.INVALID_INPUT });
      expect(fieldsOf(result)).toEqual(['id']);
    }
  });

  it('refuses a version, a nested id and a page number out of range, naming each', async () => {
    const remove = await t.call<Issues>('/customer/remove', { token, body: { id: 1, version: INT4_MAX + 1 } });
    expect(fieldsOf(remove)).toEqual(['version']);
    const skills = await t.call<Issues>('/sysUser/setUserSkill', { token, body: { id: 1, skillIds: [1, INT4_MAX + 1] } });
    expect(fieldsOf(skills)).toEqual(['skillIds.1']);
    const page = await t.call<Issues>('/customer/queryList', { token, body: { pageNum: INT4_MAX + 1 } });
    expect(fieldsOf(page)).toEqual(['pageNum']);
  });

  it('still accepts the largest id (not found, not refused)', async () => {
    expect((await t.call('/customer/detail', { token, body: { id: INT4_MAX } })).code).toBe(Code.NOT_FOUND);
  });

  it('refuses an id in a query string out of range', async () => {
    const result = await t.call<Issues>('/customerDocument/download', {
      method: 'GET',
      token,
      query: { id: String(INT4_MAX + 1) },
    });
    expect(result.code).toBe(Code.INVALID_INPUT);
  });
});

describe('text holds no NUL character', () => {
  it('refuses a NUL in the login with 10001 naming the field (was a server error)', async () => {
    const result = await t.call<Issues>('/login', { body: { uname: 'ad\u0000min', password: TEST_PASSWORD }, locale: 'en' });
    expect(result).toMatchObject({
      status: 200,
      code: Code.INVALID_INPUT,
      message: 'User name: must not contain a NUL character (\\u0000)',
    });
    expect(fieldsOf(result)).toEqual(['uname']);
  });

  it('names a nested field, in the caller language, and changes nothing', async () => {
    const before = await t.fingerprint();
    const result = await t.call<Issues>('/customer/add', {
      token,
      locale: 'zh',
      body: { name: 'Nul Test', location: { street: '1 Main\u0000 St' } },
    });
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(result.message).toBe('街道地址：不能包含 NUL 字符（\\u0000）');
    expect(await t.fingerprint()).toBe(before);
  });

  it('refuses a NUL in a query string', async () => {
    const result = await t.call<Issues>('/sysUser/photo', { method: 'GET', token, query: { id: '1', v: 'a\u0000' } });
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(fieldsOf(result)).toEqual(['v']);
  });
});
