import { Code } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/system/system.tables';
import { audit } from '../src/platform/audit';
import { badTextOf, storableText } from '../src/platform/text-guard';
import { ENDPOINTS } from './endpoints';
import { createTestApp, type TestApp } from './helper';

/**
 * Text PostgreSQL cannot store (platform/text-guard.ts): a NUL or a lone UTF-16 surrogate is refused
 * on the way in with 10001, and the operation log never fails a change because of text.
 */
describe('the input text guard', () => {
  it('names the field of a lone surrogate, in a value or a key, and lets well-formed pairs through', () => {
    expect(badTextOf({ a: 'ok', b: ['x', 'y\ud800'] })).toEqual({ field: 'b.1', rule: 'rule.noLoneSurrogate' });
    expect(badTextOf({ note: '\udfffz' })).toEqual({ field: 'note', rule: 'rule.noLoneSurrogate' });
    expect(badTextOf({ 'k\udc00': 1 })).toEqual({ field: 'k\\udc00', rule: 'rule.noLoneSurrogate' });
    expect(badTextOf({ a: 'a\u0000b' })).toEqual({ field: 'a', rule: 'rule.noNul' });
    expect(badTextOf({ emoji: 'clean 😀 done', zh: '厨房' })).toBeNull();
    expect(storableText('a\ud800b\u0000c😀')).toBe('a\ufffdb\ufffdc😀');
  });
});

describe('a lone surrogate in free text', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.sessionAs('super_admin');
  });
  afterAll(() => t.close());

  const valid = async (path: string) => {
    const endpoint = ENDPOINTS.find((e) => e.path === path)!;
    return (await endpoint.validBody!(t)) as Record<string, unknown>;
  };
  // The routes the issue found answering 500: the operation log's JSON column rejected the text.
  const cases: Array<[string, () => Promise<Record<string, unknown>>, string]> = [
    // Refused before the job is even read: any id will do.
    ['/job/reclean', async () => ({ id: 1, reason: 'Floor \ud800 missed' }), 'reason'],
    [
      '/job/updateState',
      async () => {
        const { id, version } = await valid('/job/updateState');
        return { id, version, status: 'uncompleted', reason: 'Gate \udc01 locked' };
      },
      'reason',
    ],
    ['/sysUserLeave/add', async () => ({ ...(await valid('/sysUserLeave/add')), reason: 'Trip \ud83d' }), 'reason'],
    ['/giftCertificate/void', async () => ({ ...(await valid('/giftCertificate/void')), reason: '\ud800' }), 'reason'],
  ];

  for (const [path, body, field] of cases) {
    it(`${path} answers 10001 naming the field, and changes nothing`, async () => {
      const input = await body();
      const before = await t.fingerprint();
      const answer = await t.call(path, { token, body: input });
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(Code.INVALID_INPUT);
      expect(answer.message.toLowerCase()).toContain(field);
      expect(answer.message).toContain('lone UTF-16 surrogate');
      expect(await t.fingerprint()).toBe(before);
    });
  }

  it('accepts a well-formed pair (an emoji) in the same field', async () => {
    const answer = await t.call('/sysUserLeave/add', {
      token,
      body: { ...(await valid('/sysUserLeave/add')), reason: 'Trip 😀' },
    });
    expect(answer.code).toBe(0);
  });

  it('the operation log stores text it cannot keep as U+FFFD instead of failing the change', async () => {
    const request = { session: null, ip: '127.0.0.1', id: 'text-guard-test' } as unknown as FastifyRequest;
    await t.db.transaction((tx) =>
      audit(tx, request, {
        module: 'test',
        action: 'text',
        summary: 'Said \ud800 and \u0000',
        changes: { 'note\udc00': { from: 'a\ud800', to: ['b\u0000', { c: '😀\udfff' }] } },
      }),
    );
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.requestId, 'text-guard-test'));
    expect(row!.summary).toBe('Said \ufffd and \ufffd');
    expect(row!.changes).toEqual({ 'note\ufffd': { from: 'a\ufffd', to: ['b\ufffd', { c: '😀\ufffd' }] } });
  });
});
