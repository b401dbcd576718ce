import { randomUUID } from 'node:crypto';
import { addDays, momentAtWallClock, startOfDayIn } from '@tidyhouse/contract';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { businessTimeZone } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { nextReference } from '../../../platform/references';
import { customers } from '../../customers/customers.tables';
import { customerPayments } from '../payments/payments.tables';
import { cardQueueEntries } from './card-queue.tables';

/** Demo cards: Stripe's preset test payment methods, which the simulator knows without a number. */
const DEMO_CARDS = [
  { token: 'pm_card_visa', brand: 'visa', last4: '4242' },
  { token: 'pm_card_mastercard', brand: 'mastercard', last4: '4444' },
  { token: 'pm_card_chargeDeclinedInsufficientFunds', brand: 'visa', last4: '9995' },
  { token: 'pm_card_visa', brand: 'visa', last4: '4242' },
  { token: 'pm_card_chargeDeclined', brand: 'visa', last4: '0002' },
  { token: 'pm_card_amex', brand: 'amex', last4: '8431' },
  { token: 'pm_card_chargeDeclinedExpiredCard', brand: 'visa', last4: '0069' },
  { token: 'pm_card_discover', brand: 'discover', last4: '1117' },
] as const;

/**
 * Demo data of the e-payment queue: customers with saved test cards, and entries pending today
 * (some will decline), one failed today waiting to be settled, and approved ones of earlier days
 * with their payments.
 */
export async function seedDemoCardQueue(db: Db, today: string) {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(isNull(customers.deletedAt), eq(customers.status, 'active'), isNotNull(customers.cardBrand)))
    .orderBy(customers.id)
    .limit(DEMO_CARDS.length);
  const cards = rows.map((row, i) => ({ customerId: row.id, ...DEMO_CARDS[i]! }));
  for (const card of cards) {
    await db
      .update(customers)
      .set({ cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: 12, cardExpYear: 2034, cardVendorToken: card.token })
      .where(eq(customers.id, card.customerId));
  }
  const entry = async (card: (typeof cards)[number], serviceDate: string, amountCents: number) => ({
    serial: await nextReference(db, 'CQ', serviceDate),
    customerId: card.customerId,
    serviceDate,
    amountCents,
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardExpMonth: 12,
    cardExpYear: 2034,
    cardVendorToken: card.token,
    idempotencyKey: randomUUID(),
  });
  const timeZone = await businessTimeZone(db);
  // Approved on earlier days, each with its payment: queued when the job was done (3 pm), charged by the
  // evening run (7 pm), so every stamp follows the one before it.
  for (const [i, card] of cards.slice(0, 3).entries()) {
    const day = addDays(today, -(i + 2));
    const queuedAt = momentAtWallClock(day, 15 * 60, timeZone);
    const processedAt = momentAtWallClock(day, 19 * 60, timeZone);
    const values = await entry(card, day, 14_500 + i * 2_000);
    const transactionId = `ch_demo${String(i + 1).padStart(20, '0')}`;
    const [payment] = await db
      .insert(customerPayments)
      .values({
        customerId: card.customerId,
        kind: 'payment',
        paidOn: day,
        amountCents: values.amountCents,
        method: 'credit_card',
        cardLast4: card.last4,
        note: values.serial,
        gatewayTransactionId: transactionId,
        createdAt: processedAt,
        updatedAt: processedAt,
      })
      .returning({ id: customerPayments.id });
    await db.insert(cardQueueEntries).values({
      ...values,
      status: 'approved',
      attempts: 1,
      createdAt: queuedAt,
      updatedAt: processedAt,
      processedAt,
      gatewayTransactionId: transactionId,
      paymentId: payment!.id,
    });
  }
  // Failed today, waiting for the office: a generic decline.
  const declined = cards.find((c) => c.token === 'pm_card_chargeDeclined');
  if (declined) {
    // Queued earlier today (halfway between midnight and now), declined now.
    const now = new Date();
    const queuedAt = new Date((startOfDayIn(today, timeZone).getTime() + now.getTime()) / 2);
    await db.insert(cardQueueEntries).values({
      ...(await entry(declined, today, 16_800)),
      status: 'failed',
      attempts: 1,
      createdAt: queuedAt,
      updatedAt: now,
      processedAt: now,
      declineCode: 'generic_decline',
    });
  }
  // Pending today: two good cards, one with insufficient funds, one expired.
  for (const [i, card] of cards
    .filter((c) =>
      ['pm_card_visa', 'pm_card_amex', 'pm_card_chargeDeclinedInsufficientFunds', 'pm_card_chargeDeclinedExpiredCard'].includes(
        c.token,
      ),
    )
    .slice(0, 4)
    .entries()) {
    await db.insert(cardQueueEntries).values(await entry(card, today, 12_000 + i * 1_500));
  }
}
