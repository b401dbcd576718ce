import {
  AGING_BUCKETS,
  type AgingBucket,
  AUDIT_VALUE_TITLES,
  agingBucket,
  type BusinessProfile,
  formatCents,
  type Locale,
} from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { businessTimeZone, businessToday } from '../../../platform/business-date';
import { type Db, queryRows } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { createPdf, facts, heading, paragraph, pdfBuffer, subtitle, table } from '../../../platform/pdf';
import { customers } from '../../customers/customers.tables';
import { readBusinessProfile } from '../../system/params.service';
import { customerBalances } from '../invoices/invoices.tables';
import { readRemitTo } from './invoice-pdf';

/**
 * A customer's statement of account in the customer's language: the balance brought forward, every
 * invoice, invoice void, payment, payment void and refund of the period in date order with the
 * running balance, the closing balance, and the open invoices by age. The balance moves by what the
 * customer owes: + an invoice, − its void, − a payment (gratuity apart: it goes to the team), + a
 * payment's reversal, + a refund paid out. So the running balance at business today is the
 * maintained balance (customer_balances: open invoices − unapplied credit).
 */

export type StatementEntryKind = 'invoice' | 'invoiceVoid' | 'payment' | 'reversal' | 'refund';

export interface StatementEntry {
  date: string;
  kind: StatementEntryKind;
  reference: string;
  detail: string;
  /** + raises what the customer owes, − lowers it. */
  amountCents: number;
  balanceCents: number;
}

export interface StatementData {
  customer: { id: number; name: string; language: Locale; address: string };
  from: string;
  to: string;
  asOf: string;
  openingCents: number;
  entries: StatementEntry[];
  closingCents: number;
  /** The maintained balance now (customer_balances), and the open invoices by age as of today. */
  balanceCents: number;
  aging: Record<AgingBucket, number>;
}

/** A year back from `to`, the day after (2025-11-28 for 2026-11-27). */
export function yearBefore(to: string): string {
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface RawEntry {
  on_date: string;
  kind: StatementEntryKind;
  reference: string;
  detail: string;
  check_number: string;
  amount_cents: number | string;
}

export async function loadStatement(db: Db, query: { customerId: number; from?: string; to?: string }): Promise<StatementData> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, query.customerId));
  if (!customer || customer.deletedAt) throw notFound('customers.customer');
  const [tz, asOf] = await Promise.all([businessTimeZone(db), businessToday(db)]);
  const to = query.to ?? asOf;
  const from = query.from ?? yearBefore(to);
  const id = query.customerId;
  // Every movement up to `to`; those before `from` make the balance brought forward.
  const rows = await queryRows<RawEntry>(
    db,
    sql`select on_date::text as on_date, kind, reference, detail, check_number, amount_cents from (
          select i.issued_on as on_date, 1 as ord, i.created_at as at, i.id, 'invoice' as kind, i.number as reference,
                 '' as detail, '' as check_number, i.total_cents as amount_cents
            from invoices i where i.customer_id = ${id} and i.issued_on <= ${to}
          union all
          select (i.voided_at at time zone ${tz})::date, 2, i.voided_at, i.id, 'invoiceVoid', i.number, i.void_reason, '', -i.total_cents
            from invoices i
           where i.customer_id = ${id} and i.status = 'void' and i.voided_at is not null
             and (i.voided_at at time zone ${tz})::date <= ${to}
          union all
          select p.paid_on, 3, p.created_at, p.id, case when p.kind = 'reversal' then 'reversal' else 'payment' end,
                 '#' || p.id, p.method, p.check_number, -p.amount_cents
            from customer_payments p where p.customer_id = ${id} and p.paid_on <= ${to}
          union all
          select r.refunded_on, 4, r.created_at, r.id, 'refund', '#' || r.id, r.reason, '', r.amount_cents
            from customer_refunds r where r.customer_id = ${id} and r.status = 'refunded' and r.refunded_on <= ${to}
        ) e order by on_date, at, ord, id`,
  );
  let running = 0;
  const entries: StatementEntry[] = [];
  for (const row of rows) {
    const amountCents = Number(row.amount_cents);
    running += amountCents;
    if (row.on_date < from) continue;
    entries.push({
      date: row.on_date,
      kind: row.kind,
      reference: row.reference,
      detail: row.check_number ? `${row.detail} ${row.check_number}` : row.detail,
      amountCents,
      balanceCents: running,
    });
  }
  const openingCents = running - entries.reduce((sum, e) => sum + e.amountCents, 0);

  const [balance] = await db.select().from(customerBalances).where(eq(customerBalances.customerId, id));
  const open = await queryRows<{ due_on: string; open_cents: number | string }>(
    db,
    sql`select due_on::text as due_on, total_cents - applied_cents as open_cents from invoices
         where customer_id = ${id} and status in ('open', 'partly_paid')`,
  );
  const aging = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  for (const row of open) aging[agingBucket(row.due_on, asOf)] += Number(row.open_cents);
  return {
    customer: {
      id,
      name: customer.name,
      language: customer.language === 'zh' ? 'zh' : 'en',
      address: [customer.address1, customer.city, customer.zip].filter(Boolean).join(', '),
    },
    from,
    to,
    asOf,
    openingCents,
    entries,
    closingCents: running,
    balanceCents: Number(balance?.balanceCents ?? 0),
    aging,
  };
}

const TEXT = {
  en: {
    title: 'Statement of account',
    customer: 'Customer',
    period: 'Period',
    date: 'Date',
    item: 'Item',
    amount: 'Amount',
    balance: 'Balance',
    opening: 'Balance brought forward',
    closing: 'Closing balance',
    invoice: 'Invoice {reference}',
    invoiceVoid: 'Invoice {reference} void: {detail}',
    payment: 'Payment {reference}, {detail}',
    reversal: 'Payment voided {reference}, {detail}',
    refund: 'Refund {reference}, {detail}',
    owed: 'Amount due as of {date}',
    credit: 'Credit on account as of {date}',
    aging: 'Open invoices by age',
    current: 'Current',
    days1to30: '1–30 days',
    days31to60: '31–60 days',
    days61to90: '61–90 days',
    over90: 'Over 90 days',
    remitTo: 'Please remit to',
    fileName: 'Statement',
  },
  zh: {
    title: '客户对账单',
    customer: '客户',
    period: '期间',
    date: '日期',
    item: '项目',
    amount: '金额',
    balance: '余额',
    opening: '期初余额',
    closing: '期末余额',
    invoice: '发票 {reference}',
    invoiceVoid: '发票 {reference} 作废：{detail}',
    payment: '付款 {reference}，{detail}',
    reversal: '付款作废 {reference}，{detail}',
    refund: '退款 {reference}，{detail}',
    owed: '截至 {date} 应付金额',
    credit: '截至 {date} 账户余额（预付）',
    aging: '未付发票账龄',
    current: '未到期',
    days1to30: '逾期 1–30 天',
    days31to60: '逾期 31–60 天',
    days61to90: '逾期 61–90 天',
    over90: '逾期 90 天以上',
    remitTo: '付款寄至',
    fileName: '对账单',
  },
} as const;

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

/** A payment method or refund reason in words (the codes' titles); other text as it is. */
const words = (detail: string, lng: Locale) => detail.replace(/^[a-z_]+/, (code) => AUDIT_VALUE_TITLES[code]?.[lng] ?? code);

export const statementFileName = (data: Pick<StatementData, 'customer' | 'to'>) =>
  `${TEXT[data.customer.language].fileName} ${data.customer.name} ${data.to}.pdf`;

export async function statementPdf(data: StatementData, business: BusinessProfile, remitTo: { name: string; lines: string[] }) {
  const lng = data.customer.language;
  const text = TEXT[lng];
  const money = (cents: number) => formatCents(cents, lng);
  const doc = createPdf({ title: `${text.title} ${data.customer.name}`, author: business.name });
  heading(doc, business.name, 14);
  subtitle(doc, [...remitTo.lines, business.phone]);
  heading(doc, text.title);
  facts(doc, [
    [text.customer, [data.customer.name, data.customer.address].filter(Boolean).join('\n')],
    [text.period, `${data.from} – ${data.to}`],
  ]);
  const rows = [[data.from, text.opening, '', money(data.openingCents)]];
  for (const e of data.entries) {
    const item = fill(text[e.kind], {
      reference: e.reference,
      detail: e.kind === 'invoiceVoid' ? e.detail : words(e.detail, lng),
    }).replace(/[,，：:]\s*$/, '');
    rows.push([e.date, item, money(e.amountCents), money(e.balanceCents)]);
  }
  rows.push([data.to, text.closing, '', money(data.closingCents)]);
  table(
    doc,
    [
      { title: text.date, width: 0.17 },
      { title: text.item, width: 0.47 },
      { title: text.amount, width: 0.18, align: 'right' },
      { title: text.balance, width: 0.18, align: 'right' },
    ],
    rows,
    { totalRow: true },
  );
  const now = data.balanceCents >= 0 ? text.owed : text.credit;
  facts(doc, [[fill(now, { date: data.asOf }), money(Math.abs(data.balanceCents))]], 240);
  heading(doc, text.aging, 11);
  table(
    doc,
    AGING_BUCKETS.map((b) => ({ title: text[b], width: 1 / AGING_BUCKETS.length, align: 'right' as const })),
    [AGING_BUCKETS.map((b) => money(data.aging[b]))],
  );
  paragraph(doc, [remitTo.name, ...remitTo.lines].filter(Boolean).join('\n'), { title: text.remitTo });
  return pdfBuffer(doc);
}

export async function statementDocument(db: Db, query: { customerId: number; from?: string; to?: string }) {
  const data = await loadStatement(db, query);
  const business = await readBusinessProfile(db);
  const pdf = await statementPdf(data, business, await readRemitTo(db, business));
  return { data, pdf, fileName: statementFileName(data) };
}
