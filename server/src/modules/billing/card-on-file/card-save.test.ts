import { Code, type PaymentParams } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type GatewaySim, startGatewaySim } from '../../../gateway-sim/gateway-sim';
import { businessToday } from '../../../platform/business-date';
import { AppError } from '../../../platform/errors';
import { customers } from '../../customers/customers.tables';
import { paymentParameters } from '../../system/settings.tables';
import { giveCard, OPEN_DATE, someCustomer } from '../card-queue/card-queue.fixtures';
import { enqueueCardCharge } from '../card-queue/enqueue';

/**
 * Saving a card from what Stripe returns to the browser (pm_, tok_, card_), and what is refused
 * before the gateway (docs/operations.md "Card gateway"): a card declined when attached leaves no
 * gateway customer, an expired card is refused on save and on queue, so is an amount under the
 * gateway's minimum, and a publishable key is refused as the secret key.
 */
let t: TestApp;
let sim: GatewaySim;
let sales: string;
let admin: string;
/** The simulator's clock: moved back to tokenize a card that has expired since. */
let clock = Date.now();

beforeAll(async () => {
  sim = await startGatewaySim(0, { now: () => clock });
  t = await createTestApp({ gatewayUrl: sim.url });
  sales = await t.sessionAs('sales');
  admin = await t.sessionAs('super_admin');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** Stripe.js's createToken (kind `tok`) or createPaymentMethod (kind `pm`): the key in the form body. */
async function tokenize(kind: 'tok' | 'pm', number: string, expMonth = 12, expYear = 2034): Promise<string> {
  const res = await fetch(`${sim.url}/v1/${kind === 'tok' ? 'tokens' : 'payment_methods'}`, {
    method: 'POST',
    body: new URLSearchParams({
      ...(kind === 'pm' ? { type: 'card' } : {}),
      'card[number]': number,
      'card[exp_month]': String(expMonth),
      'card[exp_year]': String(expYear),
      'card[cvc]': '123',
      key: 'pk_test_tidyhouse',
    }),
  });
  const json = (await res.json()) as { id: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.id;
}

const cardRow = async (id: number) =>
  (
    await t.db
      .select({ token: customers.cardVendorToken, gatewayCustomerId: customers.gatewayCustomerId, last4: customers.cardLast4 })
      .from(customers)
      .where(eq(customers.id, id))
  )[0]!;

const save = (customerId: number, paymentMethodId: string, locale: 'en' | 'zh' = 'en') =>
  t.call<{ brand: string; last4: string }>('/cardQueue/saveCard', {
    token: sales,
    locale,
    body: { customerId, paymentMethodId },
  });

describe('saving a card from the gateway', () => {
  it.each([
    ['4000000000000002', 'The card was declined by the bank.', '银行拒绝了该银行卡。'],
    ['4000000000009995', 'The card has insufficient funds.', null],
    ['4000000000000069', 'The card has expired.', null],
  ])('refuses %s, declined when attached, leaving no gateway customer and no change', async (number, en, zh) => {
    const customerId = await someCustomer(t, 31);
    await giveCard(t, customerId, 'pm_card_visa');
    const customersBefore = sim.customers().length;
    const before = await t.fingerprint();
    const refused = await save(customerId, await tokenize('pm', number));
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toBe(`The card gateway refused: ${en}`);
    if (zh) expect((await save(customerId, await tokenize('tok', number), 'zh')).message).toBe(`支付网关拒绝：${zh}`);
    expect(sim.customers()).toHaveLength(customersBefore);
    expect(await t.fingerprint()).toBe(before);
  });

  it('accepts a token (tok_) as Stripe.js createToken returns it, and the card (card_) it became', async () => {
    const customerId = await someCustomer(t, 32);
    await giveCard(t, customerId, 'pm_card_visa');
    const saved = await save(customerId, await tokenize('tok', '5555555555554444'));
    expect(saved).toMatchObject({ code: Code.OK, data: { brand: 'mastercard', last4: '4444' } });
    const row = await cardRow(customerId);
    expect(row.token).toMatch(/^card_/);
    expect(sim.customers().find((c) => c.id === row.gatewayCustomerId)?.metadata).toEqual({
      tidyhouse_customer: String(customerId),
    });
    // The card again (its card_ id): it is this customer's, so it is kept.
    expect((await save(customerId, row.token!)).code).toBe(Code.OK);
    // Another customer may not take it.
    const other = await someCustomer(t, 33);
    const taken = await save(other, row.token!, 'zh');
    expect(taken).toMatchObject({ code: Code.REFUSED, message: '该银行卡属于另一位客户的网关记录：请重新录入银行卡。' });
    expect((await cardRow(other)).token).not.toBe(row.token);
  });

  it('refuses a card that expired since it was tokenized, before the gateway keeps it', async () => {
    const customerId = await someCustomer(t, 34);
    await giveCard(t, customerId, 'pm_card_visa');
    const [year, month] = (await businessToday(t.db)).split('-').map(Number) as [number, number];
    // The month before this one: a card good through then, tokenized a year ago.
    const expMonth = month === 1 ? 12 : month - 1;
    const expYear = month === 1 ? year - 1 : year;
    const now = clock;
    clock = Date.UTC(expYear - 1, 0, 15);
    const id = await tokenize('tok', '4242424242424242', expMonth, expYear);
    clock = now;
    const customersBefore = sim.customers().length;
    const refused = await save(customerId, id);
    expect(refused).toMatchObject({
      code: Code.REFUSED,
      message: `The card expired at the end of ${String(expMonth).padStart(2, '0')}/${expYear}: enter a card that is still valid.`,
    });
    expect(sim.customers()).toHaveLength(customersBefore);
    expect((await cardRow(customerId)).token).toBe('pm_card_visa');
  });
});

describe('queueing a card charge', () => {
  const enqueue = (customerId: number, amountCents: number) =>
    t.db.transaction((tx) => enqueueCardCharge(tx, { customerId, serviceDate: OPEN_DATE, amountCents }, 1));
  const keyOf = (p: Promise<unknown>) =>
    p.then(
      () => 'queued',
      (e: unknown) => (e instanceof AppError ? e.messageKey : String(e)),
    );

  it('refuses an amount under the gateway minimum ($0.50), queueing 50 cents', async () => {
    const customerId = await someCustomer(t, 35);
    await giveCard(t, customerId, 'pm_card_visa');
    expect(await keyOf(enqueue(customerId, 49))).toBe('office.cardQueue.belowMinimum');
    expect(await keyOf(enqueue(customerId, 50))).toBe('queued');
  });

  it('refuses a card that has expired, queueing one good through this month', async () => {
    const customerId = await someCustomer(t, 36);
    await giveCard(t, customerId, 'pm_card_visa');
    const [year, month] = (await businessToday(t.db)).split('-').map(Number) as [number, number];
    await t.db.update(customers).set({ cardExpMonth: month, cardExpYear: year }).where(eq(customers.id, customerId));
    expect(await keyOf(enqueue(customerId, 5_000))).toBe('queued');
    await t.db.update(customers).set({ cardExpMonth: 1, cardExpYear: 2020 }).where(eq(customers.id, customerId));
    expect(await keyOf(enqueue(customerId, 5_000))).toBe('office.cardQueue.cardExpired');
  });
});

describe('the payment parameters’ API key', () => {
  it('refuses a publishable key (pk_) naming the field, in both languages, changing nothing; takes sk_ and rk_', async () => {
    const current = (await t.call<PaymentParams>('/sysParam/paymentParams', { token: admin, body: {} })).data;
    const { apiAccessKeyMasked: _m, hasApiKey: _h, updatedAt: _u, ...form } = current;
    const before = await t.fingerprint();
    for (const [locale, text] of [
      ['en', "API access key must be the gateway's secret key (sk_…) or a restricted key (rk_…), not the publishable key (pk_…)"],
      ['zh', 'API 访问密钥'],
    ] as const) {
      const refused = await t.call('/sysParam/paymentParamsModify', {
        token: admin,
        locale,
        body: { ...form, apiAccessKey: 'pk_live_51PublishableKey0042' },
      });
      expect(refused.code).toBe(Code.INVALID_INPUT);
      expect(refused.message).toContain(text);
    }
    expect(await t.fingerprint()).toBe(before);
    let version = current.version;
    for (const key of ['sk_test_51SecretKey0042', 'rk_live_51RestrictedKey0042']) {
      const saved = await t.call<PaymentParams>('/sysParam/paymentParamsModify', {
        token: admin,
        body: { ...form, version, apiAccessKey: key },
      });
      expect(saved.code, saved.message).toBe(Code.OK);
      version = saved.data.version;
    }
    const [row] = await t.db.select({ key: paymentParameters.apiAccessKeyEncrypted }).from(paymentParameters);
    expect(row!.key).toBeTruthy();
  });
});
