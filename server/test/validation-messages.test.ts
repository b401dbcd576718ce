import { Code, FIELD_LABELS, formatCents, NUMBER_RANGES } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type JsonSchema = Record<string, unknown>;

/** Every field name (path segment) of every registered route's input, from the API's own OpenAPI document. */
function inputFieldNames(doc: JsonSchema): Map<string, string> {
  const names = new Map<string, string>();
  const seen = new Set<unknown>();
  const resolve = (s: unknown): JsonSchema | undefined => {
    const ref = (s as { $ref?: string } | undefined)?.$ref;
    if (!ref) return s as JsonSchema | undefined;
    return ref
      .split('/')
      .slice(1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc) as JsonSchema;
  };
  const walk = (raw: unknown, route: string) => {
    const s = resolve(raw);
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      if (!names.has(name)) names.set(name, route);
      walk(child, route);
    }
    for (const key of ['items', 'additionalProperties', 'not']) walk(s[key], route);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const x of (s[key] ?? []) as unknown[]) walk(x, route);
  };
  for (const [route, operations] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const op of Object.values(operations)) {
      for (const p of (op.parameters ?? []) as unknown[]) {
        const parameter = resolve(p) as { name: string; schema?: unknown };
        if (!names.has(parameter.name)) names.set(parameter.name, route);
        walk(parameter.schema, route);
      }
      const content = ((op.requestBody as JsonSchema | undefined)?.content ?? {}) as Record<string, { schema?: unknown }>;
      for (const media of Object.values(content)) {
        seen.clear();
        walk(media.schema, route);
      }
    }
  }
  return names;
}

describe('field labels', () => {
  it('has a label in both languages for every field of every registered route input', async () => {
    await t.app.ready();
    const names = inputFieldNames(t.app.swagger() as unknown as JsonSchema);
    // The walk must see the routes' inputs at all (a broken walk would pass with nothing to check).
    expect(names.get('discountCents')).toBeDefined();
    expect(names.size).toBeGreaterThan(200);
    const missing = [...names]
      .filter(([name]) => !(Object.hasOwn(FIELD_LABELS, name) && FIELD_LABELS[name]!.every((label) => label.trim() !== '')))
      .map(([name, route]) => `${name} (${route})`);
    expect(missing).toEqual([]);
  });
});

/** A raw schema path or camelCase identifier (`discountCents`, `lines.0.quantity`) in a message. */
const RAW_NAME = /\b[a-z]+[A-Z]\w*\b|\b\w+\.\d+\.\w+/;

async function refused(
  path: string,
  patch: Record<string, unknown>,
  locale: 'en' | 'zh',
  role?: Parameters<TestApp['sessionAs']>[0],
) {
  const endpoint = ENDPOINTS.find((e) => e.path === path)!;
  const body = { ...((await endpoint.validBody!(t)) as Record<string, unknown>), ...patch };
  const token = await t.sessionAs(role ?? endpoint.allowedRole ?? 'super_admin');
  const result = await t.call<{ issues: { field: string; message: string }[] }>(path, { token, body, locale });
  expect(result.code).toBe(Code.INVALID_INPUT);
  for (const issue of result.data.issues) expect(issue.message).not.toMatch(RAW_NAME);
  expect(result.message).not.toMatch(RAW_NAME);
  return result;
}

describe('10001 messages name the field in the user words and say what is allowed', () => {
  it('a negative discount on a job: the range in dollars', async () => {
    const max = NUMBER_RANGES.jobAmountCents.max;
    const en = await refused('/job/add', { discountCents: -5 }, 'en');
    expect(en.message).toBe(`Discount must be between $0.00 and ${formatCents(max, 'en')}`);
    expect(en.data.issues).toEqual([{ field: 'discountCents', message: en.message }]);
    const zh = await refused('/job/add', { discountCents: -5 }, 'zh');
    expect(zh.message).toBe(`折扣必须在 $0.00 至 ${formatCents(max, 'zh')} 之间`);
  });

  it('a negative discount on a quote', async () => {
    const max = NUMBER_RANGES.quoteAmountCents.max;
    expect((await refused('/quote/calc', { discountCents: -5 }, 'en')).message).toBe(
      `Discount must be between $0.00 and ${formatCents(max, 'en')}`,
    );
    expect((await refused('/quote/calc', { discountCents: -5 }, 'zh')).message).toContain('折扣必须在 $0.00 至');
  });

  it('a 500-character customer name says its maximum, not "required"', async () => {
    const en = await refused('/customer/add', { name: 'x'.repeat(500) }, 'en');
    expect(en.message).toMatch(/^Name must be at most \d+ characters$/);
    const zh = await refused('/customer/add', { name: 'x'.repeat(500) }, 'zh');
    expect(zh.message).toMatch(/^名称不能超过 \d+ 个字符$/);
  });

  it('a 65-character campaign source says its maximum', async () => {
    expect((await refused('/campaign/add', { sourceName: 's'.repeat(65) }, 'en')).message).toBe(
      'Source must be at most 64 characters',
    );
    expect((await refused('/campaign/add', { sourceName: 's'.repeat(65) }, 'zh')).message).toBe('来源不能超过 64 个字符');
  });

  it('a payment amount of zero', async () => {
    const { min, max } = NUMBER_RANGES.paymentAmountCents;
    expect((await refused('/customerPayment/add', { amountCents: 0 }, 'en')).message).toBe(
      `Amount must be between ${formatCents(min, 'en')} and ${formatCents(max, 'en')}`,
    );
    expect((await refused('/customerPayment/add', { amountCents: 0 }, 'zh')).message).toBe(
      `金额必须在 ${formatCents(min, 'zh')} 至 ${formatCents(max, 'zh')} 之间`,
    );
  });

  it('a coupon code: a malformed one (schema) and an unknown one (service)', async () => {
    expect((await refused('/campaign/add', { couponCode: 'bad code!' }, 'en')).message).toBe(
      'Coupon code must be 3 to 32 letters, digits or dashes',
    );
    expect((await refused('/campaign/add', { couponCode: 'bad code!' }, 'zh')).message).toBe(
      '优惠券代码必须是 3 到 32 个字母、数字或短横线',
    );
    const en = await refused('/campaign/checkCoupon', { couponCode: 'NO-SUCH-COUPON' }, 'en');
    expect(en.message).toBe('Coupon code: no campaign has this coupon code');
    expect(en.data.issues).toEqual([{ field: 'couponCode', message: en.message }]);
    expect((await refused('/campaign/checkCoupon', { couponCode: 'NO-SUCH-COUPON' }, 'zh')).message).toBe(
      '优惠券代码：没有活动使用此优惠码',
    );
  });

  it('keeps the spec messages exactly', async () => {
    const result = await t.call('/login', { body: { uname: 'x', password: '' }, locale: 'en' });
    expect(result.message).toBe('password is required');
  });
});
