import { randomUUID } from 'node:crypto';
import { cardExpired, formatCents, GATEWAY_MINIMUM_CENTS } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { nextReference } from '../../../platform/references';
import { customers } from '../../customers/customers.tables';
import { assertDaysOpen } from '../../office/day-lock';
import { cardQueueEntries } from './card-queue.tables';

export interface CardChargeRequest {
  customerId: number;
  jobId?: number | null;
  /** The business date the charge belongs to (the job's service date). */
  serviceDate: string;
  amountCents: number;
}

/**
 * Queues a charge of the customer's saved card (job completion, the customer's screen). The card is
 * copied as it stands now; the idempotency key is made here, once, for the entry's whole life.
 * What the gateway would refuse anyway is refused here, before it is queued: an amount under the
 * gateway's minimum, a card that has expired (by the business today).
 * Call inside the caller's transaction; the caller writes the audit entry.
 */
export async function enqueueCardCharge(tx: Db, request: CardChargeRequest, actorId: number) {
  const [customer] = await tx
    .select({
      brand: customers.cardBrand,
      last4: customers.cardLast4,
      expMonth: customers.cardExpMonth,
      expYear: customers.cardExpYear,
      token: customers.cardVendorToken,
    })
    .from(customers)
    .where(eq(customers.id, request.customerId));
  if (!customer?.token) throw refused('office.noSavedCard');
  await assertDaysOpen(tx, [request.serviceDate]);
  if (request.amountCents < GATEWAY_MINIMUM_CENTS)
    throw refused('office.cardQueue.belowMinimum', {
      minimum: formatCents(GATEWAY_MINIMUM_CENTS),
      amount: formatCents(request.amountCents),
    });
  if (customer.expMonth && customer.expYear && cardExpired(customer.expMonth, customer.expYear, await businessToday(tx)))
    throw refused('office.cardQueue.cardExpired', {
      expiry: `${String(customer.expMonth).padStart(2, '0')}/${customer.expYear}`,
    });
  const [entry] = await tx
    .insert(cardQueueEntries)
    .values({
      serial: await nextReference(tx, 'CQ', request.serviceDate),
      customerId: request.customerId,
      jobId: request.jobId ?? null,
      serviceDate: request.serviceDate,
      amountCents: request.amountCents,
      cardBrand: customer.brand ?? '',
      cardLast4: customer.last4 ?? '',
      cardExpMonth: customer.expMonth,
      cardExpYear: customer.expYear,
      cardVendorToken: customer.token,
      idempotencyKey: randomUUID(),
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  return entry!;
}
