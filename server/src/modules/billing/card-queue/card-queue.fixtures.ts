import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { customers } from '../../customers/customers.tables';
import { cardQueueEntries } from './card-queue.tables';
import { employeeIdOf } from './card-queue.test-support';
import { enqueueCardCharge } from './enqueue';

/** A service date no demo day closes. */
export const OPEN_DATE = '2027-03-01';

/** Gives a customer one of Stripe's preset test cards (the simulator knows them). */
export async function giveCard(t: TestApp, customerId: number, paymentMethod: string, last4 = '4242') {
  await t.db
    .update(customers)
    .set({
      cardBrand: 'visa',
      cardLast4: last4,
      cardExpMonth: 12,
      cardExpYear: 2034,
      cardVendorToken: paymentMethod,
      gatewayCustomerId: '',
    })
    .where(eq(customers.id, customerId));
}

/** A fresh active customer id (one per call, so entries of different tests do not share a card). */
export async function someCustomer(t: TestApp, skip = 0): Promise<number> {
  const [row] = await queryRows<{ id: number | string }>(
    t.db,
    sql.raw(`select id from customers where deleted_at is null order by id offset ${skip} limit 1`),
  );
  return Number(row!.id);
}

export async function queuedEntry(
  t: TestApp,
  opts: { paymentMethod?: string; amountCents?: number; customerOffset?: number; serviceDate?: string } = {},
) {
  const customerId = await someCustomer(t, opts.customerOffset ?? 0);
  await giveCard(t, customerId, opts.paymentMethod ?? 'pm_card_visa');
  const actor = await employeeIdOf(t, 'admin');
  return t.db.transaction((tx) =>
    enqueueCardCharge(
      tx,
      { customerId, serviceDate: opts.serviceDate ?? OPEN_DATE, amountCents: opts.amountCents ?? 15_000 },
      actor,
    ),
  );
}

/** A failed entry (declined generically unless told), as processing would leave it. */
export async function failedEntry(t: TestApp, declineCode = 'generic_decline', paymentMethod = 'pm_card_chargeDeclined') {
  const entry = await queuedEntry(t, { paymentMethod });
  const [row] = await t.db
    .update(cardQueueEntries)
    .set({ status: 'failed', declineCode, attempts: 1, processedAt: new Date() })
    .where(eq(cardQueueEntries.id, entry.id))
    .returning();
  return row!;
}
