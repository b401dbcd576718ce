import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { cardQueueEntries } from './card-queue.tables';
import type { CardGateway, ChargeResult } from './gateway/stripe-gateway';

/**
 * One entry's dialogue with the gateway, safe against a crash at any point (docs/operations.md
 * "Card gateway"): the PaymentIntent is made unconfirmed with the entry's key and metadata, its id
 * is stored, and only a stored intent is confirmed. An entry taken over from a dead process asks the
 * gateway about its intent (or finds it by metadata when the id was lost) instead of re-sending, so
 * nothing relies on the gateway replaying a key; an intent moves its money at most once.
 */

type EntryRow = typeof cardQueueEntries.$inferSelect;

/** Stripe keeps a key at least 24 h; past 23 h from its first use it is never sent again. */
export const KEY_REPLAY_WINDOW_MS = 23 * 60 * 60_000;

/** A "try later" answer this many times in a row fails the entry, so that its day can close. */
export const MAX_TRANSIENT_ATTEMPTS = 5;

/** The metadata key naming the entry's idempotency key on its PaymentIntent (the search recovery uses). */
export const INTENT_KEY_METADATA = 'tidyhouse_key';

export const keyUsable = (sentAt: Date | null, now = Date.now()) =>
  sentAt === null || now - sentAt.getTime() < KEY_REPLAY_WINDOW_MS;

const lostClaim: ChargeResult = {
  ok: false,
  declineCode: 'gateway_unreachable',
  transient: true,
  message: 'claim taken over',
  requestId: '',
};

/** Writes on the entry only while this process still holds its claim. */
async function onClaim(db: Db, entry: EntryRow, set: Partial<EntryRow>): Promise<boolean> {
  const rows = await db
    .update(cardQueueEntries)
    .set(set)
    .where(
      and(
        eq(cardQueueEntries.id, entry.id),
        eq(cardQueueEntries.status, 'pending'),
        eq(cardQueueEntries.processingStartedAt, entry.processingStartedAt!),
      ),
    )
    .returning({ id: cardQueueEntries.id });
  return rows.length === 1;
}

const markSent = (db: Db, entry: EntryRow) =>
  onClaim(db, entry, { gatewaySentAt: sql`coalesce(${cardQueueEntries.gatewaySentAt}, now())` as unknown as Date });

export async function chargeEntry(
  db: Db,
  gateway: CardGateway,
  entry: EntryRow,
  gatewayCustomerId: string,
): Promise<ChargeResult> {
  const key = keyUsable(entry.gatewaySentAt) ? entry.idempotencyKey : undefined;
  let intentId = entry.gatewayIntentId;
  if (!intentId && entry.gatewaySentAt) {
    // A crash came between making the intent and storing its id. Only stored intents are ever
    // confirmed, so one the search misses moved no money and a new one is safe.
    const found = await gateway.findIntent(INTENT_KEY_METADATA, entry.idempotencyKey);
    if (!found.ok) return found;
    intentId = found.intentId ?? '';
    if (intentId && !(await onClaim(db, entry, { gatewayIntentId: intentId }))) return lostClaim;
  }
  if (intentId) {
    const known = await gateway.intentState(intentId);
    if (known.state === 'succeeded') return known.result;
    if (known.state === 'unknown') return known.result;
    if (known.state === 'processing')
      return { ok: false, declineCode: 'gateway_unreachable', transient: true, message: 'processing', requestId: '' };
    // Confirmed with this key and this card and refused: that refusal is the answer.
    if (known.state === 'declined' && entry.gatewaySentAt && known.paymentMethodId === entry.cardVendorToken) return known.result;
    if (known.state === 'canceled') intentId = '';
  }
  if (!(await markSent(db, entry))) return lostClaim;
  if (!intentId) {
    const made = await gateway.createIntent({
      amountCents: entry.amountCents,
      paymentMethodId: entry.cardVendorToken,
      gatewayCustomerId,
      idempotencyKey: key,
      metadata: {
        serial: entry.serial,
        entry: String(entry.id),
        customer: String(entry.customerId),
        [INTENT_KEY_METADATA]: entry.idempotencyKey,
      },
    });
    if (!made.ok) return made;
    intentId = made.intentId;
    if (!(await onClaim(db, entry, { gatewayIntentId: intentId }))) return lostClaim;
  }
  const answer = await gateway.confirmIntent(intentId, {
    paymentMethodId: entry.cardVendorToken,
    idempotencyKey: key && `${key}:confirm`,
  });
  if (answer.ok || answer.declineCode !== 'payment_intent_unexpected_state') return answer;
  // Already confirmed (a re-sent confirm whose first answer was lost): its state is the answer.
  const known = await gateway.intentState(intentId);
  if (known.state === 'succeeded' || known.state === 'declined' || known.state === 'unknown') return known.result;
  return { ...answer, transient: true };
}
