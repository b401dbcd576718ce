import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails unexpectedly, to see what the client is (not) told.
  t.app.post('/_/test/boom', { config: { permission: 'public' } }, async () => {
    throw new Error('secret detail of the database');
  });
  // A write PostgreSQL failed to break a lock cycle, as Drizzle reports it (the database error as cause).
  t.app.post('/_/test/deadlock', { config: { permission: 'public' } }, async () => {
    throw Object.assign(new Error('Failed query: update …'), {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
  });
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers unknown APIs with 10004 in an envelope', async () => {
    const result = await t.call('/noSuchThing/queryList', { locale: 'en' });
    expect(result).toMatchObject({
      status: 404,
      code: Code.NOT_FOUND,
      message: 'There is no such API: /_/noSuchThing/queryList',
    });
  });

  it('hides the details of an unexpected error behind 50000 and a request id', async () => {
    const result = await t.call('/test/boom', { locale: 'en' });
    expect(result.status).toBe(500);
    expect(result.code).toBe(Code.SERVER_ERROR);
    expect(result.message).not.toContain('secret');
    expect(result.message).toContain(String(result.headers['x-request-id']));
  });

  it('answers a write that collided with a concurrent one (deadlock) with 10009, not a 500', async () => {
    const en = await t.call('/test/deadlock', { locale: 'en' });
    expect(en).toMatchObject({ status: 200, code: Code.CONFLICT });
    expect(en.message).toBe('Someone else was changing the same records at this moment: nothing was saved. Try again.');
    const zh = await t.call('/test/deadlock', { locale: 'zh' });
    expect(zh.message).toContain('请重试');
  });

  it('answers malformed JSON with 10001', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/_/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"uname": ',
    });
    expect(response.json()).toMatchObject({ code: Code.INVALID_INPUT, message: 'The request body is not valid JSON.' });
  });

  it('names each invalid field in the caller language', async () => {
    const en = await t.call<{ issues: { field: string }[] }>('/login', { body: { uname: 7 }, locale: 'en' });
    expect(en.data.issues.map((i) => i.field)).toEqual(['uname', 'password']);
    expect(en.message).toContain('password is required');
    const zh = await t.call('/login', { body: { uname: 'x', password: '' }, locale: 'zh' });
    expect(zh.message).toBe('密码为必填项');
  });

  it('tolerates a POST without a body for verbs that take none', async () => {
    const token = await t.loginAs('sales');
    const response = await t.app.inject({ method: 'POST', url: '/_/userCenter/profile', headers: { authorization: token } });
    expect(response.json().code).toBe(Code.OK);
  });
});
