import { formatCents, type InvoiceLine } from '@tidyhouse/contract';
import type { jobLines, jobs } from '../../service/jobs/jobs.tables';

type JobRow = typeof jobs.$inferSelect;
type JobLineRow = typeof jobLines.$inferSelect;

/** What an invoice of a job holds; compared with the live invoice to see whether the job's money changed. */
export interface InvoiceDraft {
  customerId: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  lines: InvoiceLine[];
}

const line = (
  position: number,
  kind: InvoiceLine['kind'],
  descriptionEn: string,
  descriptionZh: string,
  quantity: number,
  unitCents: number,
  amountCents: number,
): InvoiceLine => ({
  position,
  kind,
  descriptionEn: descriptionEn.slice(0, 200),
  descriptionZh: descriptionZh.slice(0, 200),
  quantity,
  unitCents,
  amountCents,
});

const percent = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * The invoice a job should have (docs/business-rules.md "Invoices and balances"), or null when it
 * gets none: a re-clean, a job not completed (nor closed), a completed job whose total is 0, a
 * cancelled job without a fee. The figures are the job's stored costing: subtotal = its revenue
 * (the lines, or the flat rate), discount = coupon + discount, tax, total = its invoice total.
 */
export function invoiceDraftOf(job: JobRow, jobLineRows: readonly JobLineRow[]): InvoiceDraft | null {
  if (job.recleanOfJobId !== null) return null;
  const totals = {
    customerId: job.customerId,
    subtotalCents: job.revenueCents,
    discountCents: job.discountsCents,
    taxCents: job.taxesCents,
    totalCents: job.invoiceTotalCents,
  };
  if (job.status === 'cancelled') {
    if (job.cancelFeeCents <= 0) return null;
    const fee = job.cancelFeeCents;
    return {
      ...totals,
      lines: [line(1, 'cancel_fee', `Cancellation fee (${job.reference})`, `取消费（${job.reference}）`, 1, fee, fee)],
    };
  }
  if (job.status !== 'completed' && job.status !== 'closed') return null;
  if (job.invoiceTotalCents <= 0) return null;
  const lines: InvoiceLine[] = [];
  const add = (kind: InvoiceLine['kind'], en: string, zh: string, quantity: number, unit: number, amount: number) =>
    lines.push(line(lines.length + 1, kind, en, zh, quantity, unit, amount));
  const flat = job.flatRateCents;
  if (flat !== null) add('service', 'Agreed price', '约定价格', 1, flat, flat);
  for (const l of [...jobLineRows].sort((a, b) => a.sortOrder - b.sortOrder)) {
    // Under an agreed price the lines say what it covers, at no charge of their own.
    const charged = flat === null && !l.free;
    const unit = charged ? l.amountCents / l.quantity : 0;
    const note = l.free && flat === null ? { en: ' (no charge)', zh: '（免费）' } : { en: '', zh: '' };
    add('service', `${l.nameEn}${note.en}`, `${l.nameZh}${note.zh}`, l.quantity, unit, charged ? l.amountCents : 0);
  }
  const coupon = Math.min(job.couponCents, job.revenueCents);
  if (coupon > 0) {
    const code = job.couponCode ? ` ${job.couponCode}` : '';
    add('coupon', `Coupon${code}`, `优惠券${code}`, 1, -coupon, -coupon);
  }
  const discount = job.discountsCents - coupon;
  if (discount > 0) add('discount', 'Discount', '折扣', 1, -discount, -discount);
  if (job.taxesCents > 0)
    add('tax', `Sales tax ${percent(job.salesTaxBps)}`, `销售税 ${percent(job.salesTaxBps)}`, 1, job.taxesCents, job.taxesCents);
  return { ...totals, lines };
}

/** Whether a live invoice still says what the draft says (same customer, amounts and lines). */
export function sameInvoice(invoice: Omit<InvoiceDraft, 'lines'>, lines: readonly InvoiceLine[], draft: InvoiceDraft): boolean {
  const key = (l: InvoiceLine) => [l.kind, l.descriptionEn, l.descriptionZh, l.quantity, l.unitCents, l.amountCents].join('|');
  return (
    invoice.customerId === draft.customerId &&
    invoice.subtotalCents === draft.subtotalCents &&
    invoice.discountCents === draft.discountCents &&
    invoice.taxCents === draft.taxCents &&
    invoice.totalCents === draft.totalCents &&
    lines.length === draft.lines.length &&
    [...lines].sort((a, b) => a.position - b.position).every((l, i) => key(l) === key(draft.lines[i]!))
  );
}

/** Why a job's invoice is void, in words (kept on the invoice and in the operation log). */
export function changeReason(
  reference: string,
  invoice: { customerId: number; totalCents: number },
  draft: InvoiceDraft | null,
  status: string,
): string {
  if (!draft) {
    if (status !== 'completed' && status !== 'closed' && status !== 'cancelled')
      return `Job ${reference} is no longer completed (now ${status})`;
    return `Job ${reference} changed: total ${formatCents(invoice.totalCents)} → ${formatCents(0)}, nothing to invoice`;
  }
  if (invoice.customerId !== draft.customerId) return `Job ${reference} changed: it belongs to another customer`;
  if (invoice.totalCents !== draft.totalCents)
    return `Job ${reference} changed: total ${formatCents(invoice.totalCents)} → ${formatCents(draft.totalCents)}`;
  return `Job ${reference} changed: its invoice lines (total ${formatCents(draft.totalCents)})`;
}
