import { type BusinessProfile, formatCents, type InvoiceLine, type InvoiceStatus, type Locale } from '@tidyhouse/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle, table } from '../../../platform/pdf';
import { customerLocations, customers } from '../../customers/customers.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { disclaimerOptions } from '../../system/disclaimers.service';
import { readBusinessProfile } from '../../system/params.service';
import { paymentParameters } from '../../system/settings.tables';
import { invoiceLines, invoices } from '../invoices/invoices.tables';

/**
 * The invoice as the customer receives it (printed, downloaded or e-mailed), in the invoice's
 * language (the customer's when it was issued): the business and where to send payment, who it is
 * for and where the work was done, the frozen lines and totals, what is paid and still open, the
 * void or the correction it is part of, and the active invoice disclaimers.
 */

const TEXT = {
  en: {
    title: 'Invoice',
    remitTo: 'Please remit to',
    billTo: 'Bill to',
    serviceAt: 'Service address',
    issued: 'Issue date',
    due: 'Due date',
    dueOnReceipt: 'Due on receipt',
    job: 'Job',
    serviceDate: 'Service date',
    item: 'Description',
    quantity: 'Qty',
    unit: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discounts',
    tax: 'Sales tax',
    total: 'Total',
    paid: 'Paid',
    open: 'Amount due',
    void: 'VOID',
    voidReason: 'This invoice is void: {reason}',
    corrects: 'Corrects {number}',
    correctedBy: 'Corrected by {number}',
    disclaimer: 'Terms',
    fileName: 'INV',
  },
  zh: {
    title: '发票',
    remitTo: '付款寄至',
    billTo: '客户',
    serviceAt: '服务地址',
    issued: '开票日期',
    due: '到期日',
    dueOnReceipt: '收到即付',
    job: '工单',
    serviceDate: '服务日期',
    item: '项目',
    quantity: '数量',
    unit: '单价',
    amount: '金额',
    subtotal: '小计',
    discount: '折扣',
    tax: '销售税',
    total: '合计',
    paid: '已付',
    open: '应付余额',
    void: '已作废',
    voidReason: '本发票已作废：{reason}',
    corrects: '更正 {number}',
    correctedBy: '已由 {number} 更正',
    disclaimer: '条款',
    fileName: 'INV',
  },
} as const;

export interface InvoiceDocumentData {
  id: number;
  number: string;
  status: InvoiceStatus;
  language: Locale;
  issuedOn: string;
  dueOn: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  openCents: number;
  voidReason: string;
  correctsNumber: string;
  correctedByNumber: string;
  sentAt: Date | null;
  customer: { id: number; name: string; email: string; phone: string; address: string };
  job: { id: number; reference: string; serviceDate: string | null; address: string };
  lines: InvoiceLine[];
}

export interface RemitTo {
  name: string;
  lines: string[];
}

const joinAddress = (parts: { address1: string; address2?: string; city: string; state: string; zip: string }) =>
  [parts.address1, parts.address2, parts.city, [parts.state, parts.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

const corrects = alias(invoices, 'corrects');
const correctedBy = alias(invoices, 'corrected_by');
const serviceLocation = alias(customerLocations, 'service_location');

/** One invoice with its customer, job, lines and correction numbers (10004 when there is none). */
export async function loadInvoiceDocument(db: Db, id: number): Promise<InvoiceDocumentData> {
  const [row] = await db
    .select({
      invoice: invoices,
      customer: customers,
      billing: customerLocations,
      job: { id: jobs.id, reference: jobs.reference, serviceDate: jobs.serviceDate },
      site: serviceLocation,
      correctsNumber: corrects.number,
      correctedByNumber: correctedBy.number,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(jobs, eq(jobs.id, invoices.jobId))
    .innerJoin(serviceLocation, eq(serviceLocation.id, jobs.locationId))
    .leftJoin(
      customerLocations,
      and(
        eq(customerLocations.customerId, invoices.customerId),
        eq(customerLocations.isPrimary, true),
        isNull(customerLocations.deletedAt),
      ),
    )
    .leftJoin(corrects, eq(corrects.id, invoices.correctsInvoiceId))
    .leftJoin(correctedBy, eq(correctedBy.correctsInvoiceId, invoices.id))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!row) throw notFound('billing.invoice');
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position));
  const inv = row.invoice;
  const isVoid = inv.status === 'void';
  return {
    id: inv.id,
    number: inv.number,
    status: inv.status,
    language: inv.language === 'zh' ? 'zh' : 'en',
    issuedOn: inv.issuedOn,
    dueOn: inv.dueOn,
    subtotalCents: inv.subtotalCents,
    discountCents: inv.discountCents,
    taxCents: inv.taxCents,
    totalCents: inv.totalCents,
    paidCents: isVoid ? 0 : inv.appliedCents,
    openCents: isVoid ? 0 : inv.totalCents - inv.appliedCents,
    voidReason: inv.voidReason,
    correctsNumber: row.correctsNumber ?? '',
    correctedByNumber: row.correctedByNumber ?? '',
    sentAt: inv.sentAt,
    customer: {
      id: row.customer.id,
      name: row.customer.name,
      email: row.customer.email,
      phone: row.customer.phone1,
      address: row.billing ? joinAddress(row.billing) : joinAddress({ ...row.customer, state: '' }),
    },
    job: { ...row.job, address: joinAddress(row.site) },
    lines: lines.map(({ invoiceId: _, ...line }) => line),
  };
}

/** The remit-to address of the payment parameters, or the business address when none is set. */
export async function readRemitTo(db: Db, business: BusinessProfile): Promise<RemitTo> {
  const [p] = await db.select().from(paymentParameters).limit(1);
  if (p?.remitToName || p?.remitToStreet) {
    return {
      name: p.remitToName || business.name,
      lines: [
        p.remitToStreet,
        [p.remitToCity, [p.remitToState, p.remitToZip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ],
    };
  }
  return {
    name: business.name,
    lines: [
      [business.street, business.suite].filter(Boolean).join(', '),
      [business.city, [business.state, business.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    ],
  };
}

export const invoiceFileName = (invoice: Pick<InvoiceDocumentData, 'number'>) => `${invoice.number}.pdf`;

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

export async function invoicePdf(
  data: InvoiceDocumentData,
  business: BusinessProfile,
  remitTo: RemitTo,
  disclaimers: string[],
): Promise<Buffer> {
  const lng = data.language;
  const text = TEXT[lng];
  const money = (cents: number) => formatCents(cents, lng);
  const doc = createPdf({ title: `${text.title} ${data.number}`, author: business.name });

  heading(doc, business.name, 14);
  subtitle(doc, [...remitTo.lines, business.phone]);
  heading(doc, `${text.title} ${data.number}${data.status === 'void' ? ` — ${text.void}` : ''}`);
  if (data.status === 'void') paragraph(doc, fill(text.voidReason, { reason: data.voidReason }));
  const links = [
    data.correctsNumber ? fill(text.corrects, { number: data.correctsNumber }) : '',
    data.correctedByNumber ? fill(text.correctedBy, { number: data.correctedByNumber }) : '',
  ].filter(Boolean);
  if (links.length > 0) subtitle(doc, links);

  facts(doc, [
    [text.billTo, [data.customer.name, data.customer.address].filter(Boolean).join('\n')],
    [text.serviceAt, data.job.address],
    [text.job, data.job.reference],
    [text.serviceDate, data.job.serviceDate ?? ''],
    [text.issued, data.issuedOn],
    [text.due, data.dueOn === data.issuedOn ? `${data.dueOn} (${text.dueOnReceipt})` : data.dueOn],
  ]);

  const describe = (line: InvoiceLine) =>
    lng === 'zh' ? line.descriptionZh || line.descriptionEn : line.descriptionEn || line.descriptionZh;
  const charged = data.lines.filter((line) => line.kind === 'service' || line.kind === 'cancel_fee');
  const adjustments = data.lines.filter((line) => line.kind !== 'service' && line.kind !== 'cancel_fee');
  const rows = charged.map((line) => [describe(line), String(line.quantity), money(line.unitCents), money(line.amountCents)]);
  const total = (label: string, cents: number) => [label, '', '', money(cents)];
  rows.push(total(text.subtotal, data.subtotalCents));
  // Discounts, coupons and tax by their own lines when the invoice has them, else by its totals.
  for (const line of adjustments) {
    const cents = line.kind === 'tax' ? line.amountCents : -Math.abs(line.amountCents);
    rows.push(total(describe(line) || (line.kind === 'tax' ? text.tax : text.discount), cents));
  }
  const has = (kinds: string[]) => adjustments.some((line) => kinds.includes(line.kind));
  if (data.discountCents !== 0 && !has(['discount', 'coupon'])) rows.push(total(text.discount, -Math.abs(data.discountCents)));
  if (data.taxCents !== 0 && !has(['tax'])) rows.push(total(text.tax, data.taxCents));
  rows.push(total(text.total, data.totalCents));
  table(
    doc,
    [
      { title: text.item, width: 0.5 },
      { title: text.quantity, width: 0.1, align: 'right' },
      { title: text.unit, width: 0.2, align: 'right' },
      { title: text.amount, width: 0.2, align: 'right' },
    ],
    rows,
    { totalRow: true },
  );
  if (data.status !== 'void') {
    facts(doc, [
      [text.paid, money(data.paidCents)],
      [text.open, money(data.openCents)],
    ]);
  }
  facts(doc, [[text.remitTo, [remitTo.name, ...remitTo.lines].filter(Boolean).join('\n')]]);
  for (const disclaimer of disclaimers) paragraph(doc, disclaimer, { title: text.disclaimer, small: true });
  return pdfBuffer(doc);
}

/** The PDF of loaded invoice data: in its language, with the active invoice disclaimers in that language. */
export async function renderInvoice(db: Db, data: InvoiceDocumentData): Promise<Buffer> {
  const business = await readBusinessProfile(db);
  const [remitTo, disclaimers] = await Promise.all([readRemitTo(db, business), disclaimerOptions(db, 'invoice')]);
  const texts = disclaimers.map((d) => (data.language === 'zh' ? d.textZh || d.textEn : d.textEn || d.textZh)).filter(Boolean);
  return invoicePdf(data, business, remitTo, texts);
}

export async function invoiceDocument(db: Db, id: number): Promise<{ data: InvoiceDocumentData; pdf: Buffer; fileName: string }> {
  const data = await loadInvoiceDocument(db, id);
  return { data, pdf: await renderInvoice(db, data), fileName: invoiceFileName(data) };
}
