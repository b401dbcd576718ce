import Stripe from 'stripe';

/**
 * Every answer of the card gateway sorted into "the gateway's answer" or "try later"
 * (docs/operations.md "Card gateway"). Only a network failure, a rate limit (429) and a 5xx say
 * nothing about the request itself; everything else is final for this request and fails it with
 * the gateway's reason (a code the screen names in the user's language).
 */
export interface GatewayFailure {
  ok: false;
  /** Stripe's decline_code, else its error code, else a code naming the error class. */
  declineCode: string;
  /** Network failure, rate limit or 5xx: the same request may pass later. */
  transient: boolean;
  message: string;
  /** The gateway's request id (`req_…`), kept in the log; '' when no answer came. */
  requestId: string;
}

/** Codes given to error classes that carry no code of their own. */
export const GATEWAY_CODES = {
  unreachable: 'gateway_unreachable',
  rateLimited: 'gateway_rate_limited',
  serverError: 'gateway_server_error',
  keyRefused: 'gateway_key_refused',
  idempotency: 'idempotency_error',
  invalidRequest: 'invalid_request',
} as const;

export function classifyGatewayError(error: unknown): GatewayFailure {
  if (!(error instanceof Stripe.errors.StripeError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, declineCode: GATEWAY_CODES.unreachable, transient: true, message, requestId: '' };
  }
  const requestId = error.requestId ?? '';
  const fail = (declineCode: string, transient = false) => ({
    ok: false as const,
    declineCode,
    transient,
    message: error.message,
    requestId,
  });
  if (error instanceof Stripe.errors.StripeCardError) return fail(error.decline_code || error.code || 'card_declined');
  if (error instanceof Stripe.errors.StripeConnectionError) return fail(GATEWAY_CODES.unreachable, true);
  if (error instanceof Stripe.errors.StripeRateLimitError) return fail(GATEWAY_CODES.rateLimited, true);
  // A wrong, revoked or restricted key: the same key will never pass.
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return fail(GATEWAY_CODES.keyRefused);
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    // 409: another request with this key is still running at the gateway; ask again later.
    return error.statusCode === 409 ? fail(GATEWAY_CODES.rateLimited, true) : fail(GATEWAY_CODES.idempotency);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return fail(error.code || GATEWAY_CODES.invalidRequest);
  if ((error.statusCode ?? 500) >= 500) return fail(GATEWAY_CODES.serverError, true);
  return fail(error.code || GATEWAY_CODES.invalidRequest);
}
