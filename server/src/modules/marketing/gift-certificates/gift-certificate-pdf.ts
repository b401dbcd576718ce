import { type Disclaimer, formatCents, formatGiftNumber, type GiftCertificate, type Locale } from '@tidyhouse/contract';
import type { Db } from '../../../platform/database';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle } from '../../../platform/pdf';
import type { FileReply } from '../../../platform/route';
import { disclaimerOptions } from '../../system/disclaimers.service';
import { readBusinessProfile } from '../../system/params.service';
import { giftCertificate } from './gift-certificates.service';

/**
 * The printable certificate the recipient receives, in the purchaser's language (or the one the office
 * picks): the amount, the number in groups of four, who it is for and from, the message, the business
 * and the active gift certificate disclaimers. Civil Code 1749.5: it states that it never expires and
 * carries no fees, and that a balance under $10 is paid out in cash on request.
 */

const TEXT = {
  en: {
    title: 'Gift Certificate',
    number: 'Certificate number',
    amount: 'Value',
    to: 'For',
    from: 'From',
    service: 'Service',
    issued: 'Issued',
    message: 'Message',
    law: 'This certificate never expires and carries no fees. It can be used toward any of our services; a remaining balance under $10.00 is paid out in cash on request (California Civil Code 1749.5). Quote the certificate number when you book or pay.',
    voided: 'VOIDED — this certificate can no longer be used.',
    terms: 'Terms',
    fileName: 'Gift certificate',
  },
  zh: {
    title: '礼品券',
    number: '礼品券号码',
    amount: '面值',
    to: '赠予',
    from: '来自',
    service: '服务',
    issued: '开具日期',
    message: '留言',
    law: '本礼品券永不过期，不收取任何费用，可用于我们的任何服务；剩余余额不足 $10.00 时，可应要求以现金退还（加州民法典第 1749.5 条）。预约或付款时请提供礼品券号码。',
    voided: '已作废——本礼品券不能再使用。',
    terms: '条款',
    fileName: '礼品券',
  },
} as const;

export async function giftCertificatePdf(
  certificate: GiftCertificate,
  lng: Locale,
  business: { name: string; street: string; suite: string; city: string; state: string; zip: string; phone: string },
  disclaimers: string[],
): Promise<Buffer> {
  const text = TEXT[lng];
  const number = formatGiftNumber(certificate.number);
  const doc = createPdf({ title: `${text.title} ${number}`, author: business.name });
  heading(doc, business.name, 14);
  subtitle(doc, [
    [business.street, business.suite].filter(Boolean).join(', '),
    [business.city, [business.state, business.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    business.phone,
  ]);
  heading(doc, text.title, 24);
  heading(doc, formatCents(certificate.certificateAmountCents, lng), 32);
  facts(doc, [
    [text.number, number],
    [text.to, certificate.recipientName],
    [text.from, certificate.purchaserName],
    ...(certificate.serviceDescription ? [[text.service, certificate.serviceDescription] as [string, string]] : []),
    [text.issued, certificate.purchasedOn],
  ]);
  if (certificate.message) paragraph(doc, certificate.message, { title: text.message });
  if (certificate.status === 'voided') paragraph(doc, text.voided, { title: text.terms });
  paragraph(doc, text.law, { small: true });
  for (const disclaimer of disclaimers) paragraph(doc, disclaimer, { small: true });
  return pdfBuffer(doc);
}

/** The certificate as a file, with the business's address and the active gift certificate disclaimers. */
export async function giftCertificateDocument(db: Db, id: number, lang: Locale | undefined): Promise<FileReply> {
  const certificate = await giftCertificate(db, id);
  const lng = lang ?? certificate.language;
  const [business, disclaimers] = await Promise.all([readBusinessProfile(db), disclaimerOptions(db, 'gift_certificate')]);
  const texts = disclaimers.map((d: Disclaimer) => (lng === 'zh' ? d.textZh || d.textEn : d.textEn || d.textZh)).filter(Boolean);
  const content = await giftCertificatePdf(certificate, lng, business, texts);
  return {
    content,
    fileName: `${TEXT[lng].fileName} ${certificate.number}.pdf`,
    mimeType: 'application/pdf',
  };
}
