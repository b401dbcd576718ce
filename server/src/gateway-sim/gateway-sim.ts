import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Card, createCardStore } from './cards';
import {
  type Answer,
  badKey,
  createSwitches,
  FAULT_KINDS,
  type Fault,
  type FaultKind,
  faultAnswer,
  invalid,
  missing,
  stripeError,
} from './stripe-errors';

/**
 * A local stand-in for the subset of Stripe's HTTP API that Tidyhouse's gateway adapter uses
 * (customers, payment methods and their attach, payment intents confirmed off-session, refunds) plus
 * the browser-side card tokenization (POST /v1/tokens or /v1/payment_methods with the publishable
 * key in the form body, as Stripe.js sends it; CORS as Stripe answers it). It follows Stripe's
 * documented test behaviours: the test cards (declined when attached: cards.ts), idempotency keys
 * replayed for 24 h, a key reused with other parameters refused, Stripe's error shapes and statuses.
 * Test switches (stripe-errors.ts) fail the next requests with an error class, cut an answer after
 * the money moved and stop replaying keys. State lives in memory.
 */
export interface GatewaySimOptions {
  /** Origins the browser may tokenize from; `*` (default) answers any origin. */
  corsOrigins?: string[] | '*';
  /** Delay before a payment intent is confirmed, to make concurrent requests overlap in tests. */
  confirmDelayMs?: number;
  /** How long an idempotency key is remembered (Stripe: 24 h). */
  idempotencyTtlMs?: number;
  now?: () => number;
}

export interface SimCharge {
  id: string;
  paymentIntent: string;
  amount: number;
  status: 'succeeded' | 'failed';
  paymentMethod: string;
  metadata: Record<string, string>;
  /** Unix seconds, as Stripe's `created` (the list endpoints filter on it). */
  created?: number;
}

export interface SimRefund {
  id: string;
  charge: string;
  amount: number;
  created?: number;
  paymentIntent?: string;
  metadata?: Record<string, string>;
}

export interface GatewaySim {
  url: string;
  port: number;
  charges(): SimCharge[];
  /** Every refund made (a replayed idempotency key makes none). */
  refunds(): SimRefund[];
  /** The gateway customers that exist (a deleted one is gone). */
  customers(): { id: string; metadata: Record<string, unknown> }[];
  /** Answers the next matching request(s) with an error class (Stripe's status and body). */
  failNext(fault: Fault): void;
  /** The next matching request does its work, then the connection is cut before the answer. */
  dropAnswerAfter(options?: { path?: string; count?: number }): void;
  /** Off: idempotency keys are forgotten and never replayed (localstripe; Stripe after 24 h). */
  replayIdempotencyKeys(on: boolean): void;
  resetSwitches(): void;
  close(): Promise<void>;
}

type Params = Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Parses Stripe's form encoding (`card[number]=…&metadata[serial]=…`) into nested objects. */
export function parseForm(text: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Params;
    }
    target[parts[parts.length - 1]!] = value;
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const bool = (v: unknown) => v === true || v === 'true';

export function createGatewaySimHandler(options: GatewaySimOptions = {}) {
  const now = options.now ?? Date.now;
  const ttl = options.idempotencyTtlMs ?? DAY_MS;
  const cards = createCardStore(now);
  const { customers, methodOf } = cards;
  const switches = createSwitches();
  const intents = new Map<string, Params>();
  const charges: SimCharge[] = [];
  const refunded = new Map<string, number>();
  const refunds: SimRefund[] = [];
  const idempotent = new Map<string, { fingerprint: string; at: number; answer?: Answer }>();

  function confirm(intent: Params, method: Card, methodId: string): Answer {
    const failure = cards.chargeFailure(method);
    const charge: SimCharge = {
      id: id('ch'),
      paymentIntent: str(intent.id),
      amount: Number(intent.amount),
      status: failure ? 'failed' : 'succeeded',
      paymentMethod: methodId,
      metadata: (intent.metadata ?? {}) as Record<string, string>,
      created: Math.floor(now() / 1000),
    };
    charges.push(charge);
    intent.latest_charge = charge.id;
    if (!failure) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return { status: 200, body: intent };
    }
    const { declineCode, code } = failure;
    const error = {
      type: 'card_error',
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message: failure.message,
      charge: charge.id,
      doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`,
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    return stripeError(402, { ...error, payment_intent: intent });
  }

  function createPaymentIntent(p: Params): Answer {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    if (amount < 50) return invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (!str(p.currency)) return invalid('Missing required param: currency.', 'currency');
    const customer = str(p.customer);
    if (customer && !customers.has(customer)) return missing('customer', customer, 'customer');
    const methodId = str(p.payment_method);
    const method = methodOf(methodId);
    if (methodId && !method) return missing('PaymentMethod', methodId, 'payment_method');
    if (method?.customer && customer && method.customer !== customer) {
      return invalid(`The provided PaymentMethod ${methodId} is attached to another customer.`, 'payment_method');
    }
    const intent: Params = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: str(p.currency).toLowerCase(),
      customer: customer || null,
      payment_method: methodId || null,
      metadata: p.metadata ?? {},
      created: Math.floor(now() / 1000),
      status: methodId ? 'requires_confirmation' : 'requires_payment_method',
      latest_charge: null,
    };
    intents.set(str(intent.id), intent);
    if (bool(p.confirm)) {
      if (!method)
        return invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', 'payment_method');
      return confirm(intent, method.card, methodId);
    }
    return { status: 200, body: intent };
  }

  function createRefund(p: Params): Answer {
    const intentId = str(p.payment_intent);
    const chargeId = str(p.charge);
    const charge = charges.find((c) => (intentId ? c.paymentIntent === intentId : c.id === chargeId) && c.status === 'succeeded');
    if (!charge) return intentId ? missing('payment_intent', intentId, 'payment_intent') : missing('charge', chargeId, 'charge');
    const already = refunded.get(charge.id) ?? 0;
    const amount = p.amount === undefined ? charge.amount - already : Number(p.amount);
    if (already >= charge.amount) {
      return invalid(`Charge ${charge.id} has already been refunded.`, undefined);
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - already) {
      return invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((charge.amount - already) / 100).toFixed(2)})`,
        'amount',
      );
    }
    refunded.set(charge.id, already + amount);
    const metadata = (p.metadata ?? {}) as Record<string, string>;
    const refund = {
      id: id('re'),
      charge: charge.id,
      amount,
      created: Math.floor(now() / 1000),
      paymentIntent: charge.paymentIntent,
      metadata,
    };
    refunds.push(refund);
    return {
      status: 200,
      body: {
        id: refund.id,
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: charge.paymentIntent,
        status: 'succeeded',
        currency: 'usd',
        metadata: p.metadata ?? {},
      },
    };
  }

  async function route(method: string, path: string, p: Params, publishable: boolean): Promise<Answer> {
    const segments = path.split('/').filter(Boolean);
    if (method === 'POST' && path === '/v1/payment_methods') return cards.createPaymentMethod(p);
    if (method === 'POST' && path === '/v1/tokens') return cards.createToken(p);
    if (publishable)
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key.',
      });
    const listed = method === 'GET' ? listings(segments, p) : null;
    if (listed) return listed;
    if (method === 'POST' && path === '/v1/customers') return cards.createCustomer(p);
    if (segments[1] === 'customers' && segments[2]) {
      if (method === 'GET' && segments.length === 3) return cards.retrieveCustomer(segments[2]);
      if (method === 'DELETE' && segments.length === 3) return cards.deleteCustomer(segments[2]);
      if (method === 'POST' && segments[3] === 'sources') return cards.addSource(segments[2], str(p.source));
    }
    if (method === 'GET' && segments[1] === 'tokens' && segments[2]) return cards.retrieveToken(segments[2]);
    if (segments[1] === 'payment_methods' && segments[2]) {
      const m = methodOf(segments[2]);
      if (!m) return missing('PaymentMethod', segments[2], 'payment_method');
      if (method === 'GET' && segments.length === 3) return { status: 200, body: cards.publicMethod(m) };
      if (method === 'POST' && segments[3] === 'attach') return cards.attach(segments[2], str(p.customer));
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (options.confirmDelayMs) await new Promise((r) => setTimeout(r, options.confirmDelayMs));
      return createPaymentIntent(p);
    }
    // ---- Confirming a stored PaymentIntent (G2, issue 26: the card queue makes, stores, then confirms) ----
    if (method === 'POST' && segments[1] === 'payment_intents' && segments[2] && segments[3] === 'confirm') {
      // Waits first, as Stripe locks the intent: two confirms at once see the first one's outcome.
      if (options.confirmDelayMs) await new Promise((r) => setTimeout(r, options.confirmDelayMs));
      const intent = intents.get(segments[2]);
      if (!intent) return missing('payment_intent', segments[2], 'intent');
      const confirmable = ['requires_confirmation', 'requires_payment_method', 'requires_action'];
      if (!confirmable.includes(str(intent.status)))
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot confirm this PaymentIntent because it has a status of ${str(intent.status)}. Only a PaymentIntent with one of the following statuses may be confirmed: ${confirmable.join(', ')}.`,
          payment_intent: intent,
        });
      const methodId = str(p.payment_method) || str(intent.payment_method);
      const found = methodOf(methodId);
      if (!found) return missing('PaymentMethod', methodId, 'payment_method');
      const customer = str(intent.customer);
      if (found.customer && customer && found.customer !== customer)
        return invalid(`The provided PaymentMethod ${methodId} is attached to another customer.`, 'payment_method');
      intent.payment_method = methodId;
      return confirm(intent, found.card, methodId);
    }
    // ---- end of the confirm block ----
    if (method === 'GET' && segments[1] === 'payment_intents' && segments[2]) {
      const intent = intents.get(segments[2]);
      return intent ? { status: 200, body: intent } : missing('payment_intent', segments[2], 'intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(p);
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** Stripe's charge object (the fields reconciliation reads). */
  const publicCharge = (c: SimCharge) => {
    const amountRefunded = refunded.get(c.id) ?? 0;
    return {
      id: c.id,
      object: 'charge',
      amount: c.amount,
      amount_captured: c.status === 'succeeded' ? c.amount : 0,
      amount_refunded: amountRefunded,
      created: c.created ?? 0,
      currency: 'usd',
      customer: str(intents.get(c.paymentIntent)?.customer) || null,
      metadata: c.metadata,
      paid: c.status === 'succeeded',
      payment_intent: c.paymentIntent,
      payment_method: c.paymentMethod,
      refunded: amountRefunded >= c.amount && c.status === 'succeeded',
      status: c.status,
    };
  };
  const publicRefund = (r: SimRefund) => ({
    id: r.id,
    object: 'refund',
    amount: r.amount,
    charge: r.charge,
    created: r.created ?? 0,
    currency: 'usd',
    metadata: r.metadata ?? {},
    payment_intent: r.paymentIntent ?? null,
    status: 'succeeded',
  });

  /**
   * Stripe's list endpoints (newest first; created[gt|gte|lt|lte], limit 1–100 default 10,
   * starting_after) and its search endpoints (`metadata['k']:'v'` clauses joined by AND).
   */
  function listings(segments: string[], p: Params): Answer | null {
    const [, resource, sub] = segments;
    const sources: Record<
      string,
      () => { id: string; created: number; metadata: Params; charge?: string; payment_intent?: unknown }[]
    > = {
      charges: () => charges.map(publicCharge),
      refunds: () => refunds.map(publicRefund),
      payment_intents: () => [...intents.values()] as never,
    };
    const source = resource ? sources[resource] : undefined;
    if (source && resource !== 'payment_intents' && segments.length === 3 && sub !== 'search') {
      const found = source().find((r) => r.id === sub);
      return found ? { status: 200, body: found } : missing(resource!.replace(/s$/, ''), sub!, 'id');
    }
    if (!source || (segments.length !== 2 && !(segments.length === 3 && sub === 'search'))) return null;
    if (resource === 'refunds' && sub) return null;
    const limit = p.limit === undefined ? 10 : Number(p.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return invalid('Invalid integer: limit must be between 1 and 100', 'limit');
    let rows = source().sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    if (sub === 'search') {
      const query = str(p.query);
      const clauses = query.split(/\s+AND\s+/i).map((c) => /^metadata\[['"]([^'"]+)['"]\]:['"]([^'"]*)['"]$/.exec(c.trim()));
      if (!query || clauses.some((c) => !c)) return invalid(`Invalid search query: ${query}`, 'query');
      rows = rows.filter((r) => clauses.every((c) => str(r.metadata?.[c![1]!]) === c![2]));
      return {
        status: 200,
        body: {
          object: 'search_result',
          data: rows.slice(0, limit),
          has_more: rows.length > limit,
          next_page: null,
          url: `/v1/${resource}/search`,
        },
      };
    }
    const created = (typeof p.created === 'object' && p.created !== null ? p.created : {}) as Params;
    const bound = (k: string) => (created[k] === undefined ? null : Number(created[k]));
    const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
    rows = rows.filter(
      (r) =>
        (gt == null || r.created > gt) &&
        (gte == null || r.created >= gte) &&
        (lt == null || r.created < lt) &&
        (lte == null || r.created <= lte) &&
        (!p.charge || r.charge === p.charge) &&
        (!p.payment_intent || r.payment_intent === p.payment_intent),
    );
    const after = str(p.starting_after);
    if (after) {
      const at = rows.findIndex((r) => r.id === after);
      if (at < 0) return missing(resource!.replace(/s$/, ''), after, 'starting_after');
      rows = rows.slice(at + 1);
    }
    return {
      status: 200,
      body: { object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit, url: `/v1/${resource}` },
    };
  }

  /** Runs a POST under its idempotency key: the first answer is replayed for 24 h; other parameters are refused. */
  async function withIdempotency(
    apiKey: string,
    key: string,
    method: string,
    path: string,
    raw: string,
    run: () => Promise<Answer>,
  ) {
    const fingerprint = createHash('sha256')
      .update(
        `${method} ${path} ${[...new URLSearchParams(raw)]
          .map(([k, v]) => `${k}=${v}`)
          .sort()
          .join('&')}`,
      )
      .digest('hex');
    const slot = `${apiKey}\u0000${key}`;
    const seen = idempotent.get(slot);
    if (seen && now() - seen.at < ttl) {
      if (seen.fingerprint !== fingerprint) {
        return {
          answer: stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
          replayed: false,
        };
      }
      if (!seen.answer) {
        return {
          answer: stripeError(409, {
            type: 'idempotency_error',
            message:
              'There is currently another in-progress request using this Stripe API Key and idempotency key. Try again after the request has completed.',
          }),
          replayed: false,
        };
      }
      return { answer: seen.answer, replayed: true };
    }
    const entry: { fingerprint: string; at: number; answer?: Answer } = { fingerprint, at: now() };
    idempotent.set(slot, entry);
    const answer = await run();
    entry.answer = answer;
    return { answer, replayed: false };
  }

  /**
   * Stripe answers any origin; a browser sends only a simple form POST (Stripe.js puts the
   * publishable key in the body), so a preflight allows no Authorization header, as localstripe's.
   */
  function corsHeaders(origin: string | undefined): Record<string, string> {
    if (!origin) return {};
    const allowed = options.corsOrigins ?? '*';
    if (allowed !== '*' && !allowed.includes(origin)) return {};
    return {
      'access-control-allow-origin': allowed === '*' ? '*' : origin,
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Accept',
      'access-control-expose-headers': 'Request-Id',
      'access-control-max-age': '300',
      ...(allowed === '*' ? {} : { vary: 'Origin' }),
    };
  }

  /** The test switches over HTTP (for a simulator in another process): POST /_sim/switches. */
  function setSwitches(body: Params): Answer {
    if (body.reset === true) switches.reset();
    if (typeof body.replayIdempotencyKeys === 'boolean') replayKeys(body.replayIdempotencyKeys);
    const fail = body.fail as Fault | undefined;
    if (fail) {
      if (!FAULT_KINDS.includes(fail.kind)) return invalid(`Unknown fault kind: ${String(fail.kind)}`, 'fail.kind');
      switches.failNext(fail);
    }
    const drop = body.dropAnswerAfter as { path?: string; count?: number } | undefined;
    if (drop) switches.dropAnswerAfter(drop);
    return { status: 200, body: { ok: true, replayIdempotencyKeys: switches.state.replayKeys } };
  }
  const replayKeys = (on: boolean) => {
    switches.state.replayKeys = on;
    if (!on) idempotent.clear();
  };

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const cors = corsHeaders(req.headers.origin);
    const send = (answer: Answer, extra: Record<string, string> = {}) => {
      const requestId = id('req');
      const body = answer.body as { error?: Params };
      // Stripe's error bodies carry the request's log address; the request id is also a header.
      if (body?.error) body.error = { ...body.error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': requestId, ...cors, ...extra });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/_sim/charges') return send({ status: 200, body: { data: charges } });
    if (req.method === 'GET' && url.pathname === '/_sim/health') return send({ status: 200, body: { ok: true } });
    if (req.method === 'GET' && url.pathname === '/_sim/refunds') return send({ status: 200, body: { data: refunds } });
    if (req.method === 'GET' && url.pathname === '/_sim/customers') return send({ status: 200, body: { data: liveCustomers() } });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    let params: Params;
    try {
      params = raw === '' ? {} : isJson ? (JSON.parse(raw) as Params) : parseForm(raw);
    } catch {
      return send(invalid('Invalid request body.'));
    }
    if (req.method === 'POST' && url.pathname === '/_sim/switches') return send(setSwitches(params));
    let apiKey = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    // Stripe.js sends the publishable key in the form body (no Authorization header, no preflight).
    if (!apiKey && req.method === 'POST' && BROWSER_PATHS.has(url.pathname) && /^pk_/.test(str(params.key))) {
      apiKey = str(params.key);
      for (const field of STRIPE_JS_FIELDS) delete params[field];
    }
    if (!/^(sk|rk|pk)_(test|live)_\S+$/.test(apiKey)) return send(badKey(apiKey));
    if (url.search && req.method === 'GET') Object.assign(params, parseForm(url.search.slice(1)));
    const fault: FaultKind | undefined = switches.fault(url.pathname);
    if (fault === 'network') return void req.socket.destroy();
    if (fault) return send(faultAnswer(fault));
    const publishable = apiKey.startsWith('pk_');
    const key = req.headers['idempotency-key'];
    const drop = switches.drop(url.pathname);
    let answer: Answer;
    let extra: Record<string, string> = {};
    if (req.method === 'POST' && typeof key === 'string' && key !== '' && switches.state.replayKeys) {
      const run = await withIdempotency(apiKey, key, req.method, url.pathname, raw, () =>
        route('POST', url.pathname, params, publishable),
      );
      answer = run.answer;
      extra = { 'idempotency-key': key, ...(run.replayed ? { 'idempotent-replayed': 'true' } : {}) };
    } else {
      answer = await route(req.method ?? 'GET', url.pathname, params, publishable);
    }
    // The work is done (the money may have moved); the caller never hears of it.
    if (drop) return void req.socket.destroy();
    return send(answer, extra);
  };
  const liveCustomers = () => [...customers.values()].map((c) => ({ id: c.id, metadata: { ...c.metadata } }));
  return {
    handler,
    charges: () => charges.map((c) => ({ ...c })),
    refunds: () => refunds.map((r) => ({ ...r })),
    customers: liveCustomers,
    switches,
    replayKeys,
  };
}

/** Where a browser may authenticate with the publishable key in the body (Stripe.js's tokenization). */
const BROWSER_PATHS = new Set(['/v1/tokens', '/v1/payment_methods']);
/** What Stripe.js adds to the body beside the card. */
const STRIPE_JS_FIELDS = ['key', 'payment_user_agent', 'guid', 'muid', 'sid', 'time_on_page', 'referrer', 'pasted_fields'];

/** Starts the simulator on 127.0.0.1 (port 0 picks a free one). */
export async function startGatewaySim(port: number, options: GatewaySimOptions = {}, host = '127.0.0.1'): Promise<GatewaySim> {
  const { handler, charges, refunds, customers, switches, replayKeys } = createGatewaySimHandler(options);
  const server = http.createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    charges,
    refunds,
    customers,
    failNext: switches.failNext,
    dropAnswerAfter: switches.dropAnswerAfter,
    replayIdempotencyKeys: replayKeys,
    resetSwitches: switches.reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
