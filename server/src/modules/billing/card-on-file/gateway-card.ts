import type Stripe from 'stripe';

/**
 * The card-saving half of the gateway adapter (stripe-gateway.ts `saveCard`): what the browser
 * brought back from the gateway (a PaymentMethod `pm_…`, a token `tok_…` from Stripe.js's
 * createToken, or a card `card_…`) becomes a card attached to the customer's gateway customer.
 * The card is read first and checked by the caller (expiry) before anything is made at the
 * gateway; a gateway customer made here is deleted again when the gateway refuses the card.
 */
export interface GatewayCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SaveCardMeta {
  customerId: number;
  /** Throws to refuse the card before the gateway is asked to keep it (an expired card). */
  assertUsable?: (card: GatewayCard) => void;
}

/** A refusal of ours that is not the gateway's (the card belongs to another gateway customer). */
export class CardRefusal extends Error {
  constructor(readonly messageKey: 'office.cardQueue.cardOfAnotherCustomer' | 'office.cardQueue.cardNotAttached') {
    super(messageKey);
  }
}

/** Stripe's legacy card objects name the brand in words ("American Express"); PaymentMethods in codes. */
const BRANDS: Record<string, string> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american express': 'amex',
  amex: 'amex',
  discover: 'discover',
};
export const brandCode = (brand: string) => BRANDS[brand.toLowerCase()] ?? 'other';

const customerOf = (c: string | Stripe.Customer | Stripe.DeletedCustomer | null | undefined) =>
  typeof c === 'string' ? c : (c?.id ?? null);

/** The card behind what the browser sent, read without changing anything at the gateway. */
async function readCard(stripe: Stripe, id: string): Promise<GatewayCard & { customer: string | null }> {
  if (id.startsWith('tok_')) {
    const token = await stripe.tokens.retrieve(id);
    const card = token.card;
    if (!card) throw new CardRefusal('office.cardQueue.cardNotAttached');
    return {
      paymentMethodId: id,
      brand: brandCode(card.brand),
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      customer: null,
    };
  }
  const method = await stripe.paymentMethods.retrieve(id);
  if (!method.card) throw new CardRefusal('office.cardQueue.cardNotAttached');
  return {
    paymentMethodId: id,
    brand: brandCode(method.card.brand),
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    customer: customerOf(method.customer),
  };
}

export async function saveCardAt(
  stripe: Stripe,
  id: string,
  existingCustomerId: string,
  meta: SaveCardMeta,
): Promise<GatewayCard & { gatewayCustomerId: string }> {
  const { customer: holder, ...card } = await readCard(stripe, id);
  meta.assertUsable?.(card);
  if (id.startsWith('card_')) {
    // A card is already some gateway customer's source: it can be charged only with that customer.
    if (!holder) throw new CardRefusal('office.cardQueue.cardNotAttached');
    if (holder !== existingCustomerId) {
      const owner = await stripe.customers.retrieve(holder);
      if (owner.deleted || owner.metadata?.tidyhouse_customer !== String(meta.customerId))
        throw new CardRefusal('office.cardQueue.cardOfAnotherCustomer');
    }
    return { ...card, gatewayCustomerId: holder };
  }
  let customerId = existingCustomerId;
  let created = false;
  if (!customerId) {
    customerId = (await stripe.customers.create({ metadata: { tidyhouse_customer: String(meta.customerId) } })).id;
    created = true;
  }
  try {
    if (id.startsWith('tok_')) {
      const source = await stripe.customers.createSource(customerId, { source: id });
      return { ...card, paymentMethodId: source.id, gatewayCustomerId: customerId };
    }
    if (holder !== customerId) await stripe.paymentMethods.attach(id, { customer: customerId });
    return { ...card, gatewayCustomerId: customerId };
  } catch (error) {
    // The gateway refused the card (a decline at attach): leave no gateway customer behind.
    if (created) await stripe.customers.del(customerId).catch(() => undefined);
    throw error;
  }
}
