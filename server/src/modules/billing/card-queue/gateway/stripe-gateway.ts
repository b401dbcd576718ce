import Stripe from 'stripe';

/**
 * The card gateway (design.md §8 "External services"): one adapter over the official `stripe` SDK.
 * The same code talks to the local simulator (src/gateway-sim) or to Stripe: only the base URL and
 * the keys differ. Every money movement carries the caller's idempotency key.
 */
export interface GatewaySettings {
  /** `https://api.stripe.com` for Stripe, the simulator's URL otherwise. */
  baseUrl: string;
  secretKey: string;
  /** The Stripe account the key belongs to (shown to the office; the key alone selects the account). */
  accountId: string;
}

export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeResult =
  | { ok: true; paymentIntentId: string; transactionId: string }
  | {
      ok: false;
      /** Stripe's decline_code when there is one, else its error code (expired_card…). */
      declineCode: string;
      /** Whether the outcome is not the card's answer (network, gateway down): try again later. */
      transient: boolean;
      message: string;
    };

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function client(settings: GatewaySettings): Stripe {
  const url = new URL(settings.baseUrl);
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

function asGatewayError(error: unknown): GatewayError {
  if (error instanceof Stripe.errors.StripeError)
    return new GatewayError(error.message, error.code ?? error.rawType ?? error.type);
  return new GatewayError(error instanceof Error ? error.message : String(error), 'gateway_unreachable');
}

export interface CardGateway {
  /** Reads a card token made by the browser, gives it a gateway customer and attaches it. */
  saveCard(
    paymentMethodId: string,
    existingCustomerId: string,
    meta: { customerId: number },
  ): Promise<SavedCard & { gatewayCustomerId: string }>;
  /** Charges a saved card off-session; the same idempotency key never charges twice. */
  charge(request: {
    amountCents: number;
    paymentMethodId: string;
    gatewayCustomerId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ChargeResult>;
  /** Refunds part or all of a charge (its transaction id: a charge `ch_…` or a payment intent `pi_…`). */
  refund(request: { transactionId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
}

export function createStripeGateway(settings: GatewaySettings): CardGateway {
  const stripe = client(settings);
  return {
    async saveCard(paymentMethodId, existingCustomerId, meta) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethodId);
        if (!method.card) throw new GatewayError('not a card', 'not_a_card');
        const customerId =
          existingCustomerId ||
          (
            await stripe.customers.create(
              { metadata: { tidyhouse_customer: String(meta.customerId) } },
              { idempotencyKey: `customer-${meta.customerId}-${paymentMethodId}` },
            )
          ).id;
        if (method.customer !== customerId) await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
        return {
          paymentMethodId,
          gatewayCustomerId: customerId,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        };
      } catch (error) {
        throw error instanceof GatewayError ? error : asGatewayError(error);
      }
    },

    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.gatewayCustomerId || undefined,
            payment_method: request.paymentMethodId,
            confirm: true,
            off_session: true,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status !== 'succeeded') {
          return { ok: false, declineCode: 'authentication_required', transient: false, message: intent.status };
        }
        const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? intent.id);
        return { ok: true, paymentIntentId: intent.id, transactionId: charge };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            ok: false,
            declineCode: error.decline_code || error.code || 'card_declined',
            transient: false,
            message: error.message,
          };
        }
        // The gateway refused the request itself (400/404: an unknown or detached card, a card of
        // another gateway customer, a key reused with other parameters): the same request will never
        // pass, so it is the entry's answer, not "try later" (a pending entry would block the day).
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
          return { ok: false, declineCode: error.code || 'invalid_request', transient: false, message: error.message };
        }
        const failure = asGatewayError(error);
        return { ok: false, declineCode: failure.code, transient: true, message: failure.message };
      }
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          {
            ...(request.transactionId.startsWith('pi_')
              ? { payment_intent: request.transactionId }
              : { charge: request.transactionId }),
            amount: request.amountCents,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw asGatewayError(error);
      }
    },
  };
}
