import { Code, type PaymentSummary } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { addPayment } from '../payments/payments.service';
import { rebuildAllBalances } from './balances.service';
import { checkedBalance, invoiceState, issueInvoice, newCustomer, rawPayment, voidInvoiceRow } from './balances.test-support';

// Issue 19 item 2: payments applied to invoices, credit, undo, and the maintained balance.
let t: TestApp;
let office: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  today = await businessToday(t.db);
});
afterAll(() => t.close());

const pay = async (customerId: number, amountCents: number, extra: Record<string, unknown> = {}) => {
  const result = await t.call<{ id: number; version: number }>('/customerPayment/add', {
    token: office,
    body: { customerId, amountCents, method: 'cash', paidOn: today, ...extra },
  });
  expect([result.code, result.message]).toEqual([Code.OK, 'success']);
  return result.data;
};
const applicationsOf = (paymentId: number) =>
  queryRows<{ invoice_id: number; amount_cents: number; reversal_of_id: number | null; refund_id: number | null }>(
    t.db,
    sql`select invoice_id, amount_cents, reversal_of_id, refund_id from payment_applications where payment_id = ${paymentId} order by id`,
  );

describe('applying payments', () => {
  it('applies a payment on account to the oldest due invoice first, the rest to the next', async () => {
    const c = await newCustomer(t, office, 'Oldest First');
    const later = await issueInvoice(t, c, 10_000, '2026-10-01');
    const older = await issueInvoice(t, c, 5_000, '2026-09-01');
    const newest = await issueInvoice(t, c, 3_000, '2026-11-01');
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 18_000, open: 18_000, credit: 0, balance: 18_000 });
    await pay(c, 12_000, { gratuityCents: 1_500 }); // gratuity goes to the team, never to an invoice
    expect(await invoiceState(t, older)).toEqual({ status: 'paid', applied: 5_000 });
    expect(await invoiceState(t, later)).toEqual({ status: 'partly_paid', applied: 7_000 });
    expect(await invoiceState(t, newest)).toEqual({ status: 'open', applied: 0 });
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 18_000, open: 6_000, credit: 0, balance: 6_000 });
    const summary = await t.call<{ summary: PaymentSummary }>('/customerPayment/queryList', {
      token: office,
      body: { customerId: c, pageNum: 1, pageSize: 10 },
    });
    expect(summary.data.summary).toMatchObject({
      invoicedCents: 18_000,
      balanceCents: 6_000,
      amountRemainingCents: 6_000,
      creditCents: 0,
    });
  });

  it('keeps an overpayment as credit and applies it to the next invoice, oldest payment first', async () => {
    const c = await newCustomer(t, office, 'Paid Ahead');
    const first = await issueInvoice(t, c, 4_000, '2026-09-01');
    const early = await pay(c, 6_000);
    const late = await pay(c, 5_000);
    expect(await invoiceState(t, first)).toEqual({ status: 'paid', applied: 4_000 });
    expect(await checkedBalance(t, c)).toMatchObject({ open: 0, credit: 7_000, balance: -7_000 });
    const next = await issueInvoice(t, c, 3_000, '2026-10-01');
    expect(await invoiceState(t, next)).toEqual({ status: 'paid', applied: 3_000 });
    // The early payment's 2,000 left goes first, then the later payment's.
    expect((await applicationsOf(early.id)).map((a) => [a.invoice_id, Number(a.amount_cents)])).toEqual([
      [first, 4_000],
      [next, 2_000],
    ]);
    expect((await applicationsOf(late.id)).map((a) => [a.invoice_id, Number(a.amount_cents)])).toEqual([[next, 1_000]]);
    expect(await checkedBalance(t, c)).toMatchObject({ open: 0, credit: 4_000, balance: -4_000 });
    const summary = await t.call<{ summary: PaymentSummary }>('/customerRefund/queryList', {
      token: office,
      body: { customerId: c, pageNum: 1, pageSize: 10 },
    });
    expect(summary.data.summary).toMatchObject({
      invoicedCents: 7_000,
      balanceCents: -4_000,
      amountRemainingCents: 0,
      creditCents: 4_000,
    });
  });

  it('pays a picked invoice, and refuses one of another customer or one already paid (10001, nothing changed)', async () => {
    const c = await newCustomer(t, office, 'Picks An Invoice');
    const old = await issueInvoice(t, c, 2_000, '2026-08-01');
    const picked = await issueInvoice(t, c, 5_000, '2026-10-01');
    await pay(c, 3_000, { invoiceId: picked });
    expect(await invoiceState(t, picked)).toEqual({ status: 'partly_paid', applied: 3_000 });
    expect(await invoiceState(t, old)).toEqual({ status: 'open', applied: 0 });
    const other = await newCustomer(t, office, 'Someone Else');
    const theirs = await issueInvoice(t, other, 1_000, '2026-10-01');
    await pay(c, 2_000, { invoiceId: old });
    expect(await invoiceState(t, old)).toEqual({ status: 'paid', applied: 2_000 });
    for (const [invoiceId, locale, message] of [
      [theirs, 'en', 'Invoice: pick an open invoice of this customer.'],
      [old, 'zh', '发票：请选择该客户未付清的发票。'],
    ] as const) {
      const before = await t.fingerprint();
      const result = await t.call<{ issues: { field: string }[] }>('/customerPayment/add', {
        token: office,
        locale,
        body: { customerId: c, amountCents: 500, method: 'cash', paidOn: today, invoiceId },
      });
      expect([result.code, result.message, result.data.issues[0]?.field]).toEqual([Code.INVALID_INPUT, message, 'invoiceId']);
      expect(await t.fingerprint()).toBe(before);
    }
  });

  it("applies a job's payment to that job's invoice; the rest stays credit", async () => {
    const c = await newCustomer(t, office, 'Job Payer');
    const other = await issueInvoice(t, c, 1_000, '2026-08-01');
    const own = await issueInvoice(t, c, 4_000, '2026-10-01');
    const [job] = await queryRows<{ job_id: number }>(t.db, sql`select job_id from invoices where id = ${own}`);
    await t.db.transaction((tx) =>
      addPayment(
        tx,
        1,
        {
          customerId: c,
          amountCents: 6_000,
          gratuityCents: 0,
          method: 'cash',
          paidOn: today,
          checkNumber: '',
          giftCertificateNumber: '',
          cardLast4: '',
          note: '',
        },
        { jobId: Number(job!.job_id) },
      ),
    );
    expect(await invoiceState(t, own)).toEqual({ status: 'paid', applied: 4_000 });
    expect(await invoiceState(t, other)).toEqual({ status: 'open', applied: 0 });
    expect(await checkedBalance(t, c)).toMatchObject({ open: 1_000, credit: 2_000, balance: -1_000 });
  });
});

describe('undoing applications', () => {
  it('a voided payment undoes its own applications, and other credit is not re-applied', async () => {
    const c = await newCustomer(t, office, 'Bounced Check');
    const inv = await issueInvoice(t, c, 5_000, '2026-09-01');
    const bounced = await pay(c, 5_000);
    await pay(c, 1_000); // credit
    expect(await invoiceState(t, inv)).toEqual({ status: 'paid', applied: 5_000 });
    const voided = await t.call('/customerPayment/void', {
      token: office,
      body: { id: bounced.id, version: bounced.version, reason: 'Check bounced' },
    });
    expect(voided.code).toBe(Code.OK);
    expect(await invoiceState(t, inv)).toEqual({ status: 'open', applied: 0 });
    const apps = await applicationsOf(bounced.id);
    expect(apps.map((a) => Number(a.amount_cents))).toEqual([5_000, -5_000]);
    expect(apps[1]!.reversal_of_id).not.toBeNull();
    expect(await checkedBalance(t, c)).toMatchObject({ open: 5_000, credit: 1_000, balance: 4_000 });
  });

  it('a refund takes credit first, then undoes the newest invoices; marking it back returns the money to credit', async () => {
    const c = await newCustomer(t, office, 'Refunded Customer');
    const older = await issueInvoice(t, c, 3_000, '2026-08-01');
    const newer = await issueInvoice(t, c, 4_000, '2026-09-01');
    await pay(c, 9_000);
    expect(await checkedBalance(t, c)).toMatchObject({ open: 0, credit: 2_000 });
    const refund = await t.call<{ id: number; version: number }>('/customerRefund/add', {
      token: office,
      body: { customerId: c, amountCents: 3_500, reason: 'damage', status: 'refunded', refundedOn: today },
    });
    expect(refund.code).toBe(Code.OK);
    // 2,000 of credit, then 1,500 off the newest invoice (the rest of its application kept).
    expect(await invoiceState(t, newer)).toEqual({ status: 'partly_paid', applied: 2_500 });
    expect(await invoiceState(t, older)).toEqual({ status: 'paid', applied: 3_000 });
    const [undone] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_applications where refund_id = ${refund.data.id} and amount_cents < 0`,
    );
    expect(undone!.n).toBe(1);
    expect(await checkedBalance(t, c)).toMatchObject({ open: 1_500, credit: 0, balance: 1_500 });
    const back = await t.call('/customerRefund/changeStatus', {
      token: office,
      body: { id: refund.data.id, version: refund.data.version, status: 'not_refunded' },
    });
    expect(back.code).toBe(Code.OK);
    expect(await checkedBalance(t, c)).toMatchObject({ open: 1_500, credit: 3_500, balance: -2_000 });
  });

  it('a void invoice gives what was applied to it back as credit', async () => {
    const c = await newCustomer(t, office, 'Voided Invoice');
    const inv = await issueInvoice(t, c, 6_000, '2026-09-01');
    await pay(c, 4_000);
    await voidInvoiceRow(t, inv);
    expect(await invoiceState(t, inv)).toEqual({ status: 'void', applied: 0 });
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 0, open: 0, credit: 4_000, balance: -4_000 });
    // The correction takes that credit back.
    const corrected = await issueInvoice(t, c, 5_000, '2026-09-01');
    expect(await invoiceState(t, corrected)).toEqual({ status: 'partly_paid', applied: 4_000 });
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 5_000, open: 1_000, credit: 0, balance: 1_000 });
  });
});

describe('concurrency', () => {
  it('two payments at once never apply more than an invoice holds', async () => {
    const c = await newCustomer(t, office, 'Two At Once');
    const inv = await issueInvoice(t, c, 5_000, '2026-09-01');
    const body = { customerId: c, amountCents: 4_000, method: 'cash', paidOn: today };
    const results = await Promise.all([
      t.call('/customerPayment/add', { token: office, body }),
      t.call('/customerPayment/add', { token: office, body }),
    ]);
    expect(results.map((r) => r.code)).toEqual([Code.OK, Code.OK]);
    expect(await invoiceState(t, inv)).toEqual({ status: 'paid', applied: 5_000 });
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 5_000, open: 0, credit: 3_000, balance: -3_000 });
  });
});

describe('the rebuild of existing data (seed, migration 0030)', () => {
  it("applies a job's payment to its invoice, the rest oldest due first within the customer's money, once", async () => {
    const c = await newCustomer(t, office, 'Rebuilt Customer');
    const later = await issueInvoice(t, c, 4_000, '2026-07-01', true);
    const older = await issueInvoice(t, c, 3_000, '2026-06-01', true);
    const jobInvoice = await issueInvoice(t, c, 2_500, '2026-08-01', true);
    const [job] = await queryRows<{ job_id: number }>(t.db, sql`select job_id from invoices where id = ${jobInvoice}`);
    await rawPayment(t, c, 2_500, '2026-05-01', Number(job!.job_id));
    await rawPayment(t, c, 5_000, '2026-05-02');
    await rawPayment(t, c, 1_000, '2026-05-03');
    await t.db.execute(
      sql`insert into customer_refunds (customer_id, refunded_on, amount_cents, reason, status) values (${c}, '2026-05-04', ${1_500}, 'damage', 'refunded')`,
    );
    await t.db.transaction((tx) => rebuildAllBalances(tx));
    // 8,500 received − 1,500 refunded = 7,000: 2,500 to the job's invoice, then 3,000 + 1,500 oldest first.
    expect(await invoiceState(t, jobInvoice)).toEqual({ status: 'paid', applied: 2_500 });
    expect(await invoiceState(t, older)).toEqual({ status: 'paid', applied: 3_000 });
    expect(await invoiceState(t, later)).toEqual({ status: 'partly_paid', applied: 1_500 });
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 9_500, open: 2_500, credit: 0, balance: 2_500 });
    await t.db.transaction((tx) => rebuildAllBalances(tx));
    expect(await checkedBalance(t, c)).toEqual({ invoiced: 9_500, open: 2_500, credit: 0, balance: 2_500 });
    const [apps] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_applications where customer_id = ${c}`,
    );
    expect(apps!.n).toBe(3);
  });
});
