import { addDays, Code, formatCents } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { locationWith } from '../../customers/customers.fixtures';
import { modifyBody } from '../../service/jobs/jobs.fixtures';
import { checkedBalance, issueInvoice, newCustomer, voidInvoiceRow } from '../balances/balances.test-support';
import { invoicedJob, pdfText } from './documents.fixtures';
import { loadStatement } from './statement-pdf';

// Issue 19 item 3: the invoice PDF and the statement of account, read back as text.
let t: TestApp;
let token: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.sessionAs('office_manager');
  today = await businessToday(t.db);
});
afterAll(() => t.close());

const download = async (route: string, query: Record<string, unknown>) => {
  const result = await t.call(route, { method: 'GET', token, body: query });
  expect(result.status, result.message).toBe(200);
  expect(result.headers['content-type']).toContain('application/pdf');
  return { text: pdfText(result.data as Buffer), disposition: String(result.headers['content-disposition']) };
};

/** An invoiced job of the customer at the `offset`-th location, in `language`. */
async function invoiceIn(language: 'zh' | 'en', offset: number) {
  const location = await locationWith(t, 'is_primary', `id offset ${offset}`);
  await t.db.execute(sql`update customers set language = ${language} where id = ${location.customer_id}`);
  return invoicedJob(t, { date: today, locationId: location.id });
}

const invoiceRow = async (id: number) =>
  (
    await queryRows<{ version: number; total_cents: number; applied_cents: number }>(
      t.db,
      sql`select version, total_cents, applied_cents from invoices where id = ${id}`,
    )
  ).map((r) => ({ version: Number(r.version), total: Number(r.total_cents), applied: Number(r.applied_cents) }))[0]!;

describe('invoice PDF', () => {
  it('answers the invoice in its language, with the remit-to address, the job and only the active invoice disclaimers', async () => {
    // An inactive invoice disclaimer is never printed.
    await t.db.execute(
      sql`insert into disclaimers (purpose, name, text_en, text_zh, active) values ('invoice', 'Old terms', 'Retired clause 41', '旧条款 41', false)`,
    );
    const zh = await invoiceIn('zh', 3);
    const { text, disposition } = await download('/invoice/pdf', { id: zh.invoiceId });
    expect(disposition).toContain(`${zh.number}.pdf`);
    expect(text).toContain(`发票 ${zh.number}`);
    expect(text).toContain(zh.reference);
    expect(text).toContain('1250 Bayshore Highway');
    expect(text).toContain('服务当天付款'); // the seeded invoice disclaimer, in Chinese
    expect(text).toContain('收到即付'); // payment terms 0: due on receipt
    expect(text).toContain('应付余额');
    expect(text).not.toContain('Payment is due on the day of service');
    expect(text).not.toContain('旧条款 41');

    const en = await invoiceIn('en', 4);
    const row = await invoiceRow(en.invoiceId);
    const english = (await download('/invoice/pdf', { id: en.invoiceId })).text;
    expect(english).toContain(`Invoice ${en.number}`);
    expect(english).toContain('Payment is due on the day of service');
    expect(english).toContain('Amount due');
    expect(english).toContain(formatCents(row.total));
    expect(english).not.toContain('服务当天付款');
    expect(english).not.toContain('Retired clause 41');
  });

  it('marks a void invoice VOID with its reason, and a correction and its original name each other', async () => {
    const voided = await invoiceIn('en', 5);
    const result = await t.call('/invoice/void', {
      token: await t.sessionAs('super_admin'),
      body: {
        id: voided.invoiceId,
        version: (await invoiceRow(voided.invoiceId)).version,
        reason: 'Billed to the wrong customer',
      },
    });
    expect(result.code, result.message).toBe(Code.OK);
    const text = (await download('/invoice/pdf', { id: voided.invoiceId })).text;
    expect(text).toContain('VOID');
    expect(text).toContain('Billed to the wrong customer');
    expect(text).not.toContain('Amount due');

    // A change of the job's money voids its invoice and issues a correction naming it.
    const original = await invoiceIn('en', 6);
    const changed = await t.call('/job/modify', {
      token: await t.sessionAs('super_admin'),
      body: await modifyBody(t, original.jobId, { discountCents: 1500 }),
    });
    expect(changed.code, changed.message).toBe(Code.OK);
    const [correction] = await queryRows<{ id: number; number: string }>(
      t.db,
      sql`select id, number from invoices where corrects_invoice_id = ${original.invoiceId}`,
    );
    expect(correction).toBeDefined();
    expect((await download('/invoice/pdf', { id: Number(correction!.id) })).text).toContain(`Corrects ${original.number}`);
    expect((await download('/invoice/pdf', { id: original.invoiceId })).text).toContain(`Corrected by ${correction!.number}`);
  });

  it('answers 10004 for an unknown invoice', async () => {
    const result = await t.call('/invoice/pdf', { method: 'GET', token, body: { id: 999_999 } });
    expect(result.code).toBe(Code.NOT_FOUND);
  });
});

describe('statement of account', () => {
  it('lists the period in date order with a running balance from the balance brought forward to the maintained balance', async () => {
    const c = await newCustomer(t, token, 'Statement Reader');
    // Brought forward: an invoice issued before the period, past due by 45 days.
    const old = await issueInvoice(t, c, 20_000, addDays(today, -45));
    await t.db.execute(sql`update invoices set issued_on = ${addDays(today, -60)} where id = ${old}`);
    const pay = async (amountCents: number, extra: Record<string, unknown> = {}) => {
      const r = await t.call<{ id: number; version: number }>('/customerPayment/add', {
        token,
        body: { customerId: c, amountCents, method: 'cash', paidOn: today, ...extra },
      });
      expect(r.code, r.message).toBe(Code.OK);
      return r.data;
    };
    await pay(5_000, { gratuityCents: 700 }); // the gratuity is the team's: not on the statement
    const recent = await issueInvoice(t, c, 8_000, today);
    const check = await pay(3_000, { method: 'check', checkNumber: '2044' });
    const voided = await t.call('/customerPayment/void', { token, body: { ...check, reason: 'Check returned' } });
    expect(voided.code, voided.message).toBe(Code.OK);
    const refund = await t.call('/customerRefund/add', {
      token,
      body: { customerId: c, refundedOn: today, amountCents: 1_000, reason: 'damage', status: 'refunded' },
    });
    expect(refund.code, refund.message).toBe(Code.OK);
    await voidInvoiceRow(t, recent);

    const from = addDays(today, -30);
    const data = await loadStatement(t.db, { customerId: c, from, to: today });
    expect(data.openingCents).toBe(20_000);
    expect(data.entries.map((e) => [e.kind, e.amountCents, e.balanceCents])).toEqual([
      ['payment', -5_000, 15_000],
      ['invoice', 8_000, 23_000],
      ['payment', -3_000, 20_000],
      ['reversal', 3_000, 23_000],
      ['refund', 1_000, 24_000],
      ['invoiceVoid', -8_000, 16_000],
    ]);
    expect(data.closingCents).toBe(16_000);
    // The closing balance is the maintained one: open invoices − unapplied credit.
    expect((await checkedBalance(t, c)).balance).toBe(16_000);
    expect(data.balanceCents).toBe(16_000);
    const open = (await invoiceRow(old)).total - (await invoiceRow(old)).applied;
    expect(data.aging).toEqual({ current: 0, days1to30: 0, days31to60: open, days61to90: 0, over90: 0 });

    const { text, disposition } = await download('/customer/statement', { customerId: c, from, to: today });
    expect(decodeURIComponent(disposition)).toContain(`Statement Statement Reader ${today}.pdf`);
    for (const words of [
      'Statement of account',
      'Balance brought forward',
      '$200.00',
      'check 2044',
      'Closing balance',
      '$160.00',
    ])
      expect(text).toContain(words);
    expect(text).toContain(`Amount due as of ${today}`);
    expect(text).toContain('31–60 days');
    expect(text).toContain(formatCents(open));
    expect(text).not.toContain('$7.00'); // the gratuity

    // In the customer's language; the last 12 months by default.
    await t.db.execute(sql`update customers set language = 'zh' where id = ${c}`);
    const zh = (await download('/customer/statement', { customerId: c })).text;
    expect(zh).toContain('客户对账单');
    expect(zh).toContain('期末余额');
    expect(zh).toContain('支票 2044');
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    expect((await loadStatement(t.db, { customerId: c })).from).toBe(addDays(yearAgo, 1));
  });

  it('answers 10004 for an unknown customer and 10001 for a period ending before it starts', async () => {
    expect((await t.call('/customer/statement', { method: 'GET', token, body: { customerId: 999_999 } })).code).toBe(
      Code.NOT_FOUND,
    );
    const bad = await t.call('/customer/statement', {
      method: 'GET',
      token,
      locale: 'en',
      body: { customerId: 1, from: '2026-11-02', to: '2026-11-01' },
    });
    expect(bad.code).toBe(Code.INVALID_INPUT);
    expect(bad.message).toContain('To');
  });
});
