import { Code, INT4_MAX } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBody } from '../src/modules/customers/customers.fixtures';
import { modifyBody, newJob } from '../src/modules/service/jobs/jobs.fixtures';
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

// Issue 23 item 2: a number outside its range (contract NUMBER_RANGES) is refused with 10001, never clamped or rounded.
async function refusedUnchanged(path: string, body: Record<string, unknown>, field: string) {
  const before = await t.fingerprint();
  const result = await t.call<Issues>(path, { token, body });
  expect(result.code, `${path} ${field}`).toBe(Code.INVALID_INPUT);
  expect(result.data.issues.map((i) => i.field)).toEqual([field]);
  expect(await t.fingerprint()).toBe(before);
}

describe('numbers are checked, not clamped', () => {
  it('refuses a quote for a team of 7.5 or a house of 7.5 sq ft (not priced for 8)', async () => {
    await refusedUnchanged('/quote/add', await quoteBody(t, { teamSize: 7.5 }), 'teamSize');
    await refusedUnchanged('/quote/add', await quoteBody(t, { houseSizeSqft: 7.5 }), 'houseSizeSqft');
    await refusedUnchanged('/quote/calc', { houseSizeSqft: 1000, teamSize: 21 }, 'teamSize');
  });

  it('refuses a job duration of 99999999 minutes and miles beyond the range, and keeps the job as it was', async () => {
    const job = await newJob(t);
    await refusedUnchanged('/job/modify', await modifyBody(t, job.id, { durationMinutes: 99_999_999 }), 'durationMinutes');
    await refusedUnchanged('/job/modify', await modifyBody(t, job.id, { durationMinutes: 90.5 }), 'durationMinutes');
    await refusedUnchanged(
      '/job/modify',
      await modifyBody(t, job.id, { drivingDistanceTenthMiles: 100_001 }),
      'drivingDistanceTenthMiles',
    );
    // The largest values of the ranges are accepted as sent.
    const saved = await t.call('/job/modify', {
      token,
      body: await modifyBody(t, job.id, { durationMinutes: 1440, drivingDistanceTenthMiles: 100_000 }),
    });
    expect(saved.code).toBe(0);
    const detail = await t.call<{ job: { durationMinutes: number; drivingDistanceTenthMiles: number } }>('/job/detail', {
      token,
      body: { id: job.id },
    });
    expect(detail.data.job).toMatchObject({ durationMinutes: 1440, drivingDistanceTenthMiles: 100_000 });
  });
});
