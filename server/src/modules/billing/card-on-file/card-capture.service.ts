import type { CardBrand } from '@tidyhouse/contract';
import { CARD_BRANDS } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { notFound, refused } from '../../../platform/errors';
import { customers } from '../../customers/customers.tables';
import { gatewayFor } from '../card-queue/gateway/gateway-settings';
import { GatewayError } from '../card-queue/gateway/stripe-gateway';

const brandOf = (brand: string): CardBrand =>
  (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'other';

/**
 * Card capture: the browser sent the card number and CVC straight to the gateway and got a
 * payment-method token; here the server asks the gateway what card the token stands for, attaches
 * it to the customer's gateway customer and keeps only token, brand, last four and expiry. This is
 * the only writer of the card on file: profile and quote requests refuse card fields (contract
 * REFUSED_CARD_FIELDS), so brand, last four and expiry always describe the token that is charged.
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
  let saved: Awaited<ReturnType<typeof gateway.saveCard>>;
  try {
    saved = await gateway.saveCard(body.paymentMethodId, customer.gatewayCustomerId, { customerId: customer.id });
  } catch (error) {
    if (error instanceof GatewayError) throw refused('office.cardQueue.gatewayRefused', { message: error.message });
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
