import type { Locale, ReconciliationResolveRequest } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { conflict, notFound, refused } from '../../../platform/errors';
import { updateVersioned } from '../../../platform/versioned';
import { cardQueueEntries } from '../card-queue/card-queue.tables';
import type { GatewayLedger } from '../card-queue/gateway/stripe-ledger';
import { addPayment } from '../payments/payments.service';
import { customerPayments } from '../payments/payments.tables';
import { cardReconciliationDifferences } from './reconciliation.tables';

type DifferenceRow = typeof cardReconciliationDifferences.$inferSelect;

/** Which resolutions fit which difference; "explain" (with a note) fits every one. */
const FITS: Record<ReconciliationResolveRequest['action'], readonly DifferenceRow['kind'][]> = {
  record_payment: ['missing_payment'],
  refund: ['missing_payment', 'duplicate_charge'],
  explain: [
    'missing_payment',
    'no_gateway_charge',
    'charge_amount_differs',
    'duplicate_charge',
    'missing_refund',
    'no_gateway_refund',
    'refund_amount_differs',
    'duplicate_refund',
  ],
};

/** The difference, locked, checked open, at the caller's version and fit for the action. */
async function lockOpen(tx: Db, req: ReconciliationResolveRequest): Promise<DifferenceRow> {
  const [row] = await tx
    .select()
    .from(cardReconciliationDifferences)
    .where(eq(cardReconciliationDifferences.id, req.id))
    .for('update');
  if (!row) throw notFound('billing.reconciliation.difference');
  if (row.resolution !== null) throw refused('billing.reconciliation.notOpen');
  if (row.version !== req.version) throw conflict();
  if (!FITS[req.action].includes(row.kind)) throw refused('billing.reconciliation.actionNotFor');
  if (req.action === 'record_payment' && row.customerId === null) throw refused('billing.reconciliation.noCustomer');
  return row;
}

/** Checks a resolution before the gateway is asked (a refund): nothing is sent for a difference that cannot take it. */
export async function checkResolvable(db: Db, req: ReconciliationResolveRequest): Promise<DifferenceRow> {
  return db.transaction((tx) => lockOpen(tx, req));
}

/**
 * Resolves a difference in the caller's transaction. Recording a missed charge adds the customer's
 * card payment through billing's addPayment (dated the difference's day, applied like any payment,
 * carrying the gateway's charge id so the next comparison matches it) and settles a failed entry
 * that named it as approved. A refund was sent before (`gatewayRefundId`).
 */
export async function resolveDifference(
  tx: Db,
  actorId: number,
  req: ReconciliationResolveRequest,
  locale: Locale,
  gatewayRefundId = '',
): Promise<{ before: DifferenceRow; after: DifferenceRow; paymentId: number | null }> {
  const row = await lockOpen(tx, req);
  let paymentId: number | null = null;
  if (req.action === 'record_payment') {
    const [entry] = row.entryId ? await tx.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, row.entryId)) : [];
    const payment = await addPayment(
      tx,
      actorId,
      {
        customerId: row.customerId!,
        paidOn: row.businessDate,
        amountCents: row.gatewayAmountCents ?? 0,
        gratuityCents: 0,
        method: 'credit_card',
        checkNumber: '',
        giftCertificateNumber: '',
        cardLast4: entry?.cardLast4 ?? '',
        note: [entry?.serial, req.note].filter(Boolean).join(' '),
      },
      { jobId: entry?.jobId ?? null, locale },
    );
    await tx.update(customerPayments).set({ gatewayTransactionId: row.gatewayId }).where(eq(customerPayments.id, payment.id));
    paymentId = payment.id;
    if (entry && entry.status === 'failed' && entry.resolution === null) {
      await updateVersioned(
        tx,
        cardQueueEntries,
        'office.cardQueueEntry',
        entry,
        { status: 'approved', gatewayTransactionId: row.gatewayId, paymentId, declineCode: '' },
        actorId,
      );
    }
  }
  const [after] = await tx
    .update(cardReconciliationDifferences)
    .set({
      resolution: req.action === 'record_payment' ? 'recorded_payment' : req.action === 'refund' ? 'refunded' : 'explained',
      resolutionNote: req.note,
      resolvedAt: new Date(),
      resolvedBy: actorId,
      resolvedPaymentId: paymentId,
      gatewayRefundId,
      version: sql`${cardReconciliationDifferences.version} + 1`,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(cardReconciliationDifferences.id, row.id))
    .returning();
  return { before: row, after: after!, paymentId };
}

/** Sends the refund of a difference's charge to the gateway (once per difference: its key and metadata). */
export function refundDifference(ledger: GatewayLedger, row: DifferenceRow) {
  return ledger.refundDuplicate({ chargeId: row.gatewayId, amountCents: row.gatewayAmountCents ?? 0, differenceId: row.id });
}
