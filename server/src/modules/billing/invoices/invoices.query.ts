import type { Invoice, InvoiceDetail, InvoiceListRequest, InvoiceListResponse, InvoiceStatus } from '@tidyhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { likeEscape } from '../../../platform/list';

interface InvoiceSqlRow {
  id: number;
  version: number;
  number: string;
  customer_id: number;
  customer_name: string;
  job_id: number;
  job_reference: string;
  service_date: string | null;
  issued_on: string;
  due_on: string;
  status: InvoiceStatus;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  applied_cents: number;
  void_reason: string;
  voided_at: Date | string | null;
  corrects_invoice_id: number | null;
  corrects_number: string | null;
  corrected_by_id: number | null;
  corrected_by_number: string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
  total?: number | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toInvoice(r: InvoiceSqlRow): Invoice {
  const paid = Number(r.applied_cents);
  return {
    id: r.id,
    version: r.version,
    number: r.number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    jobId: r.job_id,
    jobReference: r.job_reference,
    serviceDate: r.service_date,
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    status: r.status,
    subtotalCents: r.subtotal_cents,
    discountCents: r.discount_cents,
    taxCents: r.tax_cents,
    totalCents: r.total_cents,
    paidCents: paid,
    openCents: r.status === 'void' ? 0 : r.total_cents - paid,
    voidReason: r.void_reason,
    voidedAt: iso(r.voided_at),
    correctsInvoiceId: r.corrects_invoice_id,
    correctsNumber: r.corrects_number ?? '',
    correctedByInvoiceId: r.corrected_by_id,
    correctedByNumber: r.corrected_by_number ?? '',
    sentAt: iso(r.sent_at),
    createdAt: iso(r.created_at)!,
  };
}

/** One query: the invoices with their customer's name, job reference and both ends of a correction. */
const selectInvoices = (where: SQL, tail: SQL) => sql`
  select i.id, i.version, i.number, i.customer_id, c.name as customer_name, i.job_id, j.reference as job_reference,
         j.service_date::text as service_date, i.issued_on::text as issued_on, i.due_on::text as due_on, i.status,
         i.subtotal_cents, i.discount_cents, i.tax_cents, i.total_cents, i.applied_cents, i.void_reason, i.voided_at,
         i.corrects_invoice_id, o.number as corrects_number, n.id as corrected_by_id, n.number as corrected_by_number,
         i.sent_at, i.created_at, count(*) over() as total
    from invoices i
    join customers c on c.id = i.customer_id
    join jobs j on j.id = i.job_id
    left join invoices o on o.id = i.corrects_invoice_id
    left join invoices n on n.corrects_invoice_id = i.id
   where ${where}
   ${tail}`;

const SORTS: Record<string, string> = {
  issuedOn: 'i.issued_on',
  dueOn: 'i.due_on',
  number: 'i.number',
  totalCents: 'i.total_cents',
};

/** The invoice list: filters of ZInvoiceListRequest, one page, newest first by default. */
export async function listInvoices(db: Db, req: InvoiceListRequest): Promise<InvoiceListResponse> {
  const where: SQL[] = [sql`true`];
  if (req.customerId !== undefined) where.push(sql`i.customer_id = ${req.customerId}`);
  if (req.status !== undefined) where.push(sql`i.status = ${req.status}`);
  if (req.unpaidOnly) where.push(sql`i.status in ('open', 'partly_paid')`);
  if (req.issuedFrom) where.push(sql`i.issued_on >= ${req.issuedFrom}`);
  if (req.issuedTo) where.push(sql`i.issued_on <= ${req.issuedTo}`);
  if (req.keyword) {
    const prefix = `${likeEscape(req.keyword)}%`;
    where.push(sql`(i.number ilike ${prefix} or c.name ilike ${prefix})`);
  }
  const column = req.sort ? SORTS[req.sort.field] : undefined;
  const order = column
    ? sql.raw(`${column} ${req.sort!.order === 'descend' ? 'desc' : 'asc'}, i.id desc`)
    : sql.raw('i.issued_on desc, i.id desc');
  const rows = await queryRows<InvoiceSqlRow>(
    db,
    selectInvoices(
      sql.join(where, sql` and `),
      sql`order by ${order} limit ${req.pageSize} offset ${(req.pageNum - 1) * req.pageSize}`,
    ),
  );
  return { list: rows.map(toInvoice), total: rows[0] ? Number(rows[0].total) : 0 };
}

/** One invoice with its lines and every application row (undone ones as negative rows). */
export async function invoiceDetail(db: Db, id: number): Promise<InvoiceDetail> {
  const [row] = await queryRows<InvoiceSqlRow>(db, selectInvoices(sql`i.id = ${id}`, sql``));
  if (!row) throw notFound('billing.invoice');
  const lines = await queryRows<{
    position: number;
    kind: InvoiceDetail['lines'][number]['kind'];
    description_en: string;
    description_zh: string;
    quantity: number;
    unit_cents: number;
    amount_cents: number;
  }>(db, sql`select * from invoice_lines where invoice_id = ${id} order by position`);
  const applications = await queryRows<{
    id: number;
    payment_id: number;
    paid_on: string;
    method: string;
    amount_cents: number;
    created_at: Date | string;
  }>(
    db,
    sql`select pa.id, pa.payment_id, p.paid_on::text as paid_on, p.method, pa.amount_cents, pa.created_at
          from payment_applications pa join customer_payments p on p.id = pa.payment_id
         where pa.invoice_id = ${id} order by pa.id`,
  );
  return {
    ...toInvoice(row),
    lines: lines.map((l) => ({
      position: l.position,
      kind: l.kind,
      descriptionEn: l.description_en,
      descriptionZh: l.description_zh,
      quantity: l.quantity,
      unitCents: l.unit_cents,
      amountCents: l.amount_cents,
    })),
    applications: applications.map((a) => ({
      id: a.id,
      paymentId: a.payment_id,
      paidOn: a.paid_on,
      method: a.method,
      amountCents: Number(a.amount_cents),
      createdAt: iso(a.created_at)!,
    })),
  };
}
