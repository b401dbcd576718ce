import { addDays, Code, type InvoiceDetail, type InvoiceListResponse, type JobDetail, type JobSaved } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../../test/clock';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { userIdOf } from '../../customers/customers.fixtures';
import { activeTeam, modifyBody, newJob, pricedItem } from '../../service/jobs/jobs.fixtures';
import { syncJobInvoice } from './invoices.service';

let t: TestApp;
let token: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('super_admin');
  today = await businessToday(t.db);
});
afterAll(() => t.close());

const call = <T>(path: string, body: unknown) => t.call<T>(path, { token, body, locale: 'en' });

interface InvoiceSql {
  id: number;
  number: string;
  status: string;
  issued_on: string;
  due_on: string;
  customer_id: number;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  applied_cents: number;
  void_reason: string;
  corrects_invoice_id: number | null;
  language: string;
}
const invoicesOf = (jobId: number) =>
  queryRows<InvoiceSql>(
    t.db,
    sql`select id, number, status, issued_on::text as issued_on, due_on::text as due_on, customer_id, subtotal_cents,
               discount_cents, tax_cents, total_cents, applied_cents, void_reason, corrects_invoice_id, language
          from invoices where job_id = ${jobId} order by id`,
  );
/** The job's stored costing, as the invoice must copy it. */
const jobOf = async (id: number) => {
  const [row] = await queryRows<{
    reference: string;
    revenue_cents: number;
    subtotal_cents: number;
    taxes_cents: number;
    invoice_total_cents: number;
  }>(t.db, sql`select reference, revenue_cents, subtotal_cents, taxes_cents, invoice_total_cents from jobs where id = ${id}`);
  const r = row!;
  return {
    job: {
      reference: r.reference,
      revenueCents: r.revenue_cents,
      subtotalCents: r.subtotal_cents,
      taxesCents: r.taxes_cents,
      invoiceTotalCents: r.invoice_total_cents,
    },
  };
};
const live = (status: string) => ['open', 'partly_paid', 'paid'].includes(status);
const detailOf = async (id: number) => {
  const result = await call<InvoiceDetail>('/invoice/detail', { id });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

/** A priced job (two units of a price-list item, a $5 discount) scheduled on `date`. */
async function pricedJob(date: string, extra: Record<string, unknown> = {}): Promise<JobSaved> {
  const item = await pricedItem(t, date);
  const team = await activeTeam(t);
  return newJob(
    t,
    {
      teamId: team.id,
      serviceDate: date,
      startTime: '09:00',
      discountCents: 500,
      lines: [{ priceItemId: item.id, quantity: 2 }],
      ...extra,
    },
    token,
  );
}

async function move(job: { id: number; version: number }, body: Record<string, unknown>): Promise<JobSaved> {
  const result = await call<JobSaved>('/job/updateState', { id: job.id, version: job.version, ...body });
  expect(result.code, result.message).toBe(Code.OK);
  return result.data;
}
const complete = (job: JobSaved) => move(job, { status: 'completed', actualMinutes: 120 });

describe('issuing on completion (docs/business-rules.md "Invoices and balances")', () => {
  it('the job screen completes a job: one invoice of its lines, discount and tax, totals equal to the job, due by the payment terms', async () => {
    // Payment terms are a Location Parameter: net 15 days.
    const setTerms = async (days: number) => {
      const current = await call<Record<string, unknown>>('/sysParam/quoteParams', {});
      const { updatedAt: _, ...params } = current.data;
      const saved = await call('/sysParam/quoteParamsModify', { ...params, paymentTermsDays: days });
      expect(saved.code, saved.message).toBe(Code.OK);
    };
    await setTerms(15);
    try {
      const job = await complete(await pricedJob(today));
      const j = (await jobOf(job.id)).job;
      const [invoice, ...others] = await invoicesOf(job.id);
      expect(others).toEqual([]);
      expect(invoice!.number).toMatch(new RegExp(`^INV-${today.slice(2, 4)}${today.slice(5, 7)}-\\d{4}$`));
      expect(invoice).toMatchObject({ issued_on: today, due_on: addDays(today, 15) });
      expect(live(invoice!.status)).toBe(true);
      expect(j.invoiceTotalCents).toBeGreaterThan(0);
      expect(invoice!.total_cents).toBe(j.invoiceTotalCents);
      expect(invoice!.tax_cents).toBe(j.taxesCents);
      expect(invoice!.subtotal_cents - invoice!.discount_cents).toBe(j.subtotalCents);
      const detail = await detailOf(invoice!.id);
      expect(detail.jobReference).toBe(j.reference);
      expect(detail.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(j.invoiceTotalCents);
      expect(detail.lines.filter((l) => l.kind === 'service').reduce((s, l) => s + l.amountCents, 0)).toBe(j.revenueCents);
      expect(detail.lines.find((l) => l.kind === 'discount')?.amountCents).toBe(-500);
      expect(detail.lines.some((l) => l.kind === 'tax')).toBe(j.taxesCents > 0);
      for (const l of detail.lines) expect(l.quantity * l.unitCents).toBe(l.amountCents);
    } finally {
      await setTerms(0);
    }
  });

  it('the office day confirms a job: the invoice is issued in the same transaction, due on receipt, and invoiced on the customer', async () => {
    const job = await pricedJob(today);
    const [owner] = await queryRows<{ customer_id: number }>(t.db, sql`select customer_id from jobs where id = ${job.id}`);
    const invoiced = async () =>
      Number(
        (
          await queryRows<{ invoiced_cents: string | number }>(
            t.db,
            sql`select invoiced_cents from customer_balances where customer_id = ${owner!.customer_id}`,
          )
        )[0]?.invoiced_cents ?? 0,
      );
    const invoicedBefore = await invoiced();
    const result = await call('/officeDay/confirmJob', {
      id: job.id,
      version: job.version,
      outcome: 'completed',
      actualMinutes: 100,
    });
    expect(result.code, result.message).toBe(Code.OK);
    const [invoice] = await invoicesOf(job.id);
    expect(invoice).toMatchObject({ issued_on: today, due_on: today });
    // Nothing paid: what the customer was invoiced grows by the job's total (the issue's $0.00 remaining).
    expect(await invoiced()).toBe(invoicedBefore + invoice!.total_cents);
    expect(live(invoice!.status)).toBe(true);
    expect(invoice!.total_cents).toBe((await jobOf(job.id)).job.invoiceTotalCents);
  });

  it('bulk confirm issues one invoice per job', async () => {
    const jobs = [await pricedJob(today), await pricedJob(today)];
    const result = await call('/officeDay/bulkConfirm', { date: today, ids: jobs.map((j) => j.id), apply: true });
    expect(result.code, result.message).toBe(Code.OK);
    for (const job of jobs) expect(await invoicesOf(job.id)).toHaveLength(1);
  });

  it('numbers invoices per month of the issue date, one after the other', async () => {
    const numbers = async (date: string) =>
      onBusinessDay(date, async () => {
        const a = await complete(await pricedJob(date));
        const b = await complete(await pricedJob(date));
        return [(await invoicesOf(a.id))[0]!.number, (await invoicesOf(b.id))[0]!.number];
      });
    expect(await numbers('2027-02-10')).toEqual(['INV-2702-0001', 'INV-2702-0002']);
    expect(await numbers('2027-03-03')).toEqual(['INV-2703-0001', 'INV-2703-0002']);
  });

  it('writes the invoice in the customer language', async () => {
    const job = await pricedJob(today);
    const [customer] = await queryRows<{ customer_id: number }>(t.db, sql`select customer_id from jobs where id = ${job.id}`);
    await t.db.execute(sql`update customers set language = 'zh' where id = ${customer!.customer_id}`);
    await complete(job);
    expect((await invoicesOf(job.id))[0]!.language).toBe('zh');
  });

  it('issues nothing for a job whose total is 0 or for a re-clean', async () => {
    const free = await complete(await pricedJob(today, { flatRateCents: 0, discountCents: 0 }));
    expect(await invoicesOf(free.id)).toEqual([]);
    const done = await complete(await pricedJob(today));
    const reclean = await call<JobSaved>('/job/reclean', { id: done.id, reason: 'Kitchen floor missed' });
    expect(reclean.code, reclean.message).toBe(Code.OK);
    const scheduled = await move(reclean.data, {
      status: 'scheduled',
      teamId: (await activeTeam(t)).id,
      serviceDate: today,
      startTime: '15:00',
    });
    await complete(scheduled);
    expect(await invoicesOf(reclean.data.id)).toEqual([]);
  });

  it('a job cancelled with a fee gets an invoice of the fee alone; without a fee, none', async () => {
    const withFee = await move(await pricedJob(today), { status: 'cancelled', reason: 'customer_request', feeCents: 4500 });
    const [invoice] = await invoicesOf(withFee.id);
    expect(invoice).toMatchObject({ total_cents: 4500, subtotal_cents: 4500, tax_cents: 0, discount_cents: 0 });
    const detail = await detailOf(invoice!.id);
    expect(detail.lines.map((l) => [l.kind, l.amountCents])).toEqual([['cancel_fee', 4500]]);
    const noFee = await move(await pricedJob(today), { status: 'cancelled', reason: 'customer_request', feeCents: 0 });
    expect(await invoicesOf(noFee.id)).toEqual([]);
  });
});

describe('an issued invoice is frozen', () => {
  it('a change of the job money voids the invoice with the reason in words and issues a correction naming it', async () => {
    const job = await complete(await pricedJob(today));
    const [original] = await invoicesOf(job.id);
    // A change of something that is not money leaves the invoice alone.
    const notes = await call<JobSaved>('/job/modify', await modifyBody(t, job.id, { notes: 'Ring twice' }));
    expect(notes.code, notes.message).toBe(Code.OK);
    expect(await invoicesOf(job.id)).toHaveLength(1);
    const result = await call<JobSaved>('/job/modify', await modifyBody(t, job.id, { discountCents: 1500 }));
    expect(result.code, result.message).toBe(Code.OK);
    const [voided, corrected] = await invoicesOf(job.id);
    const j = (await jobOf(job.id)).job;
    expect(voided).toMatchObject({ id: original!.id, status: 'void', total_cents: original!.total_cents });
    expect(voided!.void_reason).toBe(
      `Job ${j.reference} changed: total $${(original!.total_cents / 100).toFixed(2)} → $${(j.invoiceTotalCents / 100).toFixed(2)}`,
    );
    expect(corrected).toMatchObject({ corrects_invoice_id: original!.id, total_cents: j.invoiceTotalCents });
    expect(live(corrected!.status)).toBe(true);
    expect(corrected!.total_cents).toBe(original!.total_cents - 1000 - (original!.tax_cents - corrected!.tax_cents));
    const [a, b] = [await detailOf(voided!.id), await detailOf(corrected!.id)];
    expect(a.correctedByNumber).toBe(b.number);
    expect(b.correctsNumber).toBe(a.number);
    expect(a.openCents).toBe(0);
  });

  it('a job edited down to $0.00 has its invoice voided and no correction', async () => {
    const job = await complete(await pricedJob(today));
    const result = await call('/job/modify', await modifyBody(t, job.id, { flatRateCents: 0, discountCents: 0 }));
    expect(result.code, result.message).toBe(Code.OK);
    const [only, ...none] = await invoicesOf(job.id);
    expect(none).toEqual([]);
    expect(only!.status).toBe('void');
    expect(only!.void_reason).toMatch(/ → \$0\.00, nothing to invoice$/);
  });

  it('a job taken back from completed has its invoice voided (the rule every status path runs)', async () => {
    const job = await complete(await pricedJob(today));
    const actor = await userIdOf(t, 'admin');
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update jobs set status = 'scheduled' where id = ${job.id}`);
      await syncJobInvoice(tx, actor, job.id, { statusChanged: true });
    });
    const [invoice] = await invoicesOf(job.id);
    expect(invoice).toMatchObject({ status: 'void', void_reason: `Job ${job.reference} is no longer completed (now scheduled)` });
  });

  it('refuses the change with 10010 when the invoice issue day is closed, and changes nothing', async () => {
    // Served three days ago (an open day), completed and invoiced today; then today is closed.
    const job = await complete(await pricedJob(addDays(today, -3)));
    const [invoice] = await invoicesOf(job.id);
    await t.db.execute(sql`update office_days set status = 'closed' where business_date = ${today}`);
    try {
      const body = await modifyBody(t, job.id, { discountCents: 900 });
      const before = await t.fingerprint();
      const result = await call('/job/modify', body);
      expect(result.code).toBe(Code.REFUSED);
      expect(result.message).toContain(invoice!.number);
      expect(await t.fingerprint()).toBe(before);
      // A void by hand is refused the same way.
      const { version } = await detailOf(invoice!.id);
      const byHand = await call('/invoice/void', { id: invoice!.id, version, reason: 'Wrong customer' });
      expect(byHand.code).toBe(Code.REFUSED);
      expect(byHand.message).toContain(invoice!.number);
      expect(await t.fingerprint()).toBe(before);
    } finally {
      await t.db.execute(sql`update office_days set status = 'open' where business_date = ${today}`);
    }
  });
});

describe('issuing on a closed day', () => {
  it("refuses to complete an earlier open day's job while today is closed (its invoice would be dated today)", async () => {
    const job = await pricedJob(addDays(today, -4));
    await t.db.execute(sql`insert into office_days (business_date) values (${today}) on conflict (business_date) do nothing`);
    await t.db.execute(sql`update office_days set status = 'closed' where business_date = ${today}`);
    try {
      const before = await t.fingerprint();
      const result = await call('/job/updateState', { id: job.id, version: job.version, status: 'completed', actualMinutes: 90 });
      expect(result.code).toBe(Code.REFUSED);
      expect(result.message).toContain(today);
      expect(await t.fingerprint()).toBe(before);
    } finally {
      await t.db.execute(sql`update office_days set status = 'open' where business_date = ${today}`);
    }
  });
});

describe('/invoice/void, /invoice/queryList, /invoice/detail', () => {
  it('voids by hand with a reason: what was paid on it goes back to credit; stale and second voids are refused', async () => {
    const job = await complete(await pricedJob(today));
    const [invoice] = await invoicesOf(job.id);
    const pay = await call('/job/addPayment', {
      jobId: job.id,
      customerId: invoice!.customer_id,
      paidOn: today,
      amountCents: 2000,
      method: 'cash',
    });
    expect(pay.code, pay.message).toBe(Code.OK);
    const balance = async () =>
      (
        await queryRows<{ credit_cents: string }>(
          t.db,
          sql`select credit_cents from customer_balances where customer_id = ${invoice!.customer_id}`,
        )
      )[0];
    const paid = await detailOf(invoice!.id);
    const creditBefore = Number((await balance())?.credit_cents ?? 0);
    const stale = await call('/invoice/void', { id: invoice!.id, version: paid.version + 5, reason: 'Wrong customer' });
    expect(stale.code).toBe(Code.CONFLICT);
    const result = await call<{ id: number; version: number }>('/invoice/void', {
      id: invoice!.id,
      version: paid.version,
      reason: 'Billed to the wrong customer',
    });
    expect(result.code, result.message).toBe(Code.OK);
    const after = await detailOf(invoice!.id);
    expect(after).toMatchObject({ status: 'void', voidReason: 'Billed to the wrong customer', openCents: 0 });
    expect(after.applications.reduce((s, a) => s + a.amountCents, 0)).toBe(0);
    expect(Number((await balance())?.credit_cents ?? 0)).toBe(creditBefore + paid.paidCents);
    const again = await call('/invoice/void', { id: invoice!.id, version: after.version, reason: 'Again' });
    expect(again.code).toBe(Code.REFUSED);
    // A later edit of the job does not bring a hand-voided invoice back.
    const edit = await call('/job/modify', await modifyBody(t, job.id, { notes: 'After the void' }));
    expect(edit.code, edit.message).toBe(Code.OK);
    expect((await invoicesOf(job.id)).map((i) => i.status)).toEqual(['void']);
  });

  it('lists by customer, status, unpaid, issue dates and number prefix, with the customer and job joined', async () => {
    const job = await complete(await pricedJob(today));
    const [invoice] = await invoicesOf(job.id);
    const list = async (body: Record<string, unknown>) => {
      const result = await call<InvoiceListResponse>('/invoice/queryList', body);
      expect(result.code, result.message).toBe(Code.OK);
      return result.data;
    };
    const mine = await list({ customerId: invoice!.customer_id, pageSize: 100 });
    expect(mine.list.every((i) => i.customerId === invoice!.customer_id)).toBe(true);
    const row = mine.list.find((i) => i.id === invoice!.id)!;
    expect(row.jobReference).toBe((await jobOf(job.id)).job.reference);
    expect(row.customerName).not.toBe('');
    const byNumber = await list({ keyword: invoice!.number });
    expect(byNumber.list.map((i) => i.id)).toEqual([invoice!.id]);
    const voids = await list({ status: 'void', pageSize: 100 });
    expect(voids.list.every((i) => i.status === 'void')).toBe(true);
    const unpaid = await list({ unpaidOnly: true, issuedFrom: today, issuedTo: today, pageSize: 100 });
    const [unpaidCount] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from invoices where status in ('open', 'partly_paid') and issued_on = ${today}`,
    );
    expect(unpaid.total).toBe(unpaidCount!.n);
    expect(unpaid.list.every((i) => (i.status === 'open' || i.status === 'partly_paid') && i.issuedOn === today)).toBe(true);
    const older = await list({ issuedTo: addDays(today, -1), pageSize: 5 });
    expect(older.list.every((i) => i.issuedOn < today)).toBe(true);
    expect(older.total).toBeGreaterThan(5);
  });

  it('answers 10004 for an unknown invoice', async () => {
    expect((await call('/invoice/detail', { id: 2_000_000_000 })).code).toBe(Code.NOT_FOUND);
  });
});

describe('demo invoices', () => {
  it('every completed demo job that bills has one invoice equal to its total, numbered in its month', async () => {
    const [row] = await queryRows<{ missing: number; wrong: number; lines_off: number; bad_number: number }>(
      t.db,
      sql`select
        (select count(*) from jobs j where j.status in ('completed', 'closed') and j.reclean_of_job_id is null
            and j.invoice_total_cents > 0 and not exists (select 1 from invoices i where i.job_id = j.id))::int as missing,
        (select count(*) from invoices i join jobs j on j.id = i.job_id
          where i.status <> 'void' and i.total_cents <> j.invoice_total_cents)::int as wrong,
        (select count(*) from invoices i
          where i.total_cents <> (select sum(amount_cents) from invoice_lines l where l.invoice_id = i.id))::int as lines_off,
        (select count(*) from invoices i
          where i.number not like 'INV-' || to_char(i.issued_on, 'YYMM') || '-%')::int as bad_number`,
    );
    expect(row).toEqual({ missing: 0, wrong: 0, lines_off: 0, bad_number: 0 });
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from invoices`);
    expect(count!.n).toBeGreaterThan(100);
  });
});

describe('Job Detail shows the job invoices', () => {
  it('answers each invoice of the job, the void one and its correction, with what is left to pay', async () => {
    const job = await complete(await pricedJob(today));
    const [original] = await invoicesOf(job.id);
    const pay = await call('/job/addPayment', {
      jobId: job.id,
      customerId: original!.customer_id,
      paidOn: today,
      amountCents: 1000,
      method: 'cash',
    });
    expect(pay.code, pay.message).toBe(Code.OK);
    const jobInvoices = async () => {
      const result = await call<JobDetail>('/job/detail', { id: job.id });
      expect(result.code, result.message).toBe(Code.OK);
      return result.data.invoices;
    };
    // What the invoice screen says of it (the customer's credit may have paid more than this payment).
    const shown = await detailOf(original!.id);
    expect(shown.paidCents).toBeGreaterThan(0);
    expect(await jobInvoices()).toEqual([
      {
        id: original!.id,
        number: original!.number,
        status: shown.status,
        totalCents: original!.total_cents,
        openCents: original!.total_cents - shown.paidCents,
        correctsInvoiceId: null,
      },
    ]);
    const edit = await call<JobSaved>('/job/modify', await modifyBody(t, job.id, { discountCents: 1500 }));
    expect(edit.code, edit.message).toBe(Code.OK);
    const [voided, corrected] = await invoicesOf(job.id);
    const answered = await jobInvoices();
    expect(answered.map((i) => [i.id, i.status, i.correctsInvoiceId])).toEqual([
      [voided!.id, 'void', null],
      [corrected!.id, corrected!.status, voided!.id],
    ]);
    const correction = await detailOf(corrected!.id);
    expect(answered[0]!.openCents).toBe(0);
    expect(answered[1]).toMatchObject({
      number: correction.number,
      totalCents: correction.totalCents,
      openCents: correction.openCents,
    });
  });
});
