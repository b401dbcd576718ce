import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brandOf, PRESET_PAYMENT_METHODS, TEST_CARDS } from './test-cards';

/**
 * A local stand-in for the subset of Stripe's HTTP API that Tidyhouse's gateway adapter uses
 * (customers, payment methods and their attach, payment intents confirmed off-session, refunds) plus
 * the browser-side card tokenization (POST /v1/payment_methods with a publishable key, CORS). It
 * follows Stripe's documented test behaviours: the test cards, idempotency keys replayed for 24 h,
 * a key reused with other parameters refused, and Stripe's error shape. State lives in memory.
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
}

export interface SimRefund {
  id: string;
  charge: string;
  amount: number;
}

export interface GatewaySim {
  url: string;
  port: number;
  charges(): SimCharge[];
  /** Every refund made (a replayed idempotency key makes none). */
  refunds(): SimRefund[];
  close(): Promise<void>;
}

type Params = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
}
interface Card {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(status: number, error: Record<string, unknown>): Answer {
  return { status, body: { error } };
}
const invalid = (message: string, param?: string) =>
  stripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (what: string, value: string, param: string) =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${value}'`, param });

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
  const customers = new Map<string, { id: string; created: number; metadata: Params }>();
  const methods = new Map<string, { id: string; card: Card; customer: string | null; created: number }>();
  const intents = new Map<string, Params>();
  const charges: SimCharge[] = [];
  const refunded = new Map<string, number>();
  const refunds: SimRefund[] = [];
  const idempotent = new Map<string, { fingerprint: string; at: number; answer?: Answer }>();

  /** A stored payment method, or one of Stripe's preset test methods made on first use. */
  const methodOf = (methodId: string) => {
    const known = methods.get(methodId);
    const number = PRESET_PAYMENT_METHODS[methodId];
    if (known || !number) return known;
    const m = {
      id: methodId,
      card: {
        number,
        brand: TEST_CARDS[number]?.brand ?? brandOf(number),
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
      },
      customer: null,
      created: Math.floor(now() / 1000),
    };
    methods.set(methodId, m);
    return m;
  };

  const publicMethod = (m: { id: string; card: Card; customer: string | null; created: number }) => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    created: m.created,
    customer: m.customer,
    card: { brand: m.card.brand, last4: m.card.last4, exp_month: m.card.exp_month, exp_year: m.card.exp_year, funding: 'credit' },
  });

  function createPaymentMethod(p: Params): Answer {
    const card = (p.card ?? {}) as Params;
    const number = str(card.number).replace(/\s|-/g, '');
    const expMonth = Number(card.exp_month);
    const expYear = Number(card.exp_year);
    if (str(p.type) !== 'card') return invalid('Invalid type: must be card', 'type');
    if (!/^\d{12,19}$/.test(number))
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_number',
        message: 'Your card number is invalid.',
        param: 'card[number]',
      });
    if (!(expMonth >= 1 && expMonth <= 12))
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'card[exp_month]',
      });
    if (!(expYear >= 2000 && expYear <= 2100))
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'card[exp_year]',
      });
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(str(card.cvc)))
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_cvc',
        message: "Your card's security code is invalid.",
        param: 'card[cvc]',
      });
    const known = TEST_CARDS[number];
    const m = {
      id: id('pm'),
      card: { number, brand: known?.brand ?? brandOf(number), last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
      customer: null,
      created: Math.floor(now() / 1000),
    };
    methods.set(m.id, m);
    return { status: 200, body: publicMethod(m) };
  }

  function confirm(intent: Params, method: Card, methodId: string): Answer {
    const outcome = TEST_CARDS[method.number];
    const today = new Date(now());
    const expired =
      method.exp_year < today.getUTCFullYear() ||
      (method.exp_year === today.getUTCFullYear() && method.exp_month < today.getUTCMonth() + 1);
    const failure = expired ? { code: 'expired_card', message: 'Your card has expired.' } : outcome?.code ? outcome : null;
    const charge: SimCharge = {
      id: id('ch'),
      paymentIntent: str(intent.id),
      amount: Number(intent.amount),
      status: failure ? 'failed' : 'succeeded',
      paymentMethod: methodId,
      metadata: (intent.metadata ?? {}) as Record<string, string>,
    };
    charges.push(charge);
    intent.latest_charge = charge.id;
    if (!failure) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return { status: 200, body: intent };
    }
    const declineCode = 'declineCode' in failure ? failure.declineCode : undefined;
    const code = failure.code ?? 'card_declined';
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
    if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least $0.50 usd', 'amount');
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
    const refund = { id: id('re'), charge: charge.id, amount };
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
    if (method === 'POST' && path === '/v1/payment_methods') return createPaymentMethod(p);
    if (publishable)
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key.',
      });
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: id('cus'),
        object: 'customer',
        created: Math.floor(now() / 1000),
        metadata: (p.metadata ?? {}) as Params,
        email: p.email ?? null,
        name: p.name ?? null,
      };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (segments[1] === 'payment_methods' && segments[2]) {
      const m = methodOf(segments[2]);
      if (!m) return missing('PaymentMethod', segments[2], 'payment_method');
      if (method === 'GET' && segments.length === 3) return { status: 200, body: publicMethod(m) };
      if (method === 'POST' && segments[3] === 'attach') {
        const customer = str(p.customer);
        if (!customers.has(customer)) return missing('customer', customer, 'customer');
        if (m.customer && m.customer !== customer)
          return invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
        m.customer = customer;
        return { status: 200, body: publicMethod(m) };
      }
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (options.confirmDelayMs) await new Promise((r) => setTimeout(r, options.confirmDelayMs));
      return createPaymentIntent(p);
    }
    if (method === 'GET' && segments[1] === 'payment_intents' && segments[2]) {
      const intent = intents.get(segments[2]);
      return intent ? { status: 200, body: intent } : missing('payment_intent', segments[2], 'intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(p);
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
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

  function corsHeaders(origin: string | undefined): Record<string, string> {
    if (!origin) return {};
    const allowed = options.corsOrigins ?? '*';
    if (allowed !== '*' && !allowed.includes(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      'access-control-max-age': '600',
      vary: 'Origin',
    };
  }

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const cors = corsHeaders(req.headers.origin);
    const send = (answer: Answer, extra: Record<string, string> = {}) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), ...cors, ...extra });
      res.end(JSON.stringify(answer.body));
    };
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/_sim/charges') return send({ status: 200, body: { data: charges } });
    if (req.method === 'GET' && url.pathname === '/_sim/health') return send({ status: 200, body: { ok: true } });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const apiKey = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!/^(sk|rk|pk)_(test|live)_\S+$/.test(apiKey)) {
      return send(
        stripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${apiKey.slice(0, 8)}****` }),
      );
    }
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    let params: Params;
    try {
      params = raw === '' ? {} : isJson ? (JSON.parse(raw) as Params) : parseForm(raw);
    } catch {
      return send(invalid('Invalid request body.'));
    }
    if (url.search && req.method === 'GET') Object.assign(params, parseForm(url.search.slice(1)));
    const publishable = apiKey.startsWith('pk_');
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string' && key !== '') {
      const { answer, replayed } = await withIdempotency(apiKey, key, req.method, url.pathname, isJson ? raw : raw, () =>
        route('POST', url.pathname, params, publishable),
      );
      return send(answer, { 'idempotency-key': key, ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
    }
    return send(await route(req.method ?? 'GET', url.pathname, params, publishable));
  };
  return { handler, charges: () => charges.map((c) => ({ ...c })), refunds: () => refunds.map((r) => ({ ...r })) };
}

/** Starts the simulator on 127.0.0.1 (port 0 picks a free one). */
export async function startGatewaySim(port: number, options: GatewaySimOptions = {}, host = '127.0.0.1'): Promise<GatewaySim> {
  const { handler, charges, refunds } = createGatewaySimHandler(options);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
