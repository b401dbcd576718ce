import { z } from 'zod';
import { ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { listResponseOf, ZListRequest } from '../list';

/**
 * Invoices (issue 19; docs/business-rules.md "Invoices and balances"). One invoice per job when it is
 * completed, numbered INV-YYMM-NNNN, frozen once issued: a later change of the job voids it with a
 * reason and issues a corrected one that names the original.
 */

export const INVOICE_STATUSES = ['open', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What a line of an invoice is: copied from the job's pricing when the invoice is issued. */
export const INVOICE_LINE_KINDS = ['service', 'discount', 'coupon', 'tax', 'cancel_fee'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** Aging buckets by days past the due date (current = not yet due). */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an open amount due on `dueOn`, seen on business date `today` (both YYYY-MM-DD). */
export function agingBucket(dueOn: string, today: string): AgingBucket {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return 'current';
  if (days <= 30) return 'days1to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

export const ZInvoiceLine = z.object({
  position: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoice = z.object({
  id: z.number().int(),
  version: z.number().int(),
  number: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  jobId: z.number().int(),
  jobReference: z.string(),
  serviceDate: z.string().nullable(),
  issuedOn: z.string(),
  dueOn: z.string(),
  status: z.enum(INVOICE_STATUSES),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** Payments applied to it (net of undone applications). */
  paidCents: z.number().int(),
  /** total − paid; 0 for a void invoice. */
  openCents: z.number().int(),
  voidReason: z.string(),
  voidedAt: z.string().nullable(),
  /** The invoice this one corrects, and the one that corrected this one. */
  correctsInvoiceId: z.number().int().nullable(),
  correctsNumber: z.string(),
  correctedByInvoiceId: z.number().int().nullable(),
  correctedByNumber: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof ZInvoice>;

export const ZInvoiceApplication = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  paidOn: z.string(),
  method: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
});
export type InvoiceApplication = z.infer<typeof ZInvoiceApplication>;

export const ZInvoiceDetail = ZInvoice.extend({
  lines: z.array(ZInvoiceLine),
  applications: z.array(ZInvoiceApplication),
});
export type InvoiceDetail = z.infer<typeof ZInvoiceDetail>;

export const ZInvoiceListRequest = ZListRequest.extend({
  customerId: ZRecordId.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  /** Open and partly paid together. */
  unpaidOnly: z.boolean().optional(),
  issuedFrom: ZIsoDate.optional(),
  issuedTo: ZIsoDate.optional(),
  /** Invoice number or customer name, prefix. */
  keyword: z.string().trim().max(64).optional(),
});
export type InvoiceListRequest = z.infer<typeof ZInvoiceListRequest>;
export const ZInvoiceListResponse = listResponseOf(ZInvoice);
export type InvoiceListResponse = z.infer<typeof ZInvoiceListResponse>;

export const ZInvoiceVoidRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  reason: z.string().trim().min(1).max(500),
});
export type InvoiceVoidRequest = z.infer<typeof ZInvoiceVoidRequest>;

export const ZAgingRequest = ZListRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  /** Only customers with something past due. */
  pastDueOnly: z.boolean().optional(),
});
export type AgingRequest = z.infer<typeof ZAgingRequest>;

/** GET /billing/agingExport: the same filters as query parameters. */
export const ZAgingExportQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  pastDueOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type AgingExportQuery = z.infer<typeof ZAgingExportQuery>;
/** The export is refused above this many customers: narrow the filters. */
export const AGING_EXPORT_MAX_ROWS = 20_000;

export const ZAgingAmounts = z.object({
  currentCents: z.number().int(),
  days1to30Cents: z.number().int(),
  days31to60Cents: z.number().int(),
  days61to90Cents: z.number().int(),
  over90Cents: z.number().int(),
  /** Open invoices in all buckets. */
  openCents: z.number().int(),
  /** Unapplied credit on account. */
  creditCents: z.number().int(),
  /** open − credit. */
  balanceCents: z.number().int(),
});
export type AgingAmounts = z.infer<typeof ZAgingAmounts>;

export const ZAgingRow = ZAgingAmounts.extend({
  customerId: z.number().int(),
  customerName: z.string(),
  phone: z.string(),
  oldestDueOn: z.string().nullable(),
});
export type AgingRow = z.infer<typeof ZAgingRow>;

export const ZAgingResponse = z.object({
  list: z.array(ZAgingRow),
  total: z.number().int(),
  /** Totals over every customer with an open invoice or credit (not just the page). */
  totals: ZAgingAmounts,
  /** The business date the buckets are counted from. */
  asOf: z.string(),
});
export type AgingResponse = z.infer<typeof ZAgingResponse>;
