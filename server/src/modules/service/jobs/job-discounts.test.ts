import { Code, type JobDetail, type JobSaved, maxDiscountOf } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { couponUses } from '../../marketing/campaigns/campaigns.service';
import { campaigns } from '../../marketing/campaigns/campaigns.tables';
import { quotes } from '../../sales/sales.tables';
import { quoteParameters } from '../../system/settings.tables';
import { auditLog, rolePermissions, roles } from '../../system/system.tables';
import { modifyBody, pricedItem, SERVICE_DATE } from './jobs.fixtures';
import { jobs } from './jobs.tables';

/** docs/business-rules.md "Coupons and discounts on jobs". */
let t: TestApp;
let scheduler: string;
let maxBps: number;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.loginAs('scheduler');
  const [params] = await t.db.select().from(quoteParameters).limit(1);
  maxBps = params!.maxDiscountBps;
});
afterAll(() => t.close());

let codes = 0;
/** An approved, active campaign around the jobs' service date, with the given rule. */
async function campaign(values: Partial<typeof campaigns.$inferInsert> = {}): Promise<string> {
  codes += 1;
  const couponCode = `JOBS-${codes}-${Date.now() % 100_000}`;
  await t.db.insert(campaigns).values({
    category: 'online',
    sourceName: `Job coupons ${couponCode}`,
    couponCode,
    couponKind: 'percent',
    couponValue: 1000,
    startDate: '2026-01-01',
    endDate: '2030-12-31',
    auditStatus: 'approved',
    ...values,
  });
  return couponCode;
}

const PRICE = 27_500;
const add = (body: Record<string, unknown>, token = scheduler, locale: 'en' | 'zh' = 'en') =>
  t.call<JobSaved & { issues: { field: string; message: string }[] }>('/job/add', {
    token,
    locale,
    body: { locationId: 0, serviceDate: SERVICE_DATE, flatRateCents: PRICE, ...body },
  });
async function location() {
  const [row] = await t.db.select({ id: jobs.locationId }).from(jobs).limit(1);
  return row!.id;
}
const stored = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('a coupon code on a job', () => {
  it('sets the coupon by the campaign: a percentage (rounded down) or an amount, whatever the client sent', async () => {
    const locationId = await location();
    const percent = await campaign({ couponKind: 'percent', couponValue: 1050 });
    const a = await add({ locationId, couponCode: percent, couponCents: 1 });
    expect(a.code).toBe(Code.OK);
    // 10.5 % of $275.00 = $28.875 → $28.87, within the maximum discount.
    expect((await stored(a.data.id)).couponCents).toBe(Math.min(2887, maxDiscountOf(PRICE, maxBps)));
    const fixed = await campaign({ couponKind: 'fixed', couponValue: 1500 });
    const b = await add({ locationId, couponCode: fixed.toLowerCase(), couponCents: 9_999 });
    expect(b.code).toBe(Code.OK);
    expect(await stored(b.data.id)).toMatchObject({ couponCents: 1500, couponCode: fixed.toLowerCase() });
  });

  it('refuses a code with the reason under the field, in both languages, changing nothing', async () => {
    const locationId = await location();
    const cases: [string, string, string][] = [
      ['NO-SUCH-CODE', 'no campaign has this coupon code', '没有活动使用此优惠码'],
      [await campaign({ startDate: '2027-01-01' }), 'has not started on the service date', '尚未开始'],
      [await campaign({ endDate: '2026-06-30' }), 'ended before the service date', '已结束'],
      [await campaign({ minSubtotalCents: 30_000 }), 'below the minimum this coupon requires', '低于此优惠码要求的最低金额'],
    ];
    const usedUp = await campaign({ usageLimit: 1 });
    expect((await add({ locationId, couponCode: usedUp })).code).toBe(Code.OK);
    cases.push([usedUp, 'used as many times as its campaign allows', '已达到活动允许的使用次数']);
    for (const [couponCode, en, zh] of cases) {
      const before = await t.fingerprint();
      const refused = await add({ locationId, couponCode });
      expect(refused.code).toBe(Code.INVALID_INPUT);
      expect(refused.data.issues[0]).toMatchObject({ field: 'couponCode' });
      expect(refused.message).toContain(en);
      expect((await add({ locationId, couponCode }, scheduler, 'zh')).message).toContain(zh);
      expect(await t.fingerprint()).toEqual(before);
    }
  });

  it('counts a coupon of a quote and of the job made from it as one use; a modify does not count the job itself', async () => {
    const code = await campaign({ usageLimit: 2 });
    expect(await couponUses(t.db, code)).toBe(0);
    const [quote] = await t.db.select({ id: quotes.id }).from(quotes).limit(1);
    await t.db.update(quotes).set({ couponCode: code }).where(eq(quotes.id, quote!.id));
    const job = await add({ locationId: await location(), couponCode: code });
    expect(job.code).toBe(Code.OK);
    expect(await couponUses(t.db, code)).toBe(2);
    await t.db.update(jobs).set({ quoteId: quote!.id }).where(eq(jobs.id, job.data.id));
    expect(await couponUses(t.db, code)).toBe(1);
    expect(await couponUses(t.db, code, { jobId: job.data.id })).toBe(1);
    // At the limit, the job holding the coupon may still move to another date (its own use is not counted).
    await t.db.update(jobs).set({ quoteId: null }).where(eq(jobs.id, job.data.id));
    const moved = await t.call<JobSaved>('/job/modify', {
      token: scheduler,
      body: await modifyBody(t, job.data.id, { serviceDate: '2026-12-02' }),
    });
    expect(moved.code).toBe(Code.OK);
  });
});

describe('a hand discount on a job', () => {
  const cap = () => maxDiscountOf(PRICE, maxBps);

  it('is capped by the maximum discount of the quote parameters (10010 with the figures), coupon included', async () => {
    const locationId = await location();
    const before = await t.fingerprint();
    const refused = await add({ locationId, discountCents: cap() + 1 });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toContain('is more than the maximum of');
    expect(await t.fingerprint()).toEqual(before);
    expect((await add({ locationId, discountCents: cap() + 1 }, scheduler, 'zh')).message).toContain('超过上限');
    // A hand coupon amount (no code) counts toward the same cap.
    expect((await add({ locationId, couponCents: 1, discountCents: cap() })).code).toBe(Code.REFUSED);
    expect((await add({ locationId, discountCents: cap() })).code).toBe(Code.OK);
    // With a code, the coupon takes only what the discount leaves (as on quotes).
    const code = await campaign({ couponKind: 'fixed', couponValue: 5_000 });
    const both = await add({ locationId, couponCode: code, discountCents: cap() - 100 });
    expect(both.code).toBe(Code.OK);
    expect((await stored(both.data.id)).couponCents).toBe(100);
  });

  it('may exceed the cap for a role holding job:discount:override, and the job log shows discount and coupon', async () => {
    const locationId = await location();
    const office = await t.loginAs('office_manager');
    expect((await add({ locationId, discountCents: 20_000 }, office)).code).toBe(Code.REFUSED);
    const [role] = await t.db.select().from(roles).where(eq(roles.code, 'office_manager'));
    await t.db.insert(rolePermissions).values({ roleId: role!.id, key: 'job:discount:override' });
    const job = await add({ locationId, discountCents: 20_000 }, office);
    expect(job.code).toBe(Code.OK);
    expect((await stored(job.data.id)).discountCents).toBe(20_000);
    const code = await campaign({ couponKind: 'fixed', couponValue: 1_000 });
    const modified = await t.call<JobSaved>('/job/modify', {
      token: office,
      body: await modifyBody(t, job.data.id, { couponCode: code, discountCents: 2_000 }),
    });
    expect(modified.code).toBe(Code.OK);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'job'), eq(auditLog.recordId, job.data.id), eq(auditLog.action, 'modify')))
      .orderBy(desc(auditLog.id));
    expect(entry!.changes).toMatchObject({
      couponCode: { from: '', to: code },
      couponCents: { from: 0, to: 1_000 },
      discountCents: { from: 20_000, to: 2_000 },
    });
    const detail = await t.call<JobDetail>('/job/detail', { token: office, body: { id: job.data.id } });
    expect(detail.data.job).toMatchObject({ couponCents: 1_000, discountCents: 2_000 });
  });
});

describe("a coupon code when the job's price changes", () => {
  const lineOf = async (id: number) => {
    const detail = await t.call<JobDetail>('/job/detail', { token: scheduler, body: { id } });
    return { version: detail.data.job.version, lineId: detail.data.lines[0]!.id };
  };
  const saveLines = async (id: number, quantity: number, locale: 'en' | 'zh' = 'en') => {
    const { version, lineId } = await lineOf(id);
    return t.call<JobSaved>('/job/saveLines', {
      token: scheduler,
      locale,
      body: { id, version, lines: [{ id: lineId, quantity }] },
    });
  };
  /** The campaign's percentage of the base, within the maximum discount. */
  const tenPercentOf = (base: number) => Math.min(Math.floor(base / 10), maxDiscountOf(base, maxBps));

  it('re-values a percentage coupon on new lines and on a new flat rate, within the cap, and logs it', async () => {
    const code = await campaign({ couponKind: 'percent', couponValue: 1000 });
    const item = await pricedItem(t);
    const job = await add({
      locationId: await location(),
      flatRateCents: null,
      couponCode: code,
      lines: [{ priceItemId: item.id, quantity: 1 }],
    });
    expect(job.code).toBe(Code.OK);
    const one = await stored(job.data.id);
    expect(one.couponCents).toBe(tenPercentOf(one.revenueCents));

    expect((await saveLines(job.data.id, 3)).code).toBe(Code.OK);
    const three = await stored(job.data.id);
    expect(three.revenueCents).toBeGreaterThan(one.revenueCents);
    expect(three.couponCents).toBe(tenPercentOf(three.revenueCents));
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'job'), eq(auditLog.recordId, job.data.id), eq(auditLog.action, 'saveLines')));
    expect(entry!.changes).toMatchObject({ couponCents: { from: one.couponCents, to: three.couponCents } });

    // Same code, same date, a flat rate now: 10 % of the flat rate.
    const modified = await t.call<JobSaved>('/job/modify', {
      token: scheduler,
      body: await modifyBody(t, job.data.id, { flatRateCents: 20_000 }),
    });
    expect(modified.code).toBe(Code.OK);
    expect((await stored(job.data.id)).couponCents).toBe(tenPercentOf(20_000));
  });

  it('refuses a change that takes the job below the campaign minimum, naming couponCode, changing nothing', async () => {
    const code = await campaign({ couponKind: 'percent', couponValue: 1000 });
    const item = await pricedItem(t);
    const job = await add({
      locationId: await location(),
      flatRateCents: null,
      couponCode: code,
      lines: [{ priceItemId: item.id, quantity: 2 }],
    });
    expect(job.code).toBe(Code.OK);
    // The minimum is exactly today's base: any lower base no longer qualifies.
    const base = (await stored(job.data.id)).revenueCents;
    await t.db.update(campaigns).set({ minSubtotalCents: base }).where(eq(campaigns.couponCode, code));
    const cheaperBody = await modifyBody(t, job.data.id, { flatRateCents: base - 1 });
    const before = await t.fingerprint();
    const fewer = await saveLines(job.data.id, 1);
    expect(fewer.code).toBe(Code.INVALID_INPUT);
    expect((fewer.data as unknown as { issues: { field: string }[] }).issues[0]).toMatchObject({ field: 'couponCode' });
    expect(fewer.message).toContain('below the minimum this coupon requires');
    expect((await saveLines(job.data.id, 1, 'zh')).message).toContain('低于此优惠码要求的最低金额');
    const cheaper = await t.call<JobSaved>('/job/modify', {
      token: scheduler,
      body: cheaperBody,
    });
    expect(cheaper.code).toBe(Code.INVALID_INPUT);
    expect(cheaper.message).toContain('below the minimum this coupon requires');
    expect(await t.fingerprint()).toEqual(before);
    // More lines still qualify.
    expect((await saveLines(job.data.id, 3)).code).toBe(Code.OK);
  });

  it('values again the coupon of a job made from a quote with the same code as one use, at the usage limit', async () => {
    const code = await campaign({ couponKind: 'percent', couponValue: 1000, usageLimit: 1 });
    const item = await pricedItem(t);
    const job = await add({
      locationId: await location(),
      flatRateCents: null,
      couponCode: code,
      lines: [{ priceItemId: item.id, quantity: 1 }],
    });
    expect(job.code).toBe(Code.OK);
    const [quote] = await t.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.couponCode, '')).limit(1);
    await t.db.update(quotes).set({ couponCode: code }).where(eq(quotes.id, quote!.id));
    await t.db.update(jobs).set({ quoteId: quote!.id }).where(eq(jobs.id, job.data.id));
    expect(await couponUses(t.db, code)).toBe(1);
    expect((await saveLines(job.data.id, 2)).code).toBe(Code.OK);
    const after = await stored(job.data.id);
    expect(after.couponCents).toBe(tenPercentOf(after.revenueCents));
  });
});
