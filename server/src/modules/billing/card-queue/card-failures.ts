import { randomUUID } from 'node:crypto';
import { type CardQueueResolveRequest, isDoNotRetry, type Locale, needsNewCard, ZPaymentAddRequest } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { loadForUpdate, updateVersioned } from '../../../platform/versioned';
import { customers } from '../../customers/customers.tables';
import { assertDaysOpen } from '../../office/day-lock';
import { addPayment } from '../payments/payments.service';
import { declineReason } from './card-queue.service';
import { cardQueueEntries } from './card-queue.tables';

/**
 * A failed card charge is settled one of three ways (docs/business-rules.md "Card on file and the
 * card queue"): retried on the card on file now, paid another way (a customer payment), or written
 * off with a reason. The close-day gate counts a failed entry without a resolution as open.
 */

async function lockFailed(tx: Db, target: { id: number; version: number }) {
  const entry = await loadForUpdate(tx, cardQueueEntries, target.id, 'office.cardQueueEntry');
  if (entry.status !== 'failed' || entry.resolution !== null)
    throw refused('office.cardQueue.notFailed', { serial: entry.serial });
  return entry;
}

/**
 * Retries a failed charge on the card on file now: the same entry goes back to pending with the
 * customer's current card copied onto it. Refused while the customer keeps a card the failure
 * rules out (lost or stolen, unknown to the gateway, expired), or has no card.
 */
export async function retryEntry(tx: Db, target: { id: number; version: number }, actorId: number, locale: Locale) {
  const entry = await lockFailed(tx, target);
  await assertDaysOpen(tx, [entry.serviceDate]);
  const [card] = await tx
    .select({
      brand: customers.cardBrand,
      last4: customers.cardLast4,
      expMonth: customers.cardExpMonth,
      expYear: customers.cardExpYear,
      token: customers.cardVendorToken,
    })
    .from(customers)
    .where(eq(customers.id, entry.customerId));
  if (!card?.token) throw refused('office.noSavedCard');
  if (card.token === entry.cardVendorToken && needsNewCard(entry.declineCode)) {
    const reason = declineReason(entry.declineCode, locale);
    throw refused(isDoNotRetry(entry.declineCode) ? 'office.cardQueue.doNotRetry' : 'office.cardQueue.needsNewCard', {
      last4: entry.cardLast4,
      reason,
    });
  }
  return updateVersioned(
    tx,
    cardQueueEntries,
    'office.cardQueueEntry',
    target,
    {
      status: 'pending',
      cardBrand: card.brand ?? '',
      cardLast4: card.last4 ?? '',
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      cardVendorToken: card.token,
      // A new attempt needs a new key: the gateway binds a key to its first request (the old card
      // and its decline), replaying that answer or refusing the key with other parameters. The
      // old attempt charged nothing, so a new key cannot charge twice.
      idempotencyKey: randomUUID(),
      // The entry's PaymentIntent stays: processing asks about it first (a charge the gateway made
      // while unreachable is found, not made again) and confirms it on this card otherwise.
      gatewaySentAt: null,
      declineCode: '',
      processingStartedAt: null,
    },
    actorId,
  );
}

/**
 * Settles a failed charge another way. Paid another way records a customer payment of the entry's
 * amount on its job through billing/payments (so it pays the job's invoice), dated the day the
 * money came in: business today unless told (its office day must be open, so it lands in that
 * day's cash or check count). Written off records no payment.
 */
export async function resolveEntry(tx: Db, req: CardQueueResolveRequest, actorId: number, locale: Locale) {
  const entry = await lockFailed(tx, req);
  await assertDaysOpen(tx, [entry.serviceDate]);
  let paymentId: number | null = null;
  if (req.resolution === 'paid_other' && req.method) {
    const method = req.method;
    const payment = await addPayment(
      tx,
      actorId,
      ZPaymentAddRequest.parse({
        customerId: entry.customerId,
        paidOn: req.paidOn ?? (await businessToday(tx)),
        amountCents: entry.amountCents,
        method,
        checkNumber: method === 'check' ? req.reference : '',
        note: [entry.serial, method === 'check' ? '' : req.reference, req.note].filter(Boolean).join(' · ').slice(0, 500),
      }),
      { jobId: entry.jobId, locale },
    );
    paymentId = payment.id;
  }
  const result = await updateVersioned(
    tx,
    cardQueueEntries,
    'office.cardQueueEntry',
    req,
    {
      resolution: req.resolution,
      resolutionNote: req.note,
      resolvedAt: new Date(),
      resolvedBy: actorId,
      ...(paymentId === null ? {} : { paymentId }),
    },
    actorId,
  );
  return { ...result, entry, paymentId };
}
