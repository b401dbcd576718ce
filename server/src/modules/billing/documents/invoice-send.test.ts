import { addDays, Code, type InvoiceSendDayResponse, type InvoiceSendResponse } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { type MailCatcher, runningMailCatcher, startMailCatcher } from '../../../platform/mail-catcher';
import { locationWith } from '../../customers/customers.fixtures';
import { closedDay, invoicedJob, pdfText } from './documents.fixtures';

// Issue 19 item 3: sending an invoice by the customer's invoice type, and a closed day's invoices.
let t: TestApp;
let token: string;
let today: string;
let catcher: MailCatcher;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.sessionAs('office_manager');
  today = await businessToday(t.db);
  catcher = runningMailCatcher() ?? (await startMailCatcher(0));
});
afterAll(async () => {
  await runningMailCatcher()?.close();
  await t.close();
});

/** The customer of the `offset`-th location set to receive invoices one way, then an invoiced job there. */
async function invoiceFor(
  offset: number,
  customer: { invoiceType: string | null; email?: string; language?: 'en' | 'zh' },
  date = today,
) {
  const location = await locationWith(t, 'is_primary', `id offset ${offset}`);
  const id = location.customer_id;
  await t.db.execute(
    sql`update customers set email = ${customer.email ?? ''}, language = ${customer.language ?? 'en'} where id = ${id}`,
  );
  await t.db.execute(sql`update customer_preferences set invoice_type = ${customer.invoiceType} where customer_id = ${id}`);
  return invoicedJob(t, { date, locationId: location.id });
}

const send = (id: number, locale: 'en' | 'zh' = 'en') =>
  t.call<InvoiceSendResponse>('/invoice/send', { token, body: { id }, locale });

/** Every column of the invoice: a send changes `sent_at` alone. */
const invoiceColumns = async (id: number) =>
  (await queryRows<Record<string, unknown>>(t.db, sql`select * from invoices where id = ${id}`))[0]!;

const connectRecord = async (id: number) =>
  (
    await queryRows<{
      customer_id: number;
      status: string;
      purpose: string;
      type: string;
      subject: string;
      follow_up_date: string | null;
    }>(
      t.db,
      sql`select customer_id, status, purpose, type, subject, follow_up_date::text as follow_up_date from connect_records where id = ${id}`,
    )
  )[0]!;

/** The PDF attached to a caught mail (base64 MIME part). */
function attachedPdf(raw: string): Buffer {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /content-type:\s*application\/pdf/i.test(p));
  const body = part!
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describe('sending one invoice', () => {
  it('e-mails the PDF in the customer language, sets sent_at alone, and logs the contact and the operation', async () => {
    const invoice = await invoiceFor(7, { invoiceType: 'email', email: 'mei@example.com', language: 'zh' });
    const before = await invoiceColumns(invoice.invoiceId);
    const sent = await send(invoice.invoiceId);
    expect(sent.code, sent.message).toBe(Code.OK);
    expect(sent.data).toMatchObject({ channel: 'email', to: 'mei@example.com', number: invoice.number });

    const mail = catcher.inbox().find((m) => m.subject.includes(invoice.number));
    expect(mail).toMatchObject({ to: ['mei@example.com'], subject: expect.stringContaining('发票') });
    expect(mail!.attachments).toEqual([{ fileName: `${invoice.number}.pdf`, contentType: 'application/pdf' }]);
    const text = pdfText(attachedPdf(catcher.raw(mail!.id)!));
    expect(text).toContain(`发票 ${invoice.number}`);
    expect(text).toContain('服务当天付款');

    const after = await invoiceColumns(invoice.invoiceId);
    expect(after.sent_at).not.toBeNull();
    expect({ ...after, sent_at: null }).toEqual({ ...before, sent_at: null });
    expect(await connectRecord(sent.data.connectRecordId)).toMatchObject({
      customer_id: invoice.customerId,
      status: 'done',
      purpose: 'billing',
      type: 'email',
      subject: `Invoice ${invoice.number} e-mailed to mei@example.com`,
    });
    const [logged] = await queryRows<{ summary: string }>(
      t.db,
      sql`select summary from audit_log where module = 'billing' and action = 'sendInvoice' and record_id = ${invoice.invoiceId}`,
    );
    expect(logged?.summary).toContain(`E-mailed invoice ${invoice.number}`);
  });

  it('refuses e-mail to a customer without an address, naming the field, and changes nothing', async () => {
    const invoice = await invoiceFor(8, { invoiceType: 'email', email: '' });
    const before = await t.fingerprint();
    const result = await send(invoice.invoiceId);
    expect(result.code).toBe(Code.REFUSED);
    expect(result.message).toContain('the Email field');
    expect(result.message).toContain(invoice.number);
    expect(await t.fingerprint()).toBe(before);
    expect(catcher.inbox().some((m) => m.subject.includes(invoice.number))).toBe(false);
  });

  it('answers print (the web prints the PDF) and records phone, text and fax as contacts to make', async () => {
    const printed = await invoiceFor(9, { invoiceType: 'print', email: 'print@example.com' });
    const p = await send(printed.invoiceId);
    expect(p.data).toMatchObject({ channel: 'print', to: '' });
    expect(await connectRecord(p.data.connectRecordId)).toMatchObject({ status: 'done', type: 'visit', purpose: 'billing' });
    expect(catcher.inbox().some((m) => m.subject.includes(printed.number))).toBe(false);

    for (const [offset, invoiceType, type] of [
      [10, 'phone', 'call'],
      [11, 'text', 'text'],
      [12, 'fax', 'call'],
    ] as const) {
      const invoice = await invoiceFor(offset, { invoiceType });
      const result = await send(invoice.invoiceId, 'zh');
      expect(result.code, result.message).toBe(Code.OK);
      expect(result.data.channel).toBe(invoiceType);
      expect(result.data.to).not.toBe('');
      const record = await connectRecord(result.data.connectRecordId);
      // A contact still to make: open, due for follow-up today, in the sender's language.
      expect(record).toMatchObject({ status: 'open', type, purpose: 'billing', follow_up_date: today });
      expect(record.subject).toContain(invoice.number);
      expect(record.subject).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('without an invoice type, e-mails a customer with an address and prints for one without', async () => {
    const mailed = await invoiceFor(13, { invoiceType: null, email: 'no-type@example.com' });
    expect((await send(mailed.invoiceId)).data.channel).toBe('email');
    const printed = await invoiceFor(14, { invoiceType: null });
    expect((await send(printed.invoiceId)).data.channel).toBe('print');
  });

  it('refuses a void invoice and changes nothing', async () => {
    const invoice = await invoiceFor(15, { invoiceType: 'print' });
    const [row] = await queryRows<{ version: number }>(t.db, sql`select version from invoices where id = ${invoice.invoiceId}`);
    const voided = await t.call('/invoice/void', {
      token: await t.sessionAs('super_admin'),
      body: { id: invoice.invoiceId, version: Number(row!.version), reason: 'Duplicate' },
    });
    expect(voided.code, voided.message).toBe(Code.OK);
    const before = await t.fingerprint();
    const result = await send(invoice.invoiceId);
    expect(result).toMatchObject({
      code: Code.REFUSED,
      message: `Invoice ${invoice.number} is void: a void invoice is not sent.`,
    });
    expect(await t.fingerprint()).toBe(before);
  });
});

describe("sending a closed day's invoices", () => {
  it('is refused while the day is open, then sends each unsent live invoice of the day once, by channel', async () => {
    const day = addDays(today, 9);
    const mailed = await invoiceFor(16, { invoiceType: 'email', email: 'day@example.com' }, day);
    const printed = await invoiceFor(17, { invoiceType: 'print' }, day);
    const noAddress = await invoiceFor(18, { invoiceType: 'email', email: '' }, day);
    const sendDay = () => t.call<InvoiceSendDayResponse>('/invoice/sendDay', { token, body: { serviceDate: day }, locale: 'en' });

    const before = await t.fingerprint();
    const refused = await sendDay();
    expect(refused).toMatchObject({
      code: Code.REFUSED,
      message: `The office day ${day} is not closed: close the day first, then send its invoices.`,
    });
    expect(await t.fingerprint()).toBe(before);

    await closedDay(t, day);
    const result = await sendDay();
    expect(result.code, result.message).toBe(Code.OK);
    expect(result.data.sent).toEqual({ email: 1, print: 1, phone: 0, text: 0, fax: 0 });
    expect(result.data.printIds).toEqual([printed.invoiceId]);
    expect(result.data.failed).toEqual([
      { id: noAddress.invoiceId, number: noAddress.number, message: expect.stringContaining('the Email field') },
    ]);
    expect(catcher.inbox().filter((m) => m.subject.includes(mailed.number))).toHaveLength(1);
    const unsent = await queryRows<{ id: number }>(
      t.db,
      sql`select i.id from invoices i join jobs j on j.id = i.job_id where j.service_date = ${day} and i.sent_at is null`,
    );
    expect(unsent.map((r) => Number(r.id))).toEqual([noAddress.invoiceId]);

    // Sent ones are not sent again.
    const again = await sendDay();
    expect(again.data.sent).toEqual({ email: 0, print: 0, phone: 0, text: 0, fax: 0 });
    expect(catcher.inbox().filter((m) => m.subject.includes(mailed.number))).toHaveLength(1);
  });

  it('sends each invoice once when two users send the same day at the same moment', async () => {
    const day = addDays(today, 10);
    const first = await invoiceFor(19, { invoiceType: 'email', email: 'twice-a@example.com' }, day);
    const second = await invoiceFor(20, { invoiceType: 'email', email: 'twice-b@example.com' }, day);
    await closedDay(t, day);
    const other = await t.sessionAs('super_admin');
    const results = await Promise.all(
      [token, other].map((who) => t.call<InvoiceSendDayResponse>('/invoice/sendDay', { token: who, body: { serviceDate: day } })),
    );
    expect(results.map((r) => r.code)).toEqual([Code.OK, Code.OK]);
    expect(results.reduce((sum, r) => sum + r.data.sent.email, 0)).toBe(2);
    for (const invoice of [first, second])
      expect(catcher.inbox().filter((m) => m.subject.includes(invoice.number))).toHaveLength(1);
  });
});
