import { addDays, type InvoiceLine } from '@tidyhouse/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { type AuditEntry, audit, auditAsUser } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError, conflict, notFound, refused } from '../../../platform/errors';
import { nextReference } from '../../../platform/references';
import { requestInContext } from '../../../platform/write-guard';
import { customers } from '../../customers/customers.tables';
import { assertDaysOpen } from '../../office/day-lock';
import { adjustApprovedPay } from '../../payroll/wages/pay-adjustments';
import { jobLines, jobs } from '../../service/jobs/jobs.tables';
import { quoteParameters } from '../../system/settings.tables';
import { afterInvoiceIssued, afterInvoiceVoided, lockBalance } from '../balances/balances.service';
import { changeReason, type InvoiceDraft, invoiceDraftOf, sameInvoice } from './invoice-draft';
import { invoiceLines, invoices } from './invoices.tables';

/**
 * Invoices as records (docs/business-rules.md "Invoices and balances"): one per billable job, issued
 * in the transaction that completes it, frozen once issued. A later change of the job's money voids
 * it with a reason and issues a correction naming it; a closed issue day refuses both (10010).
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The operation log entry of an invoice change: with the request when one is running (its address
 * and id), else as the actor alone (work outside a request).
 */
async function auditInvoice(tx: Db, actorId: number | null, entry: AuditEntry): Promise<void> {
  const request = requestInContext();
  if (request?.session) return audit(tx, request, entry);
  await auditAsUser(tx, actorId, entry);
}

/** 10010 naming the invoice when its issue day is closed (an issued day's invoices are final). */
async function assertIssueDayOpen(tx: Db, invoice: { number: string; issuedOn: string }): Promise<void> {
  try {
    await assertDaysOpen(tx, [invoice.issuedOn]);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'office.dayClosed')
      throw refused('billing.invoiceDayClosed', { number: invoice.number, date: invoice.issuedOn });
    throw error;
  }
}

async function paymentTermsDays(tx: Db): Promise<number> {
  const [row] = await tx.select({ days: quoteParameters.paymentTermsDays }).from(quoteParameters).limit(1);
  return row?.days ?? 0;
}

/** Inserts the invoice of a draft, dated business today, and lets balances apply the customer's credit. */
async function insertInvoice(
  tx: Db,
  actorId: number,
  job: { id: number; reference: string },
  draft: InvoiceDraft,
  correctsInvoiceId: number | null,
): Promise<InvoiceRow> {
  const issuedOn = await businessToday(tx);
  await assertDaysOpen(tx, [issuedOn]);
  const [customer] = await tx.select({ language: customers.language }).from(customers).where(eq(customers.id, draft.customerId));
  const [row] = await tx
    .insert(invoices)
    .values({
      number: await nextReference(tx, 'INV', issuedOn),
      customerId: draft.customerId,
      jobId: job.id,
      issuedOn,
      dueOn: addDays(issuedOn, await paymentTermsDays(tx)),
      language: customer?.language === 'zh' ? 'zh' : 'en',
      subtotalCents: draft.subtotalCents,
      discountCents: draft.discountCents,
      taxCents: draft.taxCents,
      totalCents: draft.totalCents,
      correctsInvoiceId,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  const invoice = row!;
  await tx.insert(invoiceLines).values(draft.lines.map((l) => ({ ...l, invoiceId: invoice.id })));
  await afterInvoiceIssued(tx, invoice.id, actorId);
  await auditInvoice(tx, actorId, {
    module: 'billing',
    action: 'issueInvoice',
    recordType: 'invoice',
    recordId: invoice.id,
    details: {
      ...(correctsInvoiceId === null ? {} : { key: 'billing.correctInvoice' }),
      params: {
        number: invoice.number,
        reference: job.reference,
        totalCents: invoice.totalCents,
        customerId: invoice.customerId,
        dueOn: invoice.dueOn,
        corrects: correctsInvoiceId === null ? null : await numberOf(tx, correctsInvoiceId),
      },
    },
  });
  return invoice;
}

async function numberOf(tx: Db, id: number): Promise<string> {
  const [row] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return row?.number ?? '';
}

/** Sets an invoice void (its issue day must be open) and gives what was applied to it back as credit. */
async function markVoid(tx: Db, actorId: number, invoice: InvoiceRow, reason: string, by: 'hand' | 'job'): Promise<InvoiceRow> {
  if (invoice.status === 'void') throw refused('billing.invoiceAlreadyVoid', { number: invoice.number });
  await assertIssueDayOpen(tx, invoice);
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'void',
      voidReason: reason.slice(0, 500),
      voidedAt: new Date(),
      voidedBy: actorId,
      version: sql`${invoices.version} + 1`,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await afterInvoiceVoided(tx, invoice.id, actorId);
  await auditInvoice(tx, actorId, {
    module: 'billing',
    action: 'voidInvoice',
    recordType: 'invoice',
    recordId: invoice.id,
    details: {
      params: { number: invoice.number, totalCents: invoice.totalCents, appliedCents: invoice.appliedCents, reason, by },
    },
  });
  return row!;
}

async function liveInvoiceOf(tx: Db, jobId: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), ne(invoices.status, 'void')))
    .for('update');
  return row;
}

async function linesOf(tx: Db, invoiceId: number): Promise<InvoiceLine[]> {
  return tx
    .select({
      position: invoiceLines.position,
      kind: invoiceLines.kind,
      descriptionEn: invoiceLines.descriptionEn,
      descriptionZh: invoiceLines.descriptionZh,
      quantity: invoiceLines.quantity,
      unitCents: invoiceLines.unitCents,
      amountCents: invoiceLines.amountCents,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

/** The last void invoice of the job not yet corrected: a re-issue names it. */
async function lastUncorrected(tx: Db, jobId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.jobId, jobId),
        eq(invoices.status, 'void'),
        sql`not exists (select 1 from invoices c where c.corrects_invoice_id = ${invoices.id})`,
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Brings a job's invoice in line with the job, inside the transaction that changed the job (every
 * path that completes, cancels or edits a job calls it after the job's costing is stored):
 * - no live invoice: one is issued when the job is billable and either just became so (`statusChanged`)
 *   or never had one (a void by hand is not undone by a later edit);
 * - a live invoice the job no longer justifies (reopened, total now 0): void with the reason;
 * - a live invoice whose money differs (lines, coupon, discount, tax, customer): void, and a
 *   correction naming it is issued.
 * Returns the live invoice after the change (null when none).
 */
export async function syncJobInvoice(
  tx: Db,
  actorId: number,
  jobId: number,
  opts: { statusChanged?: boolean } = {},
): Promise<InvoiceRow | null> {
  const live = await syncInvoice(tx, actorId, jobId, opts);
  // Every change of a job's money passes here: approved pay holding the job takes it as an adjustment.
  await adjustApprovedPay(tx, actorId, { jobIds: [jobId], kind: 'jobPrice' });
  return live;
}

async function syncInvoice(
  tx: Db,
  actorId: number,
  jobId: number,
  opts: { statusChanged?: boolean },
): Promise<InvoiceRow | null> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound('jobs.job');
  const lines = await tx.select().from(jobLines).where(eq(jobLines.jobId, jobId));
  const draft = invoiceDraftOf(job, lines);
  // Customer rows before invoice rows, the order payments take them in (lockBalance, then the
  // invoices): two orders would let a payment and a job edit deadlock.
  const [current] = await tx
    .select({ customerId: invoices.customerId })
    .from(invoices)
    .where(and(eq(invoices.jobId, jobId), ne(invoices.status, 'void')));
  if (draft || current) {
    const ids = [...new Set([job.customerId, ...(current ? [current.customerId] : [])])].sort((a, b) => a - b);
    for (const id of ids) await lockBalance(tx, id);
  }
  const live = await liveInvoiceOf(tx, jobId);
  if (!live) {
    if (!draft) return null;
    const hadOne = (await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.jobId, jobId)).limit(1)).length > 0;
    if (hadOne && !opts.statusChanged) return null;
    return insertInvoice(tx, actorId, job, draft, await lastUncorrected(tx, jobId));
  }
  if (draft && sameInvoice(live, await linesOf(tx, live.id), draft)) return live;
  await markVoid(tx, actorId, live, changeReason(job.reference, live, draft, job.status), 'job');
  return draft ? insertInvoice(tx, actorId, job, draft, live.id) : null;
}

/** Issues the invoice of a job just completed (or cancelled with a fee); the live one if it has one. */
export const issueInvoiceForJob = (tx: Db, actorId: number, jobId: number) =>
  syncJobInvoice(tx, actorId, jobId, { statusChanged: true });

/** A void by hand (PAYMENTS_MANAGE): payments applied to it go back to the customer's credit. */
export async function voidInvoice(
  tx: Db,
  actorId: number,
  req: { id: number; version: number; reason: string },
): Promise<InvoiceRow> {
  const [found] = await tx.select({ customerId: invoices.customerId }).from(invoices).where(eq(invoices.id, req.id));
  if (!found) throw notFound('billing.invoice');
  await lockBalance(tx, found.customerId); // the customer first, as payments do
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, req.id)).for('update');
  if (!invoice) throw notFound('billing.invoice');
  if (invoice.version !== req.version) throw conflict();
  return markVoid(tx, actorId, invoice, req.reason, 'hand');
}
