import { Code } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { quoteBody } from '../../customers/customers.fixtures';
import { customers } from '../../customers/customers.tables';
import { giveCard, someCustomer } from '../card-queue/card-queue.fixtures';

/** The card on file (docs/business-rules.md "Card details"): the token never leaves the server nor comes from a client. */
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await createTestApp();
  sales = await t.sessionAs('sales');
});
afterAll(() => t.close());

const cardRow = async (id: number) =>
  (
    await t.db
      .select({
        version: customers.version,
        name: customers.name,
        phone1: customers.phone1,
        brand: customers.cardBrand,
        last4: customers.cardLast4,
        token: customers.cardVendorToken,
        gatewayCustomerId: customers.gatewayCustomerId,
      })
      .from(customers)
      .where(eq(customers.id, id))
  )[0]!;

/** The profile as the customer form sends it: no card field. */
const profileOf = (row: { name: string; phone1: string }) => ({ name: row.name, phone1: row.phone1 });

describe('card on file', () => {
  it('never answers the gateway token or gateway customer to anyone (a Sales user here)', async () => {
    const customerId = await someCustomer(t, 21);
    await giveCard(t, customerId, 'pm_card_visa');
    await t.db.update(customers).set({ gatewayCustomerId: 'cus_secret42' }).where(eq(customers.id, customerId));
    const detail = await t.call<{ card: Record<string, unknown> | null }>('/customer/detail', {
      token: sales,
      body: { id: customerId },
    });
    expect(detail.code).toBe(Code.OK);
    expect(detail.data.card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      holderName: expect.any(String),
    });
    const raw = JSON.stringify(detail.data);
    expect(raw).not.toContain('pm_card_visa');
    expect(raw).not.toContain('cus_secret42');
  });

  it("refuses card fields on /customer/modify and /quote/add (another customer's token), changing nothing", async () => {
    const victim = await someCustomer(t, 22);
    const target = await someCustomer(t, 23);
    await giveCard(t, victim, 'pm_card_mastercard', '4444');
    await giveCard(t, target, 'pm_card_visa');
    const row = await cardRow(target);
    const before = await t.fingerprint();
    for (const extra of [
      { cardVendorToken: 'pm_card_mastercard' },
      {
        card: {
          brand: 'mastercard',
          last4: '4444',
          expMonth: 12,
          expYear: 2034,
          holderName: '',
          vendorToken: 'pm_card_mastercard',
        },
      },
      { gatewayCustomerId: 'cus_other' },
    ]) {
      const modify = await t.call<{ issues: { field: string }[] }>('/customer/modify', {
        token: sales,
        body: { id: target, version: row.version, ...profileOf(row), ...extra },
      });
      expect(modify.code).toBe(Code.INVALID_INPUT);
      expect(modify.data.issues.map((i) => i.field)).toEqual(Object.keys(extra));
      expect(modify.message).toContain('card gateway');
    }
    const quote = await t.call('/quote/add', {
      token: sales,
      body: await quoteBody(t, { customerName: 'Card Thief', cardVendorToken: 'pm_card_mastercard' }),
    });
    expect(quote.code).toBe(Code.INVALID_INPUT);
    expect(quote.message).toMatch(/Card token/);
    expect(await t.fingerprint()).toBe(before);
    expect(await cardRow(target)).toMatchObject({ token: 'pm_card_visa', last4: '4242' });
  });

  it('keeps the card a new capture saved when the profile is saved again', async () => {
    const customerId = await someCustomer(t, 24);
    await giveCard(t, customerId, 'pm_card_visa');
    const captured = await t.call('/cardQueue/saveCard', {
      token: sales,
      body: { customerId, paymentMethodId: 'pm_card_mastercard', holderName: 'Rachel Thompson' },
    });
    expect(captured).toMatchObject({ code: Code.OK, data: { brand: 'mastercard', last4: '4444' } });
    const row = await cardRow(customerId);
    const saved = await t.call('/customer/modify', {
      token: sales,
      body: { id: customerId, version: row.version, ...profileOf(row), note: 'Prefers mornings' },
    });
    expect(saved.code).toBe(Code.OK);
    expect(await cardRow(customerId)).toMatchObject({ brand: 'mastercard', last4: '4444', token: 'pm_card_mastercard' });
    const detail = await t.call<{ card: unknown }>('/customer/detail', { token: sales, body: { id: customerId } });
    expect(detail.data.card).toMatchObject({ brand: 'mastercard', last4: '4444', holderName: 'Rachel Thompson' });
  });
});
