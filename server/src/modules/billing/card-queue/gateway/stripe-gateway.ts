import Stripe from 'stripe';
import { type SaveCardMeta, saveCardAt } from '../../card-on-file/gateway-card';
import { classifyGatewayError, type GatewayFailure } from './gateway-answers';

export type { GatewayFailure } from './gateway-answers';

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

export type ChargeResult = { ok: true; paymentIntentId: string; transactionId: string; requestId: string } | GatewayFailure;

/** What the gateway holds about a PaymentIntent (crash recovery asks this instead of re-sending). */
export type IntentState =
  | { state: 'succeeded'; result: ChargeResult & { ok: true } }
  /** Confirmed and refused: its last error, on the payment method it was confirmed with. */
  | { state: 'declined'; paymentMethodId: string; result: GatewayFailure }
  /** Never confirmed (or refused and given no new card since): confirming it may move the money once. */
  | { state: 'unconfirmed'; paymentMethodId: string }
  | { state: 'processing' }
  | { state: 'canceled' }
  /** The gateway could not be asked, or refused to say. */
  | { state: 'unknown'; result: GatewayFailure };

export type RefundResult = { ok: true; refundId: string; requestId: string } | GatewayFailure;

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function client(settings: GatewaySettings, resend = true): Stripe {
  const url = new URL(settings.baseUrl);
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: resend ? 2 : 0,
    timeout: 20_000,
    ...(resend ? {} : { httpClient: noResendHttpClient() }),
  });
}

/**
 * The SDK re-sends a request once after a closed connection even with retries off, trusting the
 * gateway to replay its key; a cut after a refund was made would then refund twice. This client
 * reports such a cut as a plain connection failure, and the caller looks the refund up instead.
 */
function noResendHttpClient() {
  const base = Stripe.createNodeHttpClient();
  const makeRequest = base.makeRequest.bind(base);
  base.makeRequest = (...args: Parameters<typeof makeRequest>) =>
    makeRequest(...args).catch((error: { code?: string; message?: string }) => {
      if (error?.code !== 'ECONNRESET' && error?.code !== 'EPIPE') throw error;
      throw Object.assign(new Error(error.message ?? 'connection closed'), { code: 'ECONNCLOSED' });
    });
  return base;
}

export interface CardGateway {
  /** Reads a card token made by the browser, gives it a gateway customer and attaches it. */
  /** What Stripe returned to the browser (pm_, tok_ or card_): read, checked by `meta`, then attached (card-on-file/gateway-card.ts). */
  saveCard(
    paymentMethodId: string,
    existingCustomerId: string,
    meta: SaveCardMeta,
  ): Promise<SavedCard & { gatewayCustomerId: string }>;
  /** Makes an off-session PaymentIntent, not confirmed: no money moves until `confirmIntent`. */
  createIntent(request: {
    amountCents: number;
    paymentMethodId: string;
    gatewayCustomerId: string;
    /** Omitted past the gateway's replay window: the key would be a new request there. */
    idempotencyKey?: string;
    metadata: Record<string, string>;
  }): Promise<{ ok: true; intentId: string; requestId: string } | GatewayFailure>;
  /** Confirms a stored PaymentIntent on the card: the money moves at most once per intent. */
  confirmIntent(intentId: string, request: { paymentMethodId: string; idempotencyKey?: string }): Promise<ChargeResult>;
  intentState(intentId: string): Promise<IntentState>;
  /** createIntent then confirmIntent in one go (the card queue stores the intent's id between the two). */
  charge(request: {
    amountCents: number;
    paymentMethodId: string;
    gatewayCustomerId: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ChargeResult>;
  /** The newest PaymentIntent whose metadata holds `key: value` (when a crash lost its id), or null. */
  findIntent(key: string, value: string): Promise<{ ok: true; intentId: string | null } | GatewayFailure>;
  /** Refunds part or all of a charge (its transaction id: a charge `ch_…` or a payment intent `pi_…`). */
  refund(request: {
    transactionId: string;
    amountCents: number;
    idempotencyKey?: string;
    metadata?: Record<string, string>;
  }): Promise<RefundResult>;
  /** A refund of that charge whose metadata holds `key: value` (sent before a crash), or null. */
  findRefund(transactionId: string, key: string, value: string): Promise<{ ok: true; refundId: string | null } | GatewayFailure>;
}

/** A confirmed intent's outcome: succeeded with its charge, or the card's refusal. */
function intentOutcome(intent: Stripe.PaymentIntent & { lastResponse?: { requestId?: string } }): ChargeResult {
  const requestId = intent.lastResponse?.requestId ?? '';
  if (intent.status !== 'succeeded')
    return { ok: false, declineCode: 'authentication_required', transient: false, message: intent.status, requestId };
  const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? intent.id);
  return { ok: true, paymentIntentId: intent.id, transactionId: charge, requestId };
}

export function createStripeGateway(settings: GatewaySettings): CardGateway {
  const stripe = client(settings);
  /** For refunds: no automatic re-send of any kind (see noResendHttpClient). */
  const stripeOnce = client(settings, false);
  return {
    async saveCard(paymentMethodId, existingCustomerId, meta) {
      try {
        return await saveCardAt(stripe, paymentMethodId, existingCustomerId, meta);
      } catch (error) {
        // Our own refusals (an expired card, another customer's card) pass as they are.
        if (!(error instanceof Stripe.errors.StripeError) && error instanceof Error && 'messageKey' in error) throw error;
        const failure = classifyGatewayError(error);
        throw new GatewayError(failure.message, failure.declineCode);
      }
    },

    async createIntent(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.gatewayCustomerId || undefined,
            payment_method: request.paymentMethodId,
            off_session: true,
            metadata: request.metadata,
          },
          request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {},
        );
        return { ok: true, intentId: intent.id, requestId: intent.lastResponse?.requestId ?? '' };
      } catch (error) {
        return classifyGatewayError(error);
      }
    },

    async confirmIntent(intentId, request) {
      try {
        const intent = await stripe.paymentIntents.confirm(
          intentId,
          { payment_method: request.paymentMethodId, off_session: true },
          request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {},
        );
        return intentOutcome(intent);
      } catch (error) {
        return classifyGatewayError(error);
      }
    },

    async charge(request) {
      const made = await this.createIntent(request);
      if (!made.ok) return made;
      return this.confirmIntent(made.intentId, { ...request, idempotencyKey: `${request.idempotencyKey}:confirm` });
    },

    async intentState(intentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        const requestId = intent.lastResponse?.requestId ?? '';
        const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? '');
        if (intent.status === 'succeeded')
          return { state: 'succeeded', result: intentOutcome(intent) as ChargeResult & { ok: true } };
        if (intent.status === 'processing') return { state: 'processing' };
        if (intent.status === 'canceled') return { state: 'canceled' };
        const error = intent.last_payment_error;
        if (intent.status === 'requires_payment_method' && error) {
          const declineCode = error.decline_code || error.code || 'card_declined';
          const paymentMethodId = error.payment_method?.id ?? methodId;
          return {
            state: 'declined',
            paymentMethodId,
            result: { ok: false, declineCode, transient: false, message: error.message ?? '', requestId },
          };
        }
        if (intent.status === 'requires_action')
          return {
            state: 'declined',
            paymentMethodId: methodId,
            result: { ok: false, declineCode: 'authentication_required', transient: false, message: intent.status, requestId },
          };
        return { state: 'unconfirmed', paymentMethodId: methodId };
      } catch (error) {
        return { state: 'unknown', result: classifyGatewayError(error) };
      }
    },

    async findIntent(key, value) {
      try {
        const found = await stripe.paymentIntents.search({ query: `metadata['${key}']:'${value}'`, limit: 10 });
        const newest = [...found.data].sort((a, b) => b.created - a.created)[0];
        return { ok: true, intentId: newest?.id ?? null };
      } catch (error) {
        return classifyGatewayError(error);
      }
    },

    async refund(request) {
      try {
        const refund = await stripeOnce.refunds.create(
          {
            ...(request.transactionId.startsWith('pi_')
              ? { payment_intent: request.transactionId }
              : { charge: request.transactionId }),
            amount: request.amountCents,
            metadata: request.metadata,
          },
          // Never re-sent here: the caller looks the refund up by its metadata before sending it again.
          request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {},
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          return {
            ok: false,
            declineCode: refund.failure_reason || 'refund_failed',
            transient: false,
            message: refund.status,
            requestId: '',
          };
        return { ok: true, refundId: refund.id, requestId: refund.lastResponse?.requestId ?? '' };
      } catch (error) {
        return classifyGatewayError(error);
      }
    },

    async findRefund(transactionId, key, value) {
      try {
        const filter = transactionId.startsWith('pi_') ? { payment_intent: transactionId } : { charge: transactionId };
        for await (const refund of stripe.refunds.list({ ...filter, limit: 100 })) {
          if (refund.metadata?.[key] === value && refund.status !== 'failed' && refund.status !== 'canceled')
            return { ok: true, refundId: refund.id };
        }
        return { ok: true, refundId: null };
      } catch (error) {
        return classifyGatewayError(error);
      }
    },
  };
}
