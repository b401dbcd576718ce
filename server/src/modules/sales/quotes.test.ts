import { Code, calculateQuotePrice, type QuoteSaveResponse } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';
import { TEST_CARD_NUMBER, userIdOf } from '../customers/customers.fixtures';
import { businessToday } from '../customers/lookups';
import { priceItemRates, priceItems, quoteParameters, zones, zoneZips } from '../system/settings.tables';
import { businessProfile } from '../system/system.tables';
import { quoteHistory, quoteLines, quotes } from './sales.tables';

let t: TestApp;
let sales: string;
const items: Record<string, number> = {};

/** The price list and parameters of the worked examples in docs/business-rules.md, inserted for this file. */
beforeAll(async () => {
  t = await createTestApp();
  sales = await t.loginAs('sales');
  await t.db
    .update(quoteParameters)
    .set({
      minutesPerPersonPer1000Sqft: 90,
      priceRangeVarianceBps: 1000,
      maxDiscountBps: 1500,
      defaultTeamSize: 2,
      defaultPricePerMinuteCents: 85,
    })
    .where(eq(quoteParameters.id, 1));
  await t.db.update(businessProfile).set({ salesTaxBps: 925 }).where(eq(businessProfile.id, 1));
  const list = [
    { key: 'bedroom', kind: 'item', minutes: 15, cents: 0, taxable: false },
    { key: 'bathroom', kind: 'item', minutes: 25, cents: 0, taxable: false },
    { key: 'kitchen', kind: 'item', minutes: 30, cents: 0, taxable: false },
    { key: 'fridge', kind: 'addon', minutes: 30, cents: 0, taxable: false },
    { key: 'eco', kind: 'fee', minutes: 0, cents: 500, taxable: true },
  ] as const;
  for (const item of list) {
    const [row] = await t.db
      .insert(priceItems)
      .values({ kind: item.kind, nameEn: `Test ${item.key}`, nameZh: `测试${item.key}`, taxable: item.taxable })
      .returning({ id: priceItems.id });
    await t.db
      .insert(priceItemRates)
      .values({ priceItemId: row!.id, effectiveFrom: '2020-01-01', inHomeMinutes: item.minutes, unitPriceCents: item.cents });
    items[item.key] = row!.id;
  }
});
afterAll(() => t.close());

/** Worked example 1: 2,000 sq ft, 3 bedrooms, 2 bathrooms, kitchen, fridge, eco supplies; biweekly; $20 coupon, $10 off. */
const example = (overrides: Record<string, unknown> = {}) => ({
  customerName: 'Olivia Bennett',
  phone1: '(650) 555-7001',
  address1: '1200 Hillsdale Blvd',
  city: 'San Mateo',
  zip: '94403',
  houseType: 'house',
  houseSizeSqft: 2000,
  lines: [
    { priceItemId: items.bedroom, quantity: 3 },
    { priceItemId: items.bathroom, quantity: 2 },
    { priceItemId: items.kitchen, quantity: 1 },
    { priceItemId: items.fridge, quantity: 1 },
    { priceItemId: items.eco, quantity: 1 },
  ],
  frequency: 'biweekly',
  teamSize: 2,
  travelMinutes: 25,
  // A coupon amount without a code (a code is checked against its campaign: marketing/campaigns tests).
  couponCode: '',
  couponDiscountCents: 2000,
  discountCents: 1000,
  ...overrides,
});

const add = (body: unknown, token = sales) => t.call<QuoteSaveResponse>('/quote/add', { token, body });

describe('quote pricing on the server', () => {
  it('stores its own calculation (worked example 1), never the figures a client sends', async () => {
    const result = await add({ ...example(), finalOfferCents: 1, calculatedPriceCents: 1, breakdown: { finalOfferCents: 1 } });
    expect(result.code).toBe(Code.OK);
    expect(result.data.finalOfferCents).toBe(26_016);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, result.data.id));
    expect(row).toMatchObject({
      calculatedPriceCents: 28_975,
      rangeLowCents: 26_077,
      rangeHighCents: 31_873,
      totalMinutes: 335,
      inHomeMinutes: 168,
      taxCents: 41,
      finalOfferCents: 26_016,
      pricePerMinuteCents: 85,
      salesTaxBps: 925,
    });
    expect(row!.breakdown.recurringVisit?.totalCents).toBe(23_667);
    const lines = await t.db.select().from(quoteLines).where(eq(quoteLines.quoteId, result.data.id));
    expect(lines.map((l) => [l.nameEn, l.quantity, l.minutesEach, l.totalMinutes, l.amountCents])).toEqual([
      ['Test bedroom', 3, 15, 45, 3825],
      ['Test bathroom', 2, 25, 50, 4250],
      ['Test kitchen', 1, 30, 30, 2550],
      ['Test fridge', 1, 30, 30, 2550],
      ['Test eco', 1, 0, 0, 500],
    ]);
  });

  it('answers the same breakdown from /quote/calc as the contract function, with the zone of the zip', async () => {
    const result = await t.call<{ breakdown: { finalOfferCents: number }; zone: { name: string } | null }>('/quote/calc', {
      token: sales,
      body: { ...example(), zip: '94403' },
    });
    expect(result.code).toBe(Code.OK);
    const expected = calculateQuotePrice(
      {
        houseSizeSqft: 2000,
        lines: [
          { kind: 'item', quantity: 3, minutesEach: 15, unitPriceCents: 0, taxable: false },
          { kind: 'item', quantity: 2, minutesEach: 25, unitPriceCents: 0, taxable: false },
          { kind: 'item', quantity: 1, minutesEach: 30, unitPriceCents: 0, taxable: false },
          { kind: 'addon', quantity: 1, minutesEach: 30, unitPriceCents: 0, taxable: false },
          { kind: 'fee', quantity: 1, minutesEach: 0, unitPriceCents: 500, taxable: true },
        ],
        teamSize: 2,
        pricePerMinuteCents: 85,
        travelMinutes: 25,
        frequency: 'biweekly',
        couponDiscountCents: 2000,
        discountCents: 1000,
        flatRateCents: null,
      },
      { minutesPerPersonPer1000Sqft: 90, priceRangeVarianceBps: 1000, maxDiscountBps: 1500, salesTaxBps: 925 },
    );
    expect(result.data.breakdown).toEqual(expected);
  });

  it('refuses a discount above the maximum with 10010 and the figures, storing nothing', async () => {
    const before = await t.fingerprint();
    const result = await add(example({ couponDiscountCents: 4000, discountCents: 347 }));
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toBe(
      'The discount of $43.47 is more than the maximum of $43.46 (15% of $289.75). Lower the coupon or the discount.',
    );
    expect(await t.fingerprint()).toBe(before);
    expect((await add(example({ couponDiscountCents: 4000, discountCents: 346 }))).code).toBe(Code.OK);
  });

  it('caps the discount of a flat rate at the maximum of the flat rate', async () => {
    const result = await add(example({ flatRateCents: 20_000, couponDiscountCents: 3001, discountCents: 0 }));
    expect(result.code).toBe(Code.REFUSED);
    const ok = await add(example({ flatRateCents: 20_000, couponDiscountCents: 3000, discountCents: 0, frequency: 'one_time' }));
    // Net 170.00; taxable share 500 × 17000 / 28975 = 293.4 → 293; tax 293 × 9.25 % = 27.1 → 27.
    expect(ok.data.finalOfferCents).toBe(17_027);
  });

  it('keeps the rates a quote was made with when the price list changes later', async () => {
    const first = await add(example({ couponDiscountCents: 0, discountCents: 0 }));
    const today = await businessToday(t.db);
    await t.db
      .insert(priceItemRates)
      .values({ priceItemId: items.bedroom!, effectiveFrom: today, inHomeMinutes: 60, unitPriceCents: 0 })
      .onConflictDoUpdate({ target: [priceItemRates.priceItemId, priceItemRates.effectiveFrom], set: { inHomeMinutes: 60 } });
    const detail = await t.call<{ version: number; finalOfferCents: number; lines: { minutesEach: number }[] }>('/quote/detail', {
      token: sales,
      body: { id: first.data.id },
    });
    expect(detail.data.lines[0]!.minutesEach).toBe(15);
    const modified = await t.call<QuoteSaveResponse>('/quote/modify', {
      token: sales,
      body: {
        ...example({ couponDiscountCents: 0, discountCents: 0 }),
        id: first.data.id,
        version: detail.data.version,
        jobNote: 'Side door',
      },
    });
    expect(modified.code).toBe(Code.OK);
    expect(modified.data.finalOfferCents).toBe(first.data.finalOfferCents);
    // A new quote uses the new rate: 3 bedrooms × 45 more minutes × 85 cents more before tax.
    const fresh = await add(example({ couponDiscountCents: 0, discountCents: 0, phone1: '(650) 555-7002' }));
    expect(fresh.data.finalOfferCents).toBeGreaterThan(first.data.finalOfferCents + 135 * 85 - 100);
    await t.db
      .delete(priceItemRates)
      .where(sql`${priceItemRates.priceItemId} = ${items.bedroom!} and ${priceItemRates.effectiveFrom} = ${today}`);
  });

  it('refuses a price item that has no rate on the quote date', async () => {
    const [future] = await t.db
      .insert(priceItems)
      .values({ kind: 'addon', nameEn: 'Future add-on', nameZh: '未来项目', taxable: false })
      .returning({ id: priceItems.id });
    await t.db
      .insert(priceItemRates)
      .values({ priceItemId: future!.id, effectiveFrom: '2099-01-01', inHomeMinutes: 10, unitPriceCents: 0 });
    const result = await add(example({ lines: [{ priceItemId: future!.id, quantity: 1 }] }));
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain(`Price list entry ${future!.id}`);
  });
});

describe('quote validation and references', () => {
  it.each([
    ['phone1', 'phone is required', '电话为必填项'],
    ['address1', 'address is required', '地址为必填项'],
    ['zip', 'zip code is required', '邮编为必填项'],
    ['houseType', 'house type is required', '房屋类型为必填项'],
  ])('answers the spec message when %s is missing, in both languages', async (field, en, zh) => {
    const body = { ...example(), [field]: undefined };
    const english = await t.call<{ issues: { field: string; message: string }[] }>('/quote/add', {
      token: sales,
      body,
      locale: 'en',
    });
    expect(english.code).toBe(Code.INVALID_INPUT);
    expect(english.data.issues).toContainEqual({ field, message: en });
    const chinese = await t.call('/quote/add', { token: sales, body, locale: 'zh' });
    expect(chinese.message).toContain(zh);
  });

  it('gives readable, unique references (Q-YYMM-NNNN), also for adds at the same moment', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => add(example({ phone1: `(408) 555-71${10 + i}` }))));
    const references = results.map((r) => r.data.reference);
    for (const r of results) expect(r.code).toBe(Code.OK);
    for (const reference of references) expect(reference).toMatch(/^Q-\d{4}-\d{4,}$/);
    expect(new Set(references).size).toBe(6);
    const today = await businessToday(t.db);
    expect(references[0]!.slice(2, 6)).toBe(`${today.slice(2, 4)}${today.slice(5, 7)}`);
  });
});

describe('zone of a quote zip', () => {
  it('resolves primary zips, then secondary, never exceptions or inactive zones', async () => {
    const [a] = await t.db.insert(zones).values({ name: 'Zone A', code: 'ZA', color: '#111111' }).returning({ id: zones.id });
    const [b] = await t.db.insert(zones).values({ name: 'Zone B', code: 'ZB', color: '#222222' }).returning({ id: zones.id });
    const [off] = await t.db
      .insert(zones)
      .values({ name: 'Closed', code: 'ZC', color: '#333333', active: false })
      .returning({ id: zones.id });
    await t.db.insert(zoneZips).values([
      { zoneId: a!.id, zip: '99001', kind: 'secondary' },
      { zoneId: b!.id, zip: '99001', kind: 'primary' },
      { zoneId: a!.id, zip: '99002', kind: 'secondary' },
      { zoneId: off!.id, zip: '99002', kind: 'primary' },
      { zoneId: a!.id, zip: '99003', kind: 'exception' },
    ]);
    const zoneOf = async (zip: string) =>
      (await t.call<{ zone: { name: string } | null }>('/quote/calc', { token: sales, body: { houseSizeSqft: 1000, zip } })).data
        .zone?.name ?? null;
    expect(await zoneOf('99001')).toBe('Zone B');
    expect(await zoneOf('99002')).toBe('Zone A');
    expect(await zoneOf('99003')).toBeNull();
    const saved = await add(example({ zip: '99001', phone1: '(650) 555-7300' }));
    expect(saved.data.zone).toMatchObject({ name: 'Zone B', color: '#222222' });
  });
});

describe('duplicate warning', () => {
  it('finds customers and quotes with the same phone or the same address, without refusing', async () => {
    const [customer] = await queryRows<{ id: number; phone1: string; address1: string; zip: string }>(
      t.db,
      sql`select c.id, c.phone1, l.address1, l.zip from customers c join customer_locations l on l.customer_id = c.id and l.is_primary
          where c.deleted_at is null order by c.id limit 1`,
    );
    const samePhone = await add(example({ phone1: customer!.phone1.replace(/[()\s-]/g, '') }));
    expect(samePhone.code).toBe(Code.OK);
    expect(samePhone.data.duplicates.customers).toContainEqual(
      expect.objectContaining({ id: Number(customer!.id), matchedOn: ['phone'] }),
    );

    const spelledOut = customer!.address1
      .replace(/ St$/, ' Street')
      .replace(/ Rd$/, ' Road')
      .replace(/ Ave$/, ' Avenue')
      .toUpperCase();
    const dup = await t.call<{ customers: { id: number; matchedOn: string[] }[]; quotes: { id: number }[] }>(
      '/quote/duplicates',
      {
        token: sales,
        body: { address: `${spelledOut}.`, zip: customer!.zip },
      },
    );
    expect(dup.data.customers.map((c) => c.id)).toContain(Number(customer!.id));
    const byQuotePhone = await t.call<{ quotes: { id: number; matchedOn: string[] }[] }>('/quote/duplicates', {
      token: sales,
      body: { phone: '650.555.7001' },
    });
    expect(byQuotePhone.data.quotes.length).toBeGreaterThan(0);
    expect(byQuotePhone.data.quotes[0]!.matchedOn).toEqual(['phone']);
  });
});

describe('quote lists', () => {
  it('searches reference, name, phone digits, address and zip; filters status, dates and creator; pages', async () => {
    const saved = await add(
      example({ customerName: 'Zebulon Quist', phone1: '(650) 555-7777', address1: '9 Juniper Ln', zip: '94070' }),
    );
    const find = async (body: Record<string, unknown>) =>
      (
        await t.call<{ list: { id: number }[]; total: number }>('/quote/queryList', {
          token: sales,
          body: { pageSize: 100, ...body },
        })
      ).data;
    for (const keyword of [saved.data.reference, 'quist', '5557777', '555-7777', 'juniper', '94070']) {
      expect((await find({ keyword })).list.map((q) => q.id)).toContain(saved.data.id);
    }
    const today = await businessToday(t.db);
    const mine = await find({
      keyword: 'quist',
      status: 'pending',
      dateFrom: today,
      dateTo: today,
      createdBy: await userIdOf(t, 'sales'),
    });
    expect(mine.list.map((q) => q.id)).toEqual([saved.data.id]);
    expect((await find({ keyword: 'quist', status: 'sold' })).total).toBe(0);
    expect((await find({ keyword: 'quist', createdBy: await userIdOf(t, 'office') })).total).toBe(0);
    const page = await t.call<{ list: unknown[]; total: number }>('/quote/queryList', {
      token: sales,
      body: { pageNum: 2, pageSize: 7, status: 'not_sold' },
    });
    expect(page.data.list).toHaveLength(7);
    expect(page.data.total).toBeGreaterThanOrEqual(100);
  });
});

describe('quote status', () => {
  it('moves pending → not sold (reason) → pending; then sold is final; every change is in the history', async () => {
    const saved = await add(example({ phone1: '(650) 555-7400' }));
    const id = saved.data.id;
    const change = (version: number, status: string, reason = '') =>
      t.call<{ version: number; status: string }>('/quote/changeStatus', { token: sales, body: { id, version, status, reason } });

    expect((await change(1, 'not_sold')).code).toBe(Code.INVALID_INPUT);
    const lost = await change(1, 'not_sold', 'Chose another company');
    expect(lost.data).toMatchObject({ status: 'not_sold', version: 2 });
    expect((await change(2, 'sold')).code).toBe(Code.REFUSED);
    expect((await change(1, 'pending')).code).toBe(Code.CONFLICT);
    const reopened = await change(2, 'pending', 'Called back');
    expect(reopened.data.status).toBe('pending');
    const sold = await change(3, 'sold');
    expect(sold.data.status).toBe('sold');
    const final = await change(4, 'not_sold', 'Changed mind');
    expect(final.code).toBe(Code.REFUSED);
    expect(final.message).toBe('This quote is sold: a sold quote is final and cannot be changed.');
    const edit = await t.call('/quote/modify', { token: sales, body: { ...example(), id, version: 4 } });
    expect(edit.code).toBe(Code.REFUSED);

    const history = await t.call<
      { action: string; fromStatus: string | null; toStatus: string | null; reason: string; user: string }[]
    >('/quote/history', { token: sales, body: { id } });
    expect(history.data.map((h) => [h.action, h.fromStatus, h.toStatus, h.reason]).reverse()).toEqual([
      ['created', null, 'pending', ''],
      ['status_changed', 'pending', 'not_sold', 'Chose another company'],
      ['status_changed', 'not_sold', 'pending', 'Called back'],
      ['status_changed', 'pending', 'sold', ''],
    ]);
    expect(history.data[0]!.user).toBe('Kevin Wu');
  });

  it('records the fields an edit changed in the history', async () => {
    const saved = await add(example({ phone1: '(650) 555-7500' }));
    await t.call('/quote/modify', {
      token: sales,
      body: {
        ...example({ phone1: '(650) 555-7500' }),
        id: saved.data.id,
        version: 1,
        houseSizeSqft: 2400,
        teamNote: 'Bring the ladder',
      },
    });
    const [entry] = await t.db
      .select()
      .from(quoteHistory)
      .where(sql`${quoteHistory.quoteId} = ${saved.data.id} and ${quoteHistory.action} = 'modified'`);
    expect(entry!.changes).toMatchObject({
      houseSizeSqft: { from: 2000, to: 2400 },
      teamNote: { from: '', to: 'Bring the ladder' },
    });
    expect(Object.keys(entry!.changes!)).toContain('finalOfferCents');
  });
});

describe('card details', () => {
  it('refuses card fields on a quote: the card on file comes only from the gateway capture', async () => {
    const card = { brand: 'visa', last4: '1111', expMonth: 8, expYear: 2029, holderName: 'Olivia Bennett' };
    const before = await t.fingerprint();
    for (const [body, label] of [
      [example({ phone1: '(650) 555-7601', card }), 'Card'],
      [example({ phone1: '(650) 555-7601', card: { ...card, vendorToken: 'pm_card_visa' } }), 'Card'],
      [example({ phone1: '(650) 555-7601', cardVendorToken: 'pm_card_mastercard' }), 'Card token'],
    ] as const) {
      const refused = await t.call<{ issues: { field: string; message: string }[] }>('/quote/add', { token: sales, body });
      expect(refused.code).toBe(Code.INVALID_INPUT);
      expect(refused.message).toContain(label);
      expect(refused.message).toContain('card gateway');
    }
    expect(await t.fingerprint()).toBe(before);
  });

  it('keeps no full card number anywhere in the database', async () => {
    const saved = await add(example({ phone1: '(650) 555-7600' }));
    expect(saved.code).toBe(Code.OK);
    const card = { brand: 'visa', last4: '1111', expMonth: 8, expYear: 2029, holderName: 'Olivia Bennett' };

    const before = await t.fingerprint();
    for (const body of [
      example({ card: { ...card, vendorToken: TEST_CARD_NUMBER } }),
      example({ customerNote: 'Card 4111 1111 1111 1111, CVV 123' }),
      example({ cardNumber: TEST_CARD_NUMBER, cvv: '123' }),
      example({ lines: [{ priceItemId: items.bedroom, quantity: 1, memo: '4111-1111-1111-1111' }] }),
    ]) {
      const refused = await t.call<{ issues: { field: string }[] }>('/quote/add', { token: sales, body });
      expect(refused.code).toBe(Code.INVALID_INPUT);
      expect(refused.message).toContain('full card number');
    }
    expect(await t.fingerprint()).toBe(before);

    // Sell it, then search every table's text.
    await t.call('/quote/changeStatus', { token: sales, body: { id: saved.data.id, version: 1, status: 'sold' } });
    const tablesHolding = async (digits: string) => {
      const tables = await queryRows<{ tablename: string }>(
        t.db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      const hits: string[] = [];
      for (const { tablename } of tables) {
        const [row] = await queryRows<{ n: number | string }>(
          t.db,
          sql.raw(
            `select count(*) as n from "${tablename}" t where regexp_replace(t::text, '[^0-9]', '', 'g') like '%${digits}%'`,
          ),
        );
        if (Number(row!.n) > 0) hits.push(tablename);
      }
      return hits.sort();
    };
    expect(await tablesHolding(TEST_CARD_NUMBER)).toEqual([]);
    // The search does find a number where one is (the check above can fail).
    await t.db.update(quotes).set({ jobNote: `4111 1111 1111 1111` }).where(eq(quotes.id, saved.data.id));
    expect(await tablesHolding(TEST_CARD_NUMBER)).toEqual(['quotes']);
  });
});
