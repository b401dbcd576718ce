import { z } from 'zod';
import { ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { listResponseOf, ZListRequest } from '../list';
/**
 * The e-payment queue (spec §3 "Card queue entry"; issue 12). An entry asks for one charge of a
 * customer's saved card; it carries one idempotency key for its whole life, so processing it
 * twice never charges twice.
 */
export const CARD_QUEUE_STATUSES = ['pending', 'failed', 'approved'] as const;
export type CardQueueStatus = (typeof CARD_QUEUE_STATUSES)[number];

/** How a failed entry was settled, for the close-day gate: retried, paid another way, or written off. */
export const CARD_FAILURE_RESOLUTIONS = ['retried', 'paid_other', 'written_off'] as const;
export type CardFailureResolution = (typeof CARD_FAILURE_RESOLUTIONS)[number];

/**
 * Decline codes that must not be retried on the same card (Stripe: the issuer says the card is
 * lost, stolen or blocked; retrying risks the merchant account). A retry needs another saved card.
 */
export const CARD_DO_NOT_RETRY_CODES = [
  'lost_card',
  'stolen_card',
  'pickup_card',
  'fraudulent',
  'restricted_card',
  'security_violation',
  'revocation_of_authorization',
  'revocation_of_all_authorizations',
  'stop_payment_order',
] as const;

export const isDoNotRetry = (declineCode: string) => (CARD_DO_NOT_RETRY_CODES as readonly string[]).includes(declineCode);

/**
 * Failures the same card can never pass: the gateway refused the request itself (it does not know
 * the card, or it was detached) or the card has expired. A retry needs another card on file.
 */
export const CARD_NEEDS_NEW_CARD_CODES = ['resource_missing', 'invalid_request', 'expired_card'] as const;
export const needsNewCard = (declineCode: string) =>
  isDoNotRetry(declineCode) || (CARD_NEEDS_NEW_CARD_CODES as readonly string[]).includes(declineCode);

/** Decline codes the screen names in words; any other shows as a generic decline with its code. */
export const CARD_DECLINE_REASONS = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'lost_card',
  'stolen_card',
  'gateway_unreachable',
  'resource_missing',
  'invalid_request',
  // Issue 26: every gateway answer has its words (server/.../gateway/gateway-answers.ts).
  'authentication_required',
  'amount_too_small',
  'idempotency_error',
  'gateway_key_refused',
  'gateway_rate_limited',
  'gateway_server_error',
  'gateway_gave_up',
] as const;

export const ZCardQueueListRequest = ZListRequest.extend({
  status: z.enum(CARD_QUEUE_STATUSES).optional(),
  /** Service date range (inclusive). */
  dateFrom: ZIsoDate.optional(),
  dateTo: ZIsoDate.optional(),
  /** Failed entries not yet settled (the close-day gate's open items). */
  unresolvedOnly: z.boolean().optional(),
});
export type CardQueueListRequest = z.infer<typeof ZCardQueueListRequest>;

export const ZCardQueueEntry = z.object({
  id: z.number().int(),
  version: z.number().int(),
  serial: z.string(),
  status: z.enum(CARD_QUEUE_STATUSES),
  /** A process is charging it right now. */
  processing: z.boolean(),
  customerId: z.number().int(),
  /** The account: the customer's name and account number. */
  customerName: z.string(),
  accountNumber: z.string(),
  jobId: z.number().int().nullable(),
  serviceDate: z.string(),
  amountCents: z.number().int(),
  /** The payment type: the card's brand. */
  cardBrand: z.string(),
  cardLast4: z.string(),
  /** Card expiry as MM/YYYY, '' when unknown. */
  expiration: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  attempts: z.number().int(),
  gatewayTransactionId: z.string(),
  declineCode: z.string(),
  /** The decline in the caller's language. */
  declineReason: z.string(),
  /** A failed entry that may be retried (not settled; a card the failure rules out must have been replaced). */
  retryable: z.boolean(),
  paymentId: z.number().int().nullable(),
  resolution: z.enum(CARD_FAILURE_RESOLUTIONS).nullable(),
  resolutionNote: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type CardQueueEntry = z.infer<typeof ZCardQueueEntry>;

export const ZCardQueueListResponse = listResponseOf(ZCardQueueEntry).extend({
  /** Sum of the listed filter's amounts, for the toolbar. */
  totalAmountCents: z.number().int(),
});
export type CardQueueListResponse = z.infer<typeof ZCardQueueListResponse>;

/** At most this many entries per process call: the screen sends "all pending" in batches for its progress bar. */
export const CARD_PROCESS_BATCH_MAX = 20;

export const ZCardQueueProcessRequest = z.object({
  ids: z.array(ZRecordId).min(1).max(CARD_PROCESS_BATCH_MAX),
});
export const ZCardQueueProcessResult = z.object({
  id: z.number().int(),
  /** `skipped`: another process holds it or it is no longer pending; `retryLater`: the gateway could not be reached, still pending. */
  outcome: z.enum(['approved', 'failed', 'skipped', 'retryLater']),
  declineReason: z.string(),
});
export const ZCardQueueProcessResponse = z.object({ results: z.array(ZCardQueueProcessResult) });
export type CardQueueProcessResponse = z.infer<typeof ZCardQueueProcessResponse>;

export const ZCardQueuePendingIdsRequest = z.object({ dateFrom: ZIsoDate.optional(), dateTo: ZIsoDate.optional() });
export const ZCardQueuePendingIdsResponse = z.object({ ids: z.array(z.number().int()) });

export const ZCardQueueRetryRequest = z.object({ id: ZRecordId, version: ZVersion });

/** How a failed charge was paid instead: recorded as a customer payment of the entry's amount. */
export const CARD_PAID_OTHER_METHODS = ['cash', 'check', 'credit_card'] as const;

export const ZCardQueueResolveRequest = z
  .object({
    id: ZRecordId,
    version: ZVersion,
    resolution: z.enum(['paid_other', 'written_off']),
    /** Paid another way: the method, and its reference (a check's number; else free text). */
    method: z.enum(CARD_PAID_OTHER_METHODS).optional(),
    reference: z.string().trim().max(32).default(''),
    /** The day the money came in (default: the business today); its office day must be open. */
    paidOn: ZIsoDate.optional(),
    /** The write-off's reason, or a note on the payment. */
    note: z.string().trim().max(500).default(''),
  })
  .superRefine((r, ctx) => {
    if (r.resolution === 'written_off' && r.note.length === 0)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'rule.required' });
    if (r.resolution === 'paid_other' && !r.method) ctx.addIssue({ code: 'custom', path: ['method'], message: 'rule.required' });
    if (r.resolution === 'paid_other' && r.method === 'check' && r.reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'validation.checkNumberRequired' });
  });
export type CardQueueResolveRequest = z.infer<typeof ZCardQueueResolveRequest>;

/** The browser's card token from the gateway, to save as the customer's card. */
export const ZCardSaveRequest = z.object({
  customerId: ZRecordId,
  /** The name on the card, as the office typed it beside the card (not a card detail the gateway checks). */
  holderName: z.string().trim().max(96).optional(),
  paymentMethodId: z
    .string()
    .trim()
    // Stripe's answers: a PaymentMethod (pm_), a token (tok_, Stripe.js createToken) or its card (card_).
    .regex(/^(pm|tok|card)_[A-Za-z0-9_]{6,120}$/, { error: 'rule.cardToken' }),
});
export const ZCardSaveResponse = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

/** What the browser needs to tokenize a card: the gateway's URL and publishable key. */
export const ZGatewayConfig = z.object({ baseUrl: z.string(), publishableKey: z.string() });
export type GatewayConfig = z.infer<typeof ZGatewayConfig>;
