/**
 * Stripe's error answers (docs.stripe.com/api/errors): the JSON body `{ error: { type, code?,
 * decline_code?, message, param?, doc_url? } }` and the HTTP status of each class, and the
 * simulator's test switches that answer the next requests with one of them.
 */
export interface Answer {
  status: number;
  body: unknown;
}

export function stripeError(status: number, error: Record<string, unknown>): Answer {
  const code = typeof error.code === 'string' ? error.code : undefined;
  return {
    status,
    body: { error: { ...error, ...(code && !error.doc_url ? { doc_url: docUrl(code) } : {}) } },
  };
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

export const invalid = (message: string, param?: string, code?: string) =>
  stripeError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

export const missing = (what: string, value: string, param: string) =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${value}'`, param });

/** A card refusal (402), as Stripe answers it at attach or at charge. */
export const cardError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  stripeError(402, { type: 'card_error', code, message, ...extra });

/** Stripe's 401: the type is invalid_request_error; the status alone says "authentication". */
export const badKey = (apiKey: string) =>
  stripeError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${apiKey.slice(0, 8)}${'*'.repeat(Math.max(apiKey.length - 12, 4))}${apiKey.slice(-4)}`,
  });

/** The error classes a test can ask for (Stripe's status and body for each); `network` cuts the connection. */
export const FAULT_KINDS = [
  'card',
  'invalid_request',
  'not_found',
  'authentication',
  'rate_limit',
  'idempotency',
  'api',
  'network',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  /** Only requests whose path starts with this (default: any /v1 request). */
  path?: string;
  /** How many matching requests it answers (default 1). The SDK retries 429, 5xx and network drops. */
  count?: number;
}

export function faultAnswer(kind: Exclude<FaultKind, 'network'>): Answer {
  switch (kind) {
    case 'card':
      return cardError('card_declined', 'Your card was declined.', { decline_code: 'generic_decline' });
    case 'invalid_request':
      return invalid('Invalid integer: abc', 'amount', 'parameter_invalid_integer');
    case 'not_found':
      return missing('customer', 'cus_unknown', 'customer');
    case 'authentication':
      return badKey('sk_test_wrongkey0000');
    case 'rate_limit':
      return stripeError(429, {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
      });
    case 'idempotency':
      return stripeError(400, {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than the one you used if you meant to execute a different request.',
      });
    case 'api':
      return stripeError(500, { type: 'api_error', message: 'An unknown error occurred' });
  }
}

/**
 * The switches (`/_sim/switches` or the GatewaySim methods): fail the next requests with an error
 * class, cut the connection after the next request did its work (the money moved, the caller never
 * hears it), and stop replaying idempotency keys (as localstripe, or Stripe after 24 h).
 */
export function createSwitches() {
  const faults: Required<Fault>[] = [];
  const drops: { path: string; count: number }[] = [];
  const state = { replayKeys: true };
  const take = <T extends { path: string; count: number }>(list: T[], path: string): T | undefined => {
    const index = list.findIndex((f) => path.startsWith(f.path));
    if (index < 0) return undefined;
    const found = list[index]!;
    found.count -= 1;
    if (found.count <= 0) list.splice(index, 1);
    return found;
  };
  return {
    state,
    failNext(fault: Fault) {
      faults.push({ kind: fault.kind, path: fault.path ?? '/v1/', count: fault.count ?? 1 });
    },
    dropAnswerAfter(options: { path?: string; count?: number } = {}) {
      drops.push({ path: options.path ?? '/v1/', count: options.count ?? 1 });
    },
    /** The fault due for this request, if any (used up as it answers). */
    fault: (path: string) => take(faults, path)?.kind,
    drop: (path: string) => take(drops, path) !== undefined,
    reset() {
      faults.length = 0;
      drops.length = 0;
      state.replayKeys = true;
    },
  };
}
export type SimSwitches = ReturnType<typeof createSwitches>;
