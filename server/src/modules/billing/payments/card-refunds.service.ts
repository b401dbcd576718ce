import { randomUUID } from 'node:crypto';
import { formatCents, type Locale, type RefundAddRequest, type RefundStatus } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { assertNotAfterToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { conflict, refused } from '../../../platform/errors';
import { afterRefundChanged } from '../balances/balances.service';
import { keyUsable } from '../card-queue/charge-entry';
import type { CardGateway, GatewayFailure } from '../card-queue/gateway/stripe-gateway';
import { assertRefundable, lockCustomer } from './payments.service';
import { customerPayments, customerRefunds } from './payments.tables';

/**
 * Refunds that go back to a card through the gateway (issue 12; docs/business-rules.md "Card refunds").
 *
 * Why money never goes back twice: the refund row is written first (status not_refunded) with ONE
 * idempotency key for its whole life, the gateway is called outside any transaction with that key,
 * and the answer is written only while the row is still not_refunded. A second submit of the same
 * dialog carries the same request key and finds the row. The refund carries metadata naming the row,
 * and a row sent before (a crash between the gateway's answer and our write) is first looked up at
 * the gateway: a refund found is recorded, not sent again; nothing relies on the gateway replaying
 * a key, and a key past its replay window (charge-entry.ts) is never sent again.
 */

type RefundRow = typeof customerRefunds.$inferSelect;

/** Records a card refund, not yet sent (or finds the one this request key already recorded). */
export async function recordCardRefund(
  tx: Db,
  actorId: number,
  req: RefundAddRequest & { cardPaymentId: number },
  locale: Locale,
): Promise<{ row: RefundRow; existing: boolean }> {
  await assertNotAfterToday(tx, 'refundedOn', req.refundedOn);
  const idempotencyKey = `refund-${req.requestKey ?? randomUUID()}`;
  await lockCustomer(tx, req.customerId);
  const [already] = await tx.select().from(customerRefunds).where(eq(customerRefunds.idempotencyKey, idempotencyKey));
  if (already) {
    if (
      already.customerId !== req.customerId ||
      already.amountCents !== req.amountCents ||
      already.cardPaymentId !== req.cardPaymentId
    )
      throw refused('customers.cardRefundKeyReused');
    return { row: already, existing: true };
  }
  const [payment] = await tx
    .select()
    .from(customerPayments)
    .where(and(eq(customerPayments.id, req.cardPaymentId), eq(customerPayments.customerId, req.customerId)));
  if (payment?.kind !== 'payment' || payment.method !== 'credit_card' || !payment.gatewayTransactionId)
    throw refused('customers.cardRefundNotCard');
  if (payment.reversedById !== null) throw refused('customers.cardRefundVoided');
  const charged = payment.amountCents + payment.gratuityCents;
  const [sent] = await tx
    .select({ cents: sql<string>`coalesce(sum(${customerRefunds.amountCents}), 0)` })
    .from(customerRefunds)
    .where(eq(customerRefunds.cardPaymentId, payment.id));
  const left = charged - Number(sent?.cents ?? 0);
  if (req.amountCents > left) {
    throw refused('customers.cardRefundTooLarge', {
      amount: formatCents(req.amountCents, locale),
      left: formatCents(Math.max(0, left), locale),
      charged: formatCents(charged, locale),
    });
  }
  await assertRefundable(tx, req.customerId, req.amountCents, null, locale);
  const [row] = await tx
    .insert(customerRefunds)
    .values({
      customerId: req.customerId,
      refundedOn: req.refundedOn,
      amountCents: req.amountCents,
      reason: req.reason,
      status: 'not_refunded',
      note: req.note,
      cardPaymentId: payment.id,
      idempotencyKey,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  return { row: row!, existing: false };
}

export type CardRefundOutcome = { refunded: true; row: RefundRow } | { refunded: false; row: RefundRow; failure: GatewayFailure };

/** The metadata key naming our refund row on the gateway's refund. */
export const REFUND_ROW_METADATA = 'tidyhouse_refund';

/**
 * Sends a recorded card refund to the gateway with its key and writes the answer (and `logged`, in the
 * same transaction, when this request wrote it). A refund already refunded is answered as it is.
 */
export async function sendCardRefund(
  db: Db,
  gateway: CardGateway,
  refundId: number,
  actorId: number,
  logged: (tx: Db, row: RefundRow) => Promise<void>,
): Promise<CardRefundOutcome> {
  const [row] = await db.select().from(customerRefunds).where(eq(customerRefunds.id, refundId));
  if (!row || row.cardPaymentId === null) throw new Error(`refund ${refundId} is not a card refund`);
  if (row.status === 'refunded') return { refunded: true, row };
  const [payment] = await db.select().from(customerPayments).where(eq(customerPayments.id, row.cardPaymentId));
  const transactionId = payment!.gatewayTransactionId;
  let gatewayRefundId = '';
  if (row.gatewaySentAt) {
    const found = await gateway.findRefund(transactionId, REFUND_ROW_METADATA, String(row.id));
    if (!found.ok) return { refunded: false, row, failure: found };
    gatewayRefundId = found.refundId ?? '';
  }
  if (!gatewayRefundId) {
    await db
      .update(customerRefunds)
      .set({ gatewaySentAt: sql`coalesce(${customerRefunds.gatewaySentAt}, now())` as unknown as Date })
      .where(eq(customerRefunds.id, row.id));
    const sent = await gateway.refund({
      transactionId,
      amountCents: row.amountCents,
      idempotencyKey: keyUsable(row.gatewaySentAt) ? row.idempotencyKey : undefined,
      metadata: { [REFUND_ROW_METADATA]: String(row.id), customer: String(row.customerId) },
    });
    if (!sent.ok) return { refunded: false, row, failure: sent };
    gatewayRefundId = sent.refundId;
  }
  return db.transaction(async (tx) => {
    const [written] = await tx
      .update(customerRefunds)
      .set({
        status: 'refunded',
        gatewayRefundId,
        version: sql`${customerRefunds.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actorId,
      })
      .where(and(eq(customerRefunds.id, row.id), eq(customerRefunds.status, 'not_refunded')))
      .returning();
    if (written) {
      // The refunded money leaves the customer's credit (or undoes the newest applications).
      await afterRefundChanged(tx, written.id, actorId);
      await logged(tx, written);
      return { refunded: true, row: written };
    }
    // Another request wrote the same gateway answer first: theirs stands.
    const [current] = await tx.select().from(customerRefunds).where(eq(customerRefunds.id, row.id));
    return { refunded: true, row: current! };
  });
}

/**
 * For a status change of a card refund: the refund to send when it is marked refunded (the gateway
 * decides, with the refund's key); refused when a refund already returned to the card would be undone.
 * Null for a refund that is not a card refund (the ordinary status change applies).
 */
export async function cardRefundToSend(
  db: Db,
  req: { id: number; version: number; status: RefundStatus },
): Promise<number | null> {
  const [row] = await db.select().from(customerRefunds).where(eq(customerRefunds.id, req.id));
  if (!row || row.cardPaymentId === null) return null;
  if (row.version !== req.version) throw conflict();
  if (row.status === 'refunded' && req.status === 'not_refunded') throw refused('customers.cardRefundFinal');
  return req.status === 'refunded' ? row.id : null;
}
