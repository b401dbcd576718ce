import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewaySim, startGatewaySim } from './gateway-sim';

/** The simulator's list and search endpoints, as Stripe documents them (reconciliation and recovery read them). */
let sim: GatewaySim;
let stripe: Stripe;
let clock = Date.UTC(2026, 10, 27, 12);

beforeAll(async () => {
  sim = await startGatewaySim(0, { now: () => clock });
  const url = new URL(sim.url);
  stripe = new Stripe('sk_test_lists', { host: url.hostname, port: url.port, protocol: 'http' });
});
afterAll(() => sim.close());

const charge = async (amount: number, entry: string) => {
  const intent = await stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    metadata: { entry },
  });
  return intent.latest_charge as string;
};

describe('list and search endpoints', () => {
  it('lists charges newest first within created bounds, page by page, and refunds by charge', async () => {
    const at = (hour: number) => Date.UTC(2026, 10, 27, hour) / 1000;
    const made: string[] = [];
    for (const [i, hour] of [9, 10, 11, 12, 13].entries()) {
      clock = at(hour) * 1000;
      made.push(await charge(1_000 + i, `e${i}`));
    }
    // [10:00, 13:00): the three in the middle, newest first.
    const page1 = await stripe.charges.list({ created: { gte: at(10), lt: at(13) }, limit: 2 });
    expect(page1.data.map((c) => c.id)).toEqual([made[3], made[2]]);
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.charges.list({ created: { gte: at(10), lt: at(13) }, limit: 2, starting_after: made[2] });
    expect(page2.data.map((c) => c.id)).toEqual([made[1]]);
    expect(page2.has_more).toBe(false);
    expect(page2.data[0]).toMatchObject({ object: 'charge', amount: 1_001, status: 'succeeded', metadata: { entry: 'e1' } });

    await stripe.refunds.create({ charge: made[1]!, amount: 400, metadata: { tidyhouse_refund: '7' } });
    const refunds = await stripe.refunds.list({ charge: made[1]! });
    expect(refunds.data).toEqual([
      expect.objectContaining({ charge: made[1], amount: 400, metadata: { tidyhouse_refund: '7' } }),
    ]);
    expect((await stripe.refunds.list({ charge: made[0]! })).data).toEqual([]);
    expect((await stripe.charges.retrieve(made[1]!)).amount_refunded).toBe(400);
    await expect(stripe.charges.retrieve('ch_nothing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.charges.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('searches payment intents and charges by metadata', async () => {
    await charge(2_500, 'wanted');
    const intents = await stripe.paymentIntents.search({ query: "metadata['entry']:'wanted'" });
    expect(intents.data.map((i) => i.amount)).toEqual([2_500]);
    const charges = await stripe.charges.search({ query: "metadata['entry']:'wanted'" });
    expect(charges.data.map((c) => c.amount)).toEqual([2_500]);
    expect((await stripe.charges.search({ query: "metadata['entry']:'nobody'" })).data).toEqual([]);
  });
});
