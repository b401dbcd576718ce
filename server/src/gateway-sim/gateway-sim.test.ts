import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../modules/billing/card-queue/gateway/stripe-gateway';
import { type GatewaySim, startGatewaySim } from './gateway-sim';

let sim: GatewaySim;
let clock = Date.UTC(2026, 10, 23, 12);

beforeAll(async () => {
  sim = await startGatewaySim(0, { corsOrigins: ['http://127.0.0.1:8080'], now: () => clock });
});
afterAll(() => sim.close());

const gateway = () => createStripeGateway({ baseUrl: sim.url, secretKey: 'sk_test_sim', accountId: '' });

/** What the browser does: card number and CVC to the gateway with the publishable key. */
async function tokenize(number: string, expYear = 2030, origin = 'http://127.0.0.1:8080') {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(expYear),
    'card[cvc]': '123',
  });
  const res = await fetch(`${sim.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_sim', 'content-type': 'application/x-www-form-urlencoded', origin },
    body,
  });
  return { res, json: (await res.json()) as { id: string; card: { brand: string; last4: string }; error?: { code: string } } };
}

async function savedCard(number: string, customerId = 1) {
  const { json } = await tokenize(number);
  return gateway().saveCard(json.id, '', { customerId });
}

const charge = async (number: string, key: string, amountCents = 12_500) => {
  const card = await savedCard(number);
  return gateway().charge({
    amountCents,
    paymentMethodId: card.paymentMethodId,
    gatewayCustomerId: card.gatewayCustomerId,
    idempotencyKey: key,
    metadata: { entry: key },
  });
};
const chargesFor = (key: string) => sim.charges().filter((c) => c.metadata.entry === key);

describe('gateway simulator', () => {
  it('tokenizes a card from the browser origin and answers only brand, last four and expiry', async () => {
    const { res, json } = await tokenize('4242 4242 4242 4242');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(json.id).toMatch(/^pm_/);
    expect(json.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(json)).not.toContain('4242424242424242');
    const preflight = await fetch(`${sim.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8080' },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await tokenize('4242424242424242', 2030, 'http://evil.example');
    expect(other.res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a publishable key for anything but tokenization, and a missing key', async () => {
    const res = await fetch(`${sim.url}/v1/customers`, { method: 'POST', headers: { authorization: 'Bearer pk_test_sim' } });
    expect(res.status).toBe(401);
    const none = await fetch(`${sim.url}/v1/customers`, { method: 'POST' });
    expect(((await none.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('charges 4242… and refunds it, not beyond the charge', async () => {
    const result = await charge('4242424242424242', 'k-ok');
    expect(result.ok).toBe(true);
    expect(chargesFor('k-ok')).toMatchObject([{ status: 'succeeded', amount: 12_500 }]);
    if (!result.ok) return;
    await expect(
      gateway().refund({ transactionId: result.transactionId, amountCents: 5_000, idempotencyKey: 'r1' }),
    ).resolves.toMatchObject({ refundId: expect.stringMatching(/^re_/) });
    await expect(
      gateway().refund({ transactionId: result.transactionId, amountCents: 8_000, idempotencyKey: 'r2' }),
    ).rejects.toThrow(/greater than unrefunded/);
  });

  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000009987', 'lost_card'],
    ['4000000000009979', 'stolen_card'],
  ])('declines %s with %s', async (number, code) => {
    const result = await charge(number, `k-${number}`);
    expect(result).toMatchObject({ ok: false, declineCode: code, transient: false });
  });

  it('declines a card whose expiry has passed as expired_card', async () => {
    const { json } = await tokenize('4242424242424242', 2025);
    const card = await gateway().saveCard(json.id, '', { customerId: 2 });
    const result = await gateway().charge({
      amountCents: 900,
      paymentMethodId: card.paymentMethodId,
      gatewayCustomerId: card.gatewayCustomerId,
      idempotencyKey: 'k-old',
      metadata: {},
    });
    expect(result).toMatchObject({ ok: false, declineCode: 'expired_card' });
  });

  it('replays an idempotency key for 24 hours and charges once; then forgets it', async () => {
    const card = await savedCard('4242424242424242');
    const request = {
      amountCents: 4_000,
      paymentMethodId: card.paymentMethodId,
      gatewayCustomerId: card.gatewayCustomerId,
      idempotencyKey: 'k-replay',
      metadata: { entry: 'k-replay' },
    };
    const first = await gateway().charge(request);
    clock += 23 * 3600_000;
    const again = await gateway().charge(request);
    expect(again).toEqual(first);
    expect(chargesFor('k-replay')).toHaveLength(1);
    clock += 2 * 3600_000;
    await gateway().charge(request);
    expect(chargesFor('k-replay')).toHaveLength(2);
  });

  it('refuses a key reused with other parameters, in Stripe’s error shape', async () => {
    const card = await savedCard('4242424242424242');
    const request = {
      amountCents: 4_000,
      paymentMethodId: card.paymentMethodId,
      gatewayCustomerId: card.gatewayCustomerId,
      idempotencyKey: 'k-other',
      metadata: { entry: 'k-other' },
    };
    await gateway().charge(request);
    const changed = await gateway().charge({ ...request, amountCents: 4_100 });
    expect(changed).toMatchObject({ ok: false, declineCode: 'idempotency_error', transient: true });
    expect(changed.ok === false && changed.message).toMatch(/same parameters/);
    expect(chargesFor('k-other')).toHaveLength(1);
  });

  it('replays a decline under its key rather than charging again', async () => {
    const card = await savedCard('4000000000000002');
    const request = {
      amountCents: 700,
      paymentMethodId: card.paymentMethodId,
      gatewayCustomerId: card.gatewayCustomerId,
      idempotencyKey: 'k-dec',
      metadata: { entry: 'k-dec' },
    };
    await gateway().charge(request);
    expect(await gateway().charge(request)).toMatchObject({ ok: false, declineCode: 'generic_decline' });
    expect(chargesFor('k-dec')).toHaveLength(1);
  });
});
