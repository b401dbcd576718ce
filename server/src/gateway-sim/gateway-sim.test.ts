import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway, GatewayError } from '../modules/billing/card-queue/gateway/stripe-gateway';
import { type GatewaySim, startGatewaySim } from './gateway-sim';
import { FAULT_KINDS } from './stripe-errors';

let sim: GatewaySim;
let clock = Date.UTC(2026, 10, 23, 12);

beforeAll(async () => {
  sim = await startGatewaySim(0, { corsOrigins: ['http://127.0.0.1:8080'], now: () => clock });
});
afterEach(() => sim.resetSwitches());
afterAll(() => sim.close());

const gateway = () => createStripeGateway({ baseUrl: sim.url, secretKey: 'sk_test_sim', accountId: '' });

type Made = { id: string; card: { brand: string; last4: string }; error?: { code: string; type: string } };

/** What Stripe.js's createToken sends: a form POST, the publishable key in the body, no Authorization header. */
async function createToken(number: string, expYear = 2030, origin = 'http://127.0.0.1:8080') {
  const body = new URLSearchParams({
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(expYear),
    'card[cvc]': '123',
    key: 'pk_test_sim',
    payment_user_agent: 'stripe.js/test',
  });
  const res = await fetch(`${sim.url}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body,
  });
  return { res, json: (await res.json()) as Made };
}

/** Stripe.js's createPaymentMethod: the same, to /v1/payment_methods. */
async function createPaymentMethod(number: string, expYear = 2030) {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(expYear),
    'card[cvc]': '123',
    key: 'pk_test_sim',
  });
  const res = await fetch(`${sim.url}/v1/payment_methods`, { method: 'POST', body });
  return (await res.json()) as Made;
}

async function savedCard(number: string, customerId = 1) {
  return gateway().saveCard((await createPaymentMethod(number)).id, '', { customerId });
}

const charge = async (card: { paymentMethodId: string; gatewayCustomerId: string }, key: string, amountCents = 12_500) =>
  gateway().charge({ amountCents, ...card, idempotencyKey: key, metadata: { entry: key } });
const chargesFor = (key: string) => sim.charges().filter((c) => c.metadata.entry === key);

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_sim', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });

describe('gateway simulator: tokenization as Stripe.js does it', () => {
  it('makes a token from the key in the form body, answering the card as Stripe does (no number)', async () => {
    const { res, json } = await createToken('4242 4242 4242 4242');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(json).toMatchObject({ id: expect.stringMatching(/^tok_/), card: { brand: 'Visa', last4: '4242' } });
    expect(JSON.stringify(json)).not.toContain('4242424242424242');
    // A browser sends no Authorization header: the preflight does not offer one (as localstripe's).
    const preflight = await fetch(`${sim.url}/v1/tokens`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:8080' } });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).not.toContain('authorization');
    const other = await createToken('4242424242424242', 2030, 'http://evil.example');
    expect(other.res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses the publishable key for anything but tokenization, and a missing key, with 401', async () => {
    const res = await post('/v1/customers', {}, { authorization: 'Bearer pk_test_sim' });
    expect(res.status).toBe(401);
    const inBody = await fetch(`${sim.url}/v1/customers`, { method: 'POST', body: new URLSearchParams({ key: 'pk_test_sim' }) });
    expect(inBody.status).toBe(401);
    expect(((await inBody.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('refuses a card whose expiry has passed at tokenization, as Stripe does', async () => {
    const { res, json } = await createToken('4242424242424242', 2025);
    expect(res.status).toBe(402);
    expect(json.error).toMatchObject({ type: 'card_error', code: 'invalid_expiry_year' });
  });
});

describe('gateway simulator: Stripe test cards are declined when attached', () => {
  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000009987', 'lost_card'],
    ['4000000000000127', 'incorrect_cvc'],
  ])('declines %s (%s) at saveCard, pm_ and tok_ alike, leaving no gateway customer', async (number, code) => {
    const before = sim.customers().length;
    for (const id of [(await createPaymentMethod(number)).id, (await createToken(number)).json.id]) {
      const refused = await gateway()
        .saveCard(id, '', { customerId: 7 })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(GatewayError);
      expect((refused as GatewayError).code).toBe(code);
    }
    expect(sim.customers()).toHaveLength(before);
  });

  it('attaches 4000 0000 0000 0341 and declines it when charged', async () => {
    const card = await savedCard('4000000000000341');
    expect(sim.customers().map((c) => c.id)).toContain(card.gatewayCustomerId);
    expect(await charge(card, 'k-0341')).toMatchObject({ ok: false, declineCode: 'generic_decline', transient: false });
  });

  it('saves a token as the customer’s card (card_…) and charges it', async () => {
    const card = await gateway().saveCard((await createToken('5555555555554444')).json.id, '', { customerId: 3 });
    expect(card).toMatchObject({ paymentMethodId: expect.stringMatching(/^card_/), brand: 'mastercard', last4: '4444' });
    expect(await charge(card, 'k-card')).toMatchObject({ ok: true });
    // A token is used once, as Stripe's.
    expect(chargesFor('k-card')).toMatchObject([{ status: 'succeeded', amount: 12_500 }]);
  });

  it('declines a saved card at charge once its expiry has passed', async () => {
    const card = await savedCard('4242424242424242');
    const later = clock;
    clock = Date.UTC(2031, 0, 5);
    try {
      expect(await charge(card, 'k-old', 900)).toMatchObject({ ok: false, declineCode: 'expired_card' });
    } finally {
      clock = later;
    }
  });
});

describe('gateway simulator: charges, refunds and idempotency', () => {
  it('charges 4242… and refunds it, not beyond the charge', async () => {
    const result = await charge(await savedCard('4242424242424242'), 'k-ok');
    expect(result.ok).toBe(true);
    expect(chargesFor('k-ok')).toMatchObject([{ status: 'succeeded', amount: 12_500 }]);
    if (!result.ok) return;
    expect(
      await gateway().refund({ transactionId: result.transactionId, amountCents: 5_000, idempotencyKey: 'r1' }),
    ).toMatchObject({
      ok: true,
      refundId: expect.stringMatching(/^re_/),
    });
    expect(
      await gateway().refund({ transactionId: result.transactionId, amountCents: 8_000, idempotencyKey: 'r2' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/greater than unrefunded/),
    });
  });

  it('refuses an amount under $0.50 as amount_too_small (400), charging nothing', async () => {
    const result = await charge(await savedCard('4242424242424242'), 'k-small', 49);
    expect(result).toMatchObject({ ok: false, declineCode: 'amount_too_small', transient: false });
    expect(chargesFor('k-small')).toHaveLength(0);
  });

  it('replays an idempotency key for 24 hours and charges once; then forgets it', async () => {
    const card = await savedCard('4242424242424242');
    const first = await charge(card, 'k-replay', 4_000);
    clock += 23 * 3600_000;
    const again = await charge(card, 'k-replay', 4_000);
    expect(again.ok && first.ok && again.transactionId).toBe(first.ok && first.transactionId);
    expect(chargesFor('k-replay')).toHaveLength(1);
    clock += 2 * 3600_000;
    await charge(card, 'k-replay', 4_000);
    expect(chargesFor('k-replay')).toHaveLength(2);
  });

  it('refuses a key reused with other parameters, in Stripe’s error shape', async () => {
    const card = await savedCard('4242424242424242');
    await charge(card, 'k-other', 4_000);
    const changed = await charge(card, 'k-other', 4_100);
    expect(changed).toMatchObject({ ok: false, declineCode: 'idempotency_error', transient: false });
    expect(changed.ok === false && changed.message).toMatch(/same parameters/);
    expect(chargesFor('k-other')).toHaveLength(1);
  });

  it('replays a decline under its key rather than charging again', async () => {
    const card = { paymentMethodId: 'pm_card_chargeDeclined', gatewayCustomerId: '' };
    await charge(card, 'k-dec', 700);
    expect(await charge(card, 'k-dec', 700)).toMatchObject({ ok: false, declineCode: 'generic_decline' });
    expect(chargesFor('k-dec')).toHaveLength(1);
  });
});

describe('gateway simulator: test switches', () => {
  const EXPECTED: Record<string, { status: number; type: string; sdk: unknown }> = {
    card: { status: 402, type: 'card_error', sdk: Stripe.errors.StripeCardError },
    invalid_request: { status: 400, type: 'invalid_request_error', sdk: Stripe.errors.StripeInvalidRequestError },
    not_found: { status: 404, type: 'invalid_request_error', sdk: Stripe.errors.StripeInvalidRequestError },
    authentication: { status: 401, type: 'invalid_request_error', sdk: Stripe.errors.StripeAuthenticationError },
    rate_limit: { status: 429, type: 'invalid_request_error', sdk: Stripe.errors.StripeRateLimitError },
    idempotency: { status: 400, type: 'idempotency_error', sdk: Stripe.errors.StripeIdempotencyError },
    api: { status: 500, type: 'api_error', sdk: Stripe.errors.StripeAPIError },
  };

  it.each(FAULT_KINDS.filter((k) => k !== 'network'))(
    'answers the next request with %s in Stripe’s status and shape, read by the SDK as its class',
    async (kind) => {
      const expected = EXPECTED[kind]!;
      sim.failNext({ kind, path: '/v1/customers' });
      const res = await post('/v1/customers', {});
      expect(res.status).toBe(expected.status);
      expect(res.headers.get('request-id')).toMatch(/^req_/);
      const body = (await res.json()) as { error: { type: string; message: string; request_log_url: string } };
      expect(body.error).toMatchObject({ type: expected.type, message: expect.any(String) });
      expect(body.error.request_log_url).toContain(res.headers.get('request-id'));
      // The fault is used up: the next request goes through.
      expect((await post('/v1/customers', {})).status).toBe(200);
      // Through the SDK without retries, the error class Stripe's own answer would give.
      sim.failNext({ kind, path: '/v1/customers' });
      const sdk = new Stripe('sk_test_sim', { host: '127.0.0.1', port: sim.port, protocol: 'http', maxNetworkRetries: 0 });
      await expect(sdk.customers.create({})).rejects.toBeInstanceOf(expected.sdk);
    },
  );

  it('cuts the connection before the work (network), or after it: the money moved, the caller never heard', async () => {
    const before = sim.customers().length;
    sim.failNext({ kind: 'network', path: '/v1/customers' });
    await expect(post('/v1/customers', {})).rejects.toThrow();
    expect(sim.customers()).toHaveLength(before);
    const card = await savedCard('4242424242424242');
    sim.dropAnswerAfter({ path: '/v1/payment_intents' });
    await expect(
      post('/v1/payment_intents', {
        amount: '2500',
        currency: 'usd',
        customer: card.gatewayCustomerId,
        payment_method: card.paymentMethodId,
        confirm: 'true',
        'metadata[entry]': 'k-drop',
      }),
    ).rejects.toThrow();
    expect(chargesFor('k-drop')).toMatchObject([{ status: 'succeeded', amount: 2500 }]);
  });

  it('stops replaying idempotency keys when told (a key sent again is a new request)', async () => {
    const card = await savedCard('4242424242424242');
    sim.replayIdempotencyKeys(false);
    await charge(card, 'k-noreplay', 3_000);
    await charge(card, 'k-noreplay', 3_000);
    expect(chargesFor('k-noreplay')).toHaveLength(2);
  });

  it('takes its switches over HTTP too (for a simulator in another process)', async () => {
    const set = await fetch(`${sim.url}/_sim/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail: { kind: 'rate_limit', path: '/v1/customers', count: 2 }, replayIdempotencyKeys: false }),
    });
    expect(await set.json()).toMatchObject({ ok: true, replayIdempotencyKeys: false });
    expect((await post('/v1/customers', {})).status).toBe(429);
    expect((await post('/v1/customers', {})).status).toBe(429);
    expect((await post('/v1/customers', {})).status).toBe(200);
    const listed = (await (await fetch(`${sim.url}/_sim/customers`)).json()) as { data: unknown[] };
    expect(listed.data).toHaveLength(sim.customers().length);
    const bad = await fetch(`${sim.url}/_sim/switches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail: { kind: 'nope' } }),
    });
    expect(bad.status).toBe(400);
  });
});
