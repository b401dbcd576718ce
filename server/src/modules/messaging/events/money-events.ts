import type { Db } from '../../../platform/database';
import { queueMessages } from '../outbox/queue';

/**
 * Money messages (issue 22): queued in the transaction that records the money, like the job's.
 * Their keys name the record, so a replayed answer or a second call queues nothing more.
 */

/** A payment was recorded (cash, check, card, gift certificate; a card charge approved). Not a reversal. */
export async function queuePaymentReceived(
  tx: Db,
  payment: { id: number; customerId: number; kind: string; jobId: number | null },
): Promise<number> {
  if (payment.kind !== 'payment') return 0;
  return queueMessages(tx, {
    event: 'paymentReceived',
    customerId: payment.customerId,
    ...(payment.jobId !== null ? { jobId: payment.jobId } : {}),
    paymentId: payment.id,
    dedupeKey: `paymentReceived:payment:${payment.id}`,
  });
}

/**
 * The card on file was declined for a card queue entry: ask the customer to update the card. Once
 * per entry, however often the office retries it.
 */
export async function queueCardDeclined(
  tx: Db,
  entry: { id: number; customerId: number; jobId: number | null },
): Promise<number> {
  return queueMessages(tx, {
    event: 'cardDeclined',
    customerId: entry.customerId,
    ...(entry.jobId !== null ? { jobId: entry.jobId } : {}),
    dedupeKey: `cardDeclined:cardQueue:${entry.id}`,
  });
}
