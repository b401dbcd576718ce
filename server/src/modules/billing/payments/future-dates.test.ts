import { Code, type GiftCertificate } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessClock } from '../../../platform/business-date';
import { GIFT } from '../../marketing/gift-certificates/gift-certificates.endpoints';

// Issue 19 item 7: money is dated on a business day that has come. The business clock stands at
// 04:24 UTC on 2030-11-27, which is 8:24 PM on 2030-11-26 in California (the business zone): a
// browser on UTC would propose the 27th, and the server refuses it. Days far from the demo data.
const NOW = new Date('2030-11-27T04:24:00Z');
const TODAY = '2030-11-26';
const TOMORROW = '2030-11-27';

let t: TestApp;
let office: string;
let customerId: number;
const realClock = businessClock.now;
beforeAll(async () => {
  t = await createTestApp();
  businessClock.now = () => NOW;
  office = await t.sessionAs('office_manager');
  customerId = (
    await t.call<{ id: number }>('/customer/add', { token: office, body: { name: 'Evening Payer', phone1: '(650) 555-9419' } })
  ).data.id;
});
afterAll(async () => {
  businessClock.now = realClock;
  await t.close();
});

const call = (url: string, body: unknown, locale: 'en' | 'zh' = 'en') => t.call<unknown>(url, { token: office, body, locale });
const issueOf = (result: { data: unknown }) => (result.data as { issues: { field: string; message: string }[] }).issues[0];

/** Sends a request that must be refused with 10001 naming `field`, in both languages, changing nothing. */
async function refusedAhead(url: string, body: unknown, field: string, label: [en: string, zh: string]) {
  const before = await t.fingerprint();
  const en = await call(url, body, 'en');
  expect([en.code, en.message]).toEqual([
    Code.INVALID_INPUT,
    `${label[0]}: ${TOMORROW} has not come yet in the business time zone (today is ${TODAY}).`,
  ]);
  expect(issueOf(en)?.field).toBe(field);
  const zh = await call(url, body, 'zh');
  expect([zh.code, zh.message]).toEqual([
    Code.INVALID_INPUT,
    `${label[1]}：${TOMORROW} 按公司所在时区尚未到来（今天是 ${TODAY}）。`,
  ]);
  expect(await t.fingerprint()).toBe(before);
}

describe('money dated after the business today', () => {
  it('refuses a payment dated tomorrow in California and takes one dated today', async () => {
    const payment = { customerId, amountCents: 5_000, method: 'cash' };
    await refusedAhead('/customerPayment/add', { ...payment, paidOn: TOMORROW }, 'paidOn', ['Date paid', '付款日期']);
    const today = await call('/customerPayment/add', { ...payment, paidOn: TODAY });
    expect([today.code, today.message]).toEqual([Code.OK, 'success']);
  });

  it('refuses a refund dated tomorrow, to the card or not, and takes one dated today', async () => {
    await call('/customerPayment/add', { customerId, amountCents: 5_000, method: 'cash', paidOn: TODAY });
    const refund = { customerId, amountCents: 1_000, reason: 'damage', status: 'refunded' };
    await refusedAhead('/customerRefund/add', { ...refund, refundedOn: TOMORROW }, 'refundedOn', ['Date refunded', '退款日期']);
    // A card refund is dated too: refused before the card payment is even looked at.
    await refusedAhead('/customerRefund/add', { ...refund, refundedOn: TOMORROW, cardPaymentId: 1 }, 'refundedOn', [
      'Date refunded',
      '退款日期',
    ]);
    const today = await call('/customerRefund/add', { ...refund, refundedOn: TODAY });
    expect([today.code, today.message]).toEqual([Code.OK, 'success']);
  });

  it('refuses a gift certificate sold tomorrow, or moved to tomorrow, and sells one today', async () => {
    await refusedAhead('/giftCertificate/add', { ...GIFT, purchasedOn: TOMORROW }, 'purchasedOn', ['Purchased on', '购买日期']);
    const sold = await call('/giftCertificate/add', { ...GIFT, purchasedOn: TODAY });
    expect([sold.code, sold.message]).toEqual([Code.OK, 'success']);
    const { id, version } = sold.data as GiftCertificate;
    await refusedAhead('/giftCertificate/update', { ...GIFT, id, version, purchasedOn: TOMORROW }, 'purchasedOn', [
      'Purchased on',
      '购买日期',
    ]);
  });
});
