import {
  Code,
  formatCents,
  type INVOICE_TYPES,
  type InvoiceSendDayResponse,
  type InvoiceSendResponse,
  type Locale,
} from '@tidyhouse/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError, refused } from '../../../platform/errors';
import { MailError, sendMail } from '../../../platform/mail';
import { translate } from '../../../platform/messages';
import type { Secrets } from '../../../platform/secrets';
import { connectRecords, customerPreferences } from '../../customers/customers.tables';
import { isDayClosed } from '../../office/day-lock';
import { jobs } from '../../service/jobs/jobs.tables';
import { smtpSettings } from '../../system/mail-params.service';
import { readBusinessProfile } from '../../system/params.service';
import { invoices } from '../invoices/invoices.tables';
import { type InvoiceDocumentData, invoiceFileName, loadInvoiceDocument, renderInvoice } from './invoice-pdf';

/**
 * Sending an invoice by the customer's invoice type (docs/business-rules.md "Invoices and balances"):
 * e-mail → the PDF attached, through the one mail path (platform/mail.ts); print → the caller prints
 * GET /invoice/pdf; phone, text, fax → an open entry in the communications log, the contact to make.
 * Every send sets `invoices.sent_at` (nothing else of the frozen invoice), writes a communications
 * log entry and an operation log entry. A void invoice is never sent.
 */

export type InvoiceChannel = (typeof INVOICE_TYPES)[number];

/** The communications log has no print or fax type: a print is handed over or posted, a fax dialled. */
const CONNECT_TYPE = { email: 'email', print: 'visit', phone: 'call', text: 'text', fax: 'call' } as const;

/** The log entry's subject, in the office user's language (it is read in the office). */
const SUBJECT = {
  en: {
    email: 'Invoice {number} e-mailed to {to}',
    print: 'Invoice {number} printed: hand it over or post it',
    phone: 'Call about invoice {number} ({amount}, due {due}): {to}',
    text: 'Text invoice {number} ({amount}, due {due}) to {to}',
    fax: 'Fax invoice {number} to {to}',
  },
  zh: {
    email: '发票 {number} 已发送至 {to}',
    print: '发票 {number} 已打印：请交给客户或邮寄',
    phone: '就发票 {number}（{amount}，{due} 到期）致电：{to}',
    text: '短信发送发票 {number}（{amount}，{due} 到期）至 {to}',
    fax: '传真发票 {number} 至 {to}',
  },
} as const;

const MAIL = {
  en: {
    subject: 'Invoice {number} from {business}',
    body:
      'Hello {name},\n\nThank you for choosing us. Your invoice {number} for the service of {serviceDate} is attached: ' +
      '{amount}, due {due}.\n\n{business}\n{phone}',
  },
  zh: {
    subject: '{business} 发票 {number}',
    body: '{name}，您好：\n\n感谢您的惠顾。附件为您 {serviceDate} 服务的发票 {number}：{amount}，{due} 到期。\n\n{business}\n{phone}',
  },
} as const;

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

interface Recipient {
  channel: InvoiceChannel;
  to: string;
}

/** The customer's invoice type; without one, e-mail when there is an address, print otherwise. */
async function recipientOf(db: Db, data: InvoiceDocumentData): Promise<Recipient> {
  const [pref] = await db
    .select({ invoiceType: customerPreferences.invoiceType })
    .from(customerPreferences)
    .where(eq(customerPreferences.customerId, data.customer.id));
  const channel: InvoiceChannel = pref?.invoiceType ?? (data.customer.email ? 'email' : 'print');
  if (channel === 'email') {
    if (!data.customer.email) throw refused('billing.invoiceNoEmail', { customer: data.customer.name, number: data.number });
    return { channel, to: data.customer.email };
  }
  if (channel === 'print') return { channel, to: '' };
  if (!data.customer.phone) throw refused('billing.invoiceNoPhone', { customer: data.customer.name, number: data.number });
  return { channel, to: data.customer.phone };
}

async function mailInvoice(db: Db, secrets: Secrets, data: InvoiceDocumentData, pdf: Buffer, to: string) {
  const { smtp, from } = await smtpSettings(db, secrets);
  const business = await readBusinessProfile(db);
  const words = MAIL[data.language];
  const params = {
    number: data.number,
    business: business.name,
    name: data.customer.name,
    phone: business.phone,
    serviceDate: data.job.serviceDate ?? data.issuedOn,
    amount: formatCents(data.openCents, data.language),
    due: data.dueOn,
  };
  try {
    await sendMail(smtp, {
      from: {
        name: from.name || business.name,
        address: from.address || `no-reply@${smtp.host === '127.0.0.1' ? 'localhost' : smtp.host}`,
      },
      to,
      subject: fill(words.subject, params),
      text: fill(words.body, params),
      attachments: [{ fileName: invoiceFileName(data), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    if (error instanceof MailError) throw refused('mail.failed', { reason: error.message });
    throw error;
  }
}

/**
 * Sends one invoice. The invoice's row is locked for the send, so a void cannot slip in between and
 * two batch sends cannot both take it (`onlyUnsent` skips a row another send holds or has sent);
 * a failed e-mail rolls everything back. Answers null when `onlyUnsent` found nothing to send.
 */
async function sendOne(
  db: Db,
  secrets: Secrets,
  request: FastifyRequest,
  id: number,
  opts: { onlyUnsent?: boolean } = {},
): Promise<InvoiceSendResponse | null> {
  const data = await loadInvoiceDocument(db, id);
  if (data.status === 'void') throw refused('billing.invoiceVoidNotSent', { number: data.number });
  const recipient = await recipientOf(db, data);
  // Made before the row is locked: the invoice's content is frozen, only its status can change.
  const pdf = recipient.channel === 'email' ? await renderInvoice(db, data) : null;
  const actorId = request.session!.userId;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: invoices.status, sentAt: invoices.sentAt })
      .from(invoices)
      .where(eq(invoices.id, id))
      .for('update', opts.onlyUnsent ? { skipLocked: true } : {});
    if (opts.onlyUnsent && (!locked || locked.sentAt || locked.status === 'void')) return null;
    if (!locked || locked.status === 'void') throw refused('billing.invoiceVoidNotSent', { number: data.number });
    if (pdf) await mailInvoice(tx, secrets, data, pdf, recipient.to);
    const [sent] = await tx
      .update(invoices)
      .set({ sentAt: sql`now()` })
      .where(eq(invoices.id, id))
      .returning({ sentAt: invoices.sentAt });
    const today = await businessToday(tx);
    const done = recipient.channel === 'email' || recipient.channel === 'print';
    const subject = fill(SUBJECT[request.locale as Locale][recipient.channel], {
      number: data.number,
      to: recipient.to,
      amount: formatCents(data.openCents, request.locale),
      due: data.dueOn,
    });
    const [record] = await tx
      .insert(connectRecords)
      .values({
        customerId: data.customer.id,
        status: done ? 'done' : 'open',
        purpose: 'billing',
        type: CONNECT_TYPE[recipient.channel],
        contactDate: today,
        subject: subject.slice(0, 160),
        // A contact still to make is the sender's to follow up, from today.
        loggedForId: actorId,
        followUpDate: done ? null : today,
        createdBy: actorId,
        updatedBy: actorId,
      })
      .returning({ id: connectRecords.id });
    const channelKey = recipient.channel[0]!.toUpperCase() + recipient.channel.slice(1);
    await audit(tx, request, {
      module: 'billing',
      action: 'sendInvoice',
      recordType: 'invoice',
      recordId: id,
      details: {
        key: `billing.sendInvoice${channelKey}`,
        params: { number: data.number, customer: data.customer.name, to: recipient.to },
      },
    });
    return {
      id,
      number: data.number,
      channel: recipient.channel,
      to: recipient.to,
      connectRecordId: record!.id,
      sentAt: sent!.sentAt!.toISOString(),
    };
  });
}

export async function sendInvoice(db: Db, secrets: Secrets, request: FastifyRequest, id: number): Promise<InvoiceSendResponse> {
  return (await sendOne(db, secrets, request, id))!;
}

/**
 * After a day is closed (its jobs and so their invoices frozen), sends every live invoice of that
 * day's jobs not sent yet, each by its customer's invoice type. One that cannot go (no address, the
 * mail server refused) stays unsent and is listed with the reason; the others still go.
 */
export async function sendDayInvoices(
  db: Db,
  secrets: Secrets,
  request: FastifyRequest,
  serviceDate: string,
): Promise<InvoiceSendDayResponse> {
  if (!(await isDayClosed(db, serviceDate))) throw refused('billing.sendDayNotClosed', { date: serviceDate });
  const due = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .innerJoin(jobs, eq(jobs.id, invoices.jobId))
    .where(and(eq(jobs.serviceDate, serviceDate), ne(invoices.status, 'void'), isNull(invoices.sentAt)))
    .orderBy(asc(invoices.id));
  const result: InvoiceSendDayResponse = {
    serviceDate,
    sent: { email: 0, print: 0, phone: 0, text: 0, fax: 0 },
    printIds: [],
    failed: [],
  };
  for (const invoice of due) {
    try {
      const sent = await sendOne(db, secrets, request, invoice.id, { onlyUnsent: true });
      if (!sent) continue;
      result.sent[sent.channel] += 1;
      if (sent.channel === 'print') result.printIds.push(sent.id);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== Code.REFUSED) throw error;
      result.failed.push({ ...invoice, message: translate(request.locale, error.messageKey, error.params) });
    }
  }
  return result;
}
