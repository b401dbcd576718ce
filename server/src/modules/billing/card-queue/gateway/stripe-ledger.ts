import Stripe from 'stripe';
import { GatewayError, type GatewaySettings } from './stripe-gateway';

/**
 * The gateway's books, read for reconciliation (issue 26): its charges and refunds of a time window
 * (Stripe's list endpoints, every page), one charge or refund by id, and the refund of a duplicate
 * charge. Kept beside the charging adapter (stripe-gateway.ts) and built on the same SDK and options.
 */
export interface LedgerCharge {
  id: string;
  amountCents: number;
  /** Unix seconds. */
  created: number;
  succeeded: boolean;
  paymentIntentId: string;
  /** The gateway customer charged ('' when none). */
  customer: string;
  metadata: Record<string, string>;
}

export interface LedgerRefund {
  id: string;
  chargeId: string;
  amountCents: number;
  created: number;
  succeeded: boolean;
  metadata: Record<string, string>;
}

export interface GatewayLedger {
  /** Every charge created in [from, to) (Unix seconds). */
  listCharges(from: number, to: number): Promise<LedgerCharge[]>;
  listRefunds(from: number, to: number): Promise<LedgerRefund[]>;
  /** A charge by its id (`ch_…`, or a PaymentIntent `pi_…`: its latest charge); null when the gateway has none. */
  charge(id: string): Promise<LedgerCharge | null>;
  refund(id: string): Promise<LedgerRefund | null>;
  /**
   * Refunds a whole charge as a duplicate, once: a refund of it whose metadata already names
   * `tidyhouse_reconciliation: <differenceId>` is answered instead of sending another.
   */
  refundDuplicate(request: { chargeId: string; amountCents: number; differenceId: number }): Promise<{ refundId: string }>;
}

const chargeOf = (c: Stripe.Charge): LedgerCharge => ({
  id: c.id,
  amountCents: c.amount,
  created: c.created,
  succeeded: c.status === 'succeeded',
  paymentIntentId: typeof c.payment_intent === 'string' ? c.payment_intent : (c.payment_intent?.id ?? ''),
  customer: typeof c.customer === 'string' ? c.customer : (c.customer?.id ?? ''),
  metadata: c.metadata ?? {},
});

const refundOf = (r: Stripe.Refund): LedgerRefund => ({
  id: r.id,
  chargeId: typeof r.charge === 'string' ? r.charge : (r.charge?.id ?? ''),
  amountCents: r.amount,
  created: r.created,
  succeeded: r.status === 'succeeded' || r.status === 'pending',
  metadata: r.metadata ?? {},
});

const notFound = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

function fail(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) throw new GatewayError(error.message, error.code ?? error.type);
  throw new GatewayError(error instanceof Error ? error.message : String(error), 'gateway_unreachable');
}

/** Far more than a day of a cleaning business's charges; a list past it is refused rather than cut short. */
const LIST_MAX = 9_999;

export function createStripeLedger(settings: GatewaySettings): GatewayLedger {
  const url = new URL(settings.baseUrl);
  const stripe = new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const all = async <T>(list: Stripe.ApiListPromise<T>) => {
    const rows = await list.autoPagingToArray({ limit: LIST_MAX + 1 });
    if (rows.length > LIST_MAX) throw new GatewayError('too many records in one day', 'too_many_records');
    return rows;
  };
  return {
    async listCharges(from, to) {
      try {
        return (await all(stripe.charges.list({ created: { gte: from, lt: to }, limit: 100 }))).map(chargeOf);
      } catch (error) {
        return fail(error);
      }
    },
    async listRefunds(from, to) {
      try {
        return (await all(stripe.refunds.list({ created: { gte: from, lt: to }, limit: 100 }))).map(refundOf);
      } catch (error) {
        return fail(error);
      }
    },
    async charge(id) {
      try {
        if (id.startsWith('pi_')) {
          const intent = await stripe.paymentIntents.retrieve(id);
          const latest = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
          return latest ? chargeOf(await stripe.charges.retrieve(latest)) : null;
        }
        return chargeOf(await stripe.charges.retrieve(id));
      } catch (error) {
        if (notFound(error)) return null;
        return fail(error);
      }
    },
    async refund(id) {
      try {
        return refundOf(await stripe.refunds.retrieve(id));
      } catch (error) {
        if (notFound(error)) return null;
        return fail(error);
      }
    },
    async refundDuplicate({ chargeId, amountCents, differenceId }) {
      const mark = String(differenceId);
      try {
        const sent = await all(stripe.refunds.list({ charge: chargeId, limit: 100 }));
        const earlier = sent.find((r) => r.metadata?.tidyhouse_reconciliation === mark);
        if (earlier) return { refundId: earlier.id };
        const refund = await stripe.refunds.create(
          { charge: chargeId, amount: amountCents, reason: 'duplicate', metadata: { tidyhouse_reconciliation: mark } },
          { idempotencyKey: `reconciliation-${differenceId}` },
        );
        return { refundId: refund.id };
      } catch (error) {
        return fail(error);
      }
    },
  };
}
