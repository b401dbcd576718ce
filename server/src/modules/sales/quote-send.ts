import { type Disclaimer, type Quote, type QuoteSendRequest, todayIn } from '@tidyhouse/contract';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import { businessTimeZone } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { refused } from '../../platform/errors';
import { MailError, sendMail } from '../../platform/mail';
import type { Secrets } from '../../platform/secrets';
import { connectRecords } from '../customers/customers.tables';
import { disclaimerOptions } from '../system/disclaimers.service';
import { smtpSettings } from '../system/mail-params.service';
import { readBusinessProfile } from '../system/params.service';
import { quoteFileName, quotePdf } from './quote-pdf';
import { quoteDetail } from './quotes.service';
import { quoteHistory } from './sales.tables';

/** The quote as a PDF in the customer's language, with the active quote disclaimers. */
export async function quoteDocument(db: Db, id: number): Promise<{ quote: Quote; pdf: Buffer; fileName: string }> {
  const quote = await quoteDetail(db, id);
  const [business, disclaimers] = await Promise.all([readBusinessProfile(db), disclaimerOptions(db, 'quote')]);
  const texts = disclaimers
    .map((d: Disclaimer) => (quote.language === 'zh' ? d.textZh || d.textEn : d.textEn || d.textZh))
    .filter(Boolean);
  const pdf = await quotePdf({ ...quote, disclaimer: texts.join('\n\n') || null }, business);
  return { quote, pdf, fileName: quoteFileName(quote) };
}

const MESSAGE = {
  en: {
    subject: 'Your quote {reference} from {business}',
    body: 'Hello {name},\n\nThank you for your interest. Your quote {reference} is attached.\n\n{note}{business}\n{phone}',
  },
  zh: {
    subject: '{business} 报价单 {reference}',
    body: '{name}，您好：\n\n感谢您的垂询，附件为您的报价单 {reference}。\n\n{note}{business}\n{phone}',
  },
} as const;

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

/**
 * Sends the quote PDF by e-mail, then records it: the quote's history, the customer's communication
 * log (when the quote belongs to a customer) and the operation log, in one transaction after the
 * server accepted the message.
 */
export async function sendQuote(db: Db, secrets: Secrets, request: FastifyRequest, input: QuoteSendRequest) {
  const { quote, pdf, fileName } = await quoteDocument(db, input.id);
  const { smtp, from } = await smtpSettings(db, secrets);
  const business = await readBusinessProfile(db);
  const words = MESSAGE[quote.language];
  const params = {
    reference: quote.reference,
    business: business.name,
    name: quote.customerName,
    phone: business.phone,
    note: input.note ? `${input.note}\n\n` : '',
  };
  try {
    await sendMail(smtp, {
      from: {
        name: from.name || business.name,
        address: from.address || `no-reply@${smtp.host === '127.0.0.1' ? 'localhost' : smtp.host}`,
      },
      to: input.to,
      subject: fill(words.subject, params),
      text: fill(words.body, params),
      attachments: [{ fileName, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    if (error instanceof MailError) throw refused('mail.failed', { reason: error.message });
    throw error;
  }
  const today = todayIn(await businessTimeZone(db));
  return db.transaction(async (tx) => {
    await tx.insert(quoteHistory).values({
      quoteId: quote.id,
      userId: request.session!.userId,
      action: 'sent',
      reason: '',
      summary: `Sent to ${input.to}`,
    });
    let connectRecordId: number | null = null;
    if (quote.customer) {
      const [record] = await tx
        .insert(connectRecords)
        .values({
          customerId: quote.customer.id,
          status: 'done',
          purpose: 'quote',
          type: 'email',
          contactDate: today,
          subject: `Quote ${quote.reference} sent to ${input.to}`.slice(0, 160),
          details: input.note,
          loggedForId: request.session!.userId,
          createdBy: request.session!.userId,
          updatedBy: request.session!.userId,
        })
        .returning({ id: connectRecords.id });
      connectRecordId = record!.id;
    }
    await audit(tx, request, {
      module: 'sales',
      action: 'sendQuote',
      recordType: 'quote',
      recordId: quote.id,
      summary: `Sent quote ${quote.reference} to ${input.to}`,
      details: { params: { reference: quote.reference, to: input.to } },
    });
    return { to: input.to, connectRecordId };
  });
}
