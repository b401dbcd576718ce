import type { CardBrand } from '@tidyhouse/contract';
import { CARD_BRANDS, cardExpired } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Deps } from '../../../platform/deps';
import { notFound, refused } from '../../../platform/errors';
import { customers } from '../../customers/customers.tables';
import { declineReason } from '../card-queue/card-queue.service';
import { gatewayFor } from '../card-queue/gateway/gateway-settings';
import { GatewayError } from '../card-queue/gateway/stripe-gateway';
import { CardRefusal, type GatewayCard } from './gateway-card';

const brandOf = (brand: string): CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'other';

/**
 * Card capture: the browser sent the card number and CVC straight to the gateway and got a
 * payment-method token; here the server asks the gateway what card the token stands for, attaches
 * it to the customer's gateway customer and keeps only token, brand, last four and expiry. This is
 * the only writer of the card on file: profile and quote requests refuse card fields (contract
 * REFUSED_CARD_FIELDS), so brand, last four and expiry always describe the token that is charged.
 * An expired card is refused before the gateway keeps anything (no gateway customer, no attach).
 */
export async function saveCustomerCard(
  deps: Deps,
  request: FastifyRequest,
  body: { customerId: number; paymentMethodId: string; holderName?: string },
) {
  const { db } = deps;
  const [customer] = await db
    .select({ id: customers.id, deletedAt: customers.deletedAt, gatewayCustomerId: customers.gatewayCustomerId })
    .from(customers)
    .where(eq(customers.id, body.customerId));
  if (!customer || customer.deletedAt) throw notFound('customers.customer');
  const gateway = await gatewayFor(deps);
  const today = await businessToday(db);
  const assertUsable = (card: GatewayCard) => {
    if (cardExpired(card.expMonth, card.expYear, today))
      throw refused('office.cardQueue.cardExpired', { expiry: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` });
  };
  let saved: Awaited<ReturnType<typeof gateway.saveCard>>;
  try {
    saved = await gateway.saveCard(body.paymentMethodId, customer.gatewayCustomerId, { customerId: customer.id, assertUsable });
  } catch (error) {
    if (error instanceof CardRefusal) throw refused(error.messageKey);
    if (error instanceof GatewayError) {
      request.log.warn({ code: error.code, gatewayMessage: error.message }, 'card gateway refused a card save');
      throw refused('office.cardQueue.gatewayRefused', { message: declineReason(error.code, request.locale) });
    }
    throw error;
  }
  const card = { brand: brandOf(saved.brand), last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ version: customers.version })
      .from(customers)
      .where(eq(customers.id, customer.id))
      .for('update');
    await tx
      .update(customers)
      .set({
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        cardHolderName: body.holderName ?? '',
        cardVendorToken: saved.paymentMethodId,
        gatewayCustomerId: saved.gatewayCustomerId,
        version: row!.version + 1,
        updatedAt: new Date(),
        updatedBy: request.session!.userId,
      })
      .where(eq(customers.id, customer.id));
    await audit(tx, request, {
      module: 'customers',
      action: 'saveCard',
      recordType: 'customer',
      recordId: customer.id,
      summary: `Saved card ${card.brand} •••• ${card.last4} (expires ${card.expMonth}/${card.expYear}) for customer #${customer.id}`,
      details: {
        params: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, customerId: customer.id },
      },
    });
  });
  return card;
}
