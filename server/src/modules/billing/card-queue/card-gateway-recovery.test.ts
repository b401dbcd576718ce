import { Code } from '@tidyhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type GatewaySim, startGatewaySim } from '../../../gateway-sim/gateway-sim';
import type { FaultKind } from '../../../gateway-sim/stripe-errors';
import { createSecrets, parseSecretKey } from '../../../platform/secrets';
import { auditLog } from '../../system/system.tables';
import { customerPayments } from '../payments/payments.tables';
import { giveCard, queuedEntry } from './card-queue.fixtures';
import { cardQueueEntries } from './card-queue.tables';
import { INTENT_KEY_METADATA, MAX_TRANSIENT_ATTEMPTS } from './charge-entry';
import { gatewaySettings } from './gateway/gateway-settings';
import { createStripeGateway } from './gateway/stripe-gateway';

/**
 * Issue 26: charges that stay right after a crash against a gateway that does not replay keys, and
 * every gateway answer classified (docs/operations.md "Card gateway").
 */
let t: TestApp;
let sim: GatewaySim;
let token: string;
let offset = 60;

beforeAll(async () => {
  sim = await startGatewaySim(0);
  t = await createTestApp({ gatewayUrl: sim.url });
  token = await t.sessionAs('office_manager');
});
afterEach(() => sim.resetSwitches());
afterAll(async () => {
  await t.close();
  await sim.close();
});

type Results = { results: { id: number; outcome: string; declineReason: string }[] };
const process1 = async (id: number, locale: 'en' | 'zh' = 'en') =>
  (await t.call<Results>('/cardQueue/process', { token, body: { ids: [id] }, locale })).data.results[0]!;
const entryRow = async (id: number) => (await t.db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, id)))[0]!;
const succeeded = (entryId: number) =>
  sim.charges().filter((c) => c.metadata.entry === String(entryId) && c.status === 'succeeded');
const entry = (amountCents = 27_500) => queuedEntry(t, { amountCents, customerOffset: offset++ });
/** What a process that died mid-charge leaves: its claim, older than the stale limit. */
const staleClaim = (id: number, extra: Partial<typeof cardQueueEntries.$inferInsert> = {}) =>
  t.db
    .update(cardQueueEntries)
    .set({ processingStartedAt: new Date(Date.now() - 10 * 60_000), ...extra })
    .where(eq(cardQueueEntries.id, id));
/** The product's payment of an entry and the gateway's charges for it agree to the cent. */
async function agree(id: number, cents: number) {
  const row = await entryRow(id);
  expect(row.status).toBe('approved');
  const [payment] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, row.paymentId!));
  const charges = succeeded(id);
  expect(charges.map((c) => c.amount)).toEqual([cents]);
  expect(payment).toMatchObject({ amountCents: cents, gatewayTransactionId: charges[0]!.id });
}
async function adapter() {
  const secrets = createSecrets(parseSecretKey(TEST_SECRET_KEY)!);
  return createStripeGateway(await gatewaySettings(t.db, secrets, t.config));
}

describe('charges after a lost answer or a crash, keys not replayed', () => {
  it('stores the PaymentIntent before confirming it; an answer lost after the money moved is found by asking, not charged again', async () => {
    sim.replayIdempotencyKeys(false);
    const e = await entry();
    // The confirm and the SDK's own two re-sends all lose their answers.
    sim.dropAnswerAfter({ path: '/v1/payment_intents/', count: 3 });
    const first = await process1(e.id);
    expect(first.outcome).toBe('retryLater');
    const held = await entryRow(e.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 1, processingStartedAt: null });
    expect(held.gatewayIntentId).toMatch(/^pi_/);
    expect(held.gatewaySentAt).not.toBeNull();
    expect(succeeded(e.id)).toHaveLength(1);
    expect((await process1(e.id)).outcome).toBe('approved');
    await agree(e.id, 27_500);
    expect((await entryRow(e.id)).gatewayIntentId).toBe(held.gatewayIntentId);
  });

  it('takes over a stale claim whose intent succeeded: retrieves it and records it, charging nothing more', async () => {
    sim.replayIdempotencyKeys(false);
    const e = await entry(4_180);
    const gateway = await adapter();
    const made = await gateway.createIntent({
      amountCents: e.amountCents,
      paymentMethodId: e.cardVendorToken,
      gatewayCustomerId: '',
      idempotencyKey: e.idempotencyKey,
      metadata: { entry: String(e.id), [INTENT_KEY_METADATA]: e.idempotencyKey },
    });
    if (!made.ok) throw new Error(made.message);
    expect((await gateway.confirmIntent(made.intentId, { paymentMethodId: e.cardVendorToken })).ok).toBe(true);
    // The process died after the gateway's answer, before the record; its key is past the replay window.
    await staleClaim(e.id, { gatewayIntentId: made.intentId, gatewaySentAt: new Date(Date.now() - 25 * 3_600_000) });
    expect((await process1(e.id)).outcome).toBe('approved');
    await agree(e.id, 4_180);
  });

  it('finds the intent by its metadata when a crash lost its id, and confirms that one only', async () => {
    sim.replayIdempotencyKeys(false);
    const e = await entry(9_900);
    const made = await (await adapter()).createIntent({
      amountCents: e.amountCents,
      paymentMethodId: e.cardVendorToken,
      gatewayCustomerId: '',
      metadata: { entry: String(e.id), [INTENT_KEY_METADATA]: e.idempotencyKey },
    });
    if (!made.ok) throw new Error(made.message);
    await staleClaim(e.id, { gatewaySentAt: new Date(Date.now() - 5 * 60_000) });
    expect((await process1(e.id)).outcome).toBe('approved');
    await agree(e.id, 9_900);
    expect((await entryRow(e.id)).gatewayIntentId).toBe(made.intentId);
    expect(succeeded(e.id)[0]!.paymentIntent).toBe(made.intentId);
  });

  it('a retry after the attempt limit finds the charge the gateway made meanwhile instead of charging again', async () => {
    sim.replayIdempotencyKeys(false);
    const e = await entry(5_000);
    await t.db
      .update(cardQueueEntries)
      .set({ attempts: MAX_TRANSIENT_ATTEMPTS - 1 })
      .where(eq(cardQueueEntries.id, e.id));
    sim.dropAnswerAfter({ path: '/v1/payment_intents/', count: 3 });
    const gaveUp = await process1(e.id, 'zh');
    expect(gaveUp.outcome).toBe('failed');
    expect(gaveUp.declineReason).toContain('绝不会重复扣款');
    expect(await entryRow(e.id)).toMatchObject({ status: 'failed', declineCode: 'gateway_gave_up' });
    expect(succeeded(e.id)).toHaveLength(1);
    const failed = await entryRow(e.id);
    expect((await t.call('/cardQueue/retry', { token, body: { id: e.id, version: failed.version } })).code).toBe(Code.OK);
    expect((await process1(e.id)).outcome).toBe('approved');
    await agree(e.id, 5_000);
  });
});

describe('retry of a declined charge', () => {
  it('confirms the same PaymentIntent on the new card: one intent, one charge that succeeded', async () => {
    const declined = await queuedEntry(t, {
      amountCents: 3_300,
      paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
      customerOffset: offset++,
    });
    expect((await process1(declined.id)).outcome).toBe('failed');
    const failed = await entryRow(declined.id);
    expect(failed.gatewayIntentId).toMatch(/^pi_/);
    await giveCard(t, declined.customerId, 'pm_card_mastercard', '4444');
    expect((await t.call('/cardQueue/retry', { token, body: { id: failed.id, version: failed.version } })).code).toBe(Code.OK);
    expect((await process1(declined.id)).outcome).toBe('approved');
    await agree(declined.id, 3_300);
    expect(succeeded(declined.id)[0]!.paymentIntent).toBe(failed.gatewayIntentId);
  });
});

describe('every gateway answer classified', () => {
  const cases: { kind: FaultKind; outcome: string; code?: string; reason: RegExp }[] = [
    { kind: 'card', outcome: 'failed', code: 'generic_decline', reason: /declined by the bank/ },
    { kind: 'not_found', outcome: 'failed', code: 'resource_missing', reason: /does not know this card/ },
    { kind: 'invalid_request', outcome: 'failed', code: 'parameter_invalid_integer', reason: /parameter_invalid_integer/ },
    { kind: 'authentication', outcome: 'failed', code: 'gateway_key_refused', reason: /refused the API key/ },
    { kind: 'idempotency', outcome: 'failed', code: 'idempotency_error', reason: /reuse of an earlier one/ },
    { kind: 'rate_limit', outcome: 'retryLater', reason: /busy/ },
    { kind: 'api', outcome: 'retryLater', reason: /internal error/ },
    { kind: 'network', outcome: 'retryLater', reason: /could not be reached/ },
  ];
  for (const c of cases) {
    it(`${c.kind}: ${c.outcome === 'failed' ? 'fails the entry with its reason' : 'tries later'}`, async () => {
      const e = await entry(2_000);
      // Enough for the SDK's own re-sends of a "try later" answer.
      sim.failNext({ kind: c.kind, path: '/v1/payment_intents', count: 3 });
      const result = await process1(e.id);
      expect(result.outcome).toBe(c.outcome);
      expect(result.declineReason).toMatch(c.reason);
      const row = await entryRow(e.id);
      expect(succeeded(e.id)).toHaveLength(0);
      if (c.outcome === 'retryLater') {
        expect(row).toMatchObject({ status: 'pending', attempts: 1, processingStartedAt: null });
        return;
      }
      expect(row).toMatchObject({ status: 'failed', declineCode: c.code });
      // The operation log keeps the gateway's request id.
      const [logged] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordType, 'cardQueueEntry'), eq(auditLog.recordId, e.id)))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(JSON.stringify(logged!.details)).toMatch(/"gatewayRequestId":"req_/);
    });
  }

  it(`fails an entry after ${MAX_TRANSIENT_ATTEMPTS} "try later" answers, so its day can close`, async () => {
    const e = await entry(2_000);
    for (let i = 1; i <= MAX_TRANSIENT_ATTEMPTS; i++) {
      sim.failNext({ kind: 'api', path: '/v1/payment_intents', count: 3 });
      const result = await process1(e.id);
      expect(result.outcome).toBe(i < MAX_TRANSIENT_ATTEMPTS ? 'retryLater' : 'failed');
    }
    expect(await entryRow(e.id)).toMatchObject({ status: 'failed', declineCode: 'gateway_gave_up' });
    expect(succeeded(e.id)).toHaveLength(0);
  });
});
