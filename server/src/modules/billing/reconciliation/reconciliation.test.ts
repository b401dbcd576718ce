import { Code, type ReconciliationDifference, type VerifyResult } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type GatewaySim, startGatewaySim } from '../../../gateway-sim/gateway-sim';
import { businessClock } from '../../../platform/business-date';
import { auditLog } from '../../system/system.tables';
import { queuedEntry } from '../card-queue/card-queue.fixtures';
import { cardQueueEntries } from '../card-queue/card-queue.tables';
import { employeeIdOf } from '../card-queue/card-queue.test-support';
import { SIMULATOR_SECRET_KEY } from '../card-queue/gateway/gateway-settings';
import { customerPayments } from '../payments/payments.tables';

/**
 * Issue 26: a charge the product missed and a duplicate charge at the gateway are both listed, both
 * resolvable, and the close-day gate waits for them. The day is one no demo data touches (the
 * business clock and the gateway's clock both moved to it), so the gate's other items are green.
 */
const DAY = '2034-06-15';
const NOON = new Date(`${DAY}T17:00:00Z`);
const realClock = businessClock.now;

let t: TestApp;
let sim: GatewaySim;
let token: string;
let stripe: Stripe;

beforeAll(async () => {
  businessClock.now = () => NOON;
  sim = await startGatewaySim(0, { now: () => NOON.getTime() });
  t = await createTestApp({ gatewayUrl: sim.url });
  token = await t.sessionAs('office_manager');
  const url = new URL(sim.url);
  stripe = new Stripe(SIMULATOR_SECRET_KEY, { host: url.hostname, port: url.port, protocol: 'http' });
});
afterAll(async () => {
  businessClock.now = realClock;
  await t.close();
  await sim.close();
});

/** A charge at the gateway naming a card queue entry, as the queue's calls do. */
const gatewayCharge = async (entryId: number, amount: number) => {
  const intent = await stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    off_session: true,
    metadata: { tidyhouse_entry: String(entryId) },
  });
  return intent.latest_charge as string;
};

/** Our record of an approved charge, made on the day. */
const approved = async (entry: { id: number; customerId: number; amountCents: number }, chargeId: string) => {
  const actor = await employeeIdOf(t, 'admin');
  const [payment] = await t.db
    .insert(customerPayments)
    .values({
      customerId: entry.customerId,
      kind: 'payment',
      paidOn: DAY,
      amountCents: entry.amountCents,
      method: 'credit_card',
      gatewayTransactionId: chargeId,
      createdAt: NOON,
      createdBy: actor,
      updatedBy: actor,
    })
    .returning();
  await t.db
    .update(cardQueueEntries)
    .set({ status: 'approved', paymentId: payment!.id, gatewayTransactionId: chargeId, attempts: 1 })
    .where(eq(cardQueueEntries.id, entry.id));
  return payment!;
};

const list = async () =>
  (
    await t.call<{ summary: Record<string, number | string>; list: ReconciliationDifference[] }>('/cardReconciliation/list', {
      token,
      body: { date: DAY },
    })
  ).data;
/** Jobs the demo plans put on the day (they roll forward with the clock) are not this test's: the gate's job item stays green. */
const noJobs = () =>
  t.db.execute(sql`update jobs set status = 'cancelled' where service_date = ${DAY} and status in ('unscheduled', 'scheduled')`);
async function verify(locale: 'en' | 'zh' = 'en'): Promise<VerifyResult> {
  await noJobs();
  const body = { date: DAY, countedCashCents: 0, countedCheckCents: 0 };
  return (await t.call<VerifyResult>('/officeDay/verify', { token, body, locale })).data;
}
async function close() {
  await noJobs();
  return t.call('/officeDay/close', {
    token,
    body: { date: DAY, countedCashCents: 0, countedCheckCents: 0, differenceNote: '' },
  });
}
const resolve = (d: ReconciliationDifference, action: string, note = '') =>
  t.call<{ id: number; version: number }>('/cardReconciliation/resolve', {
    token,
    body: { id: d.id, version: d.version, action, note },
  });

describe('card reconciliation of a day', () => {
  it('lists a charge we missed and a duplicate charge, resolves both, and the day closes only then', async () => {
    // Missed: the gateway charged $275.00, our entry says it failed (its answer was lost in a crash).
    const missed = await queuedEntry(t, { serviceDate: DAY, amountCents: 27_500, customerOffset: 3 });
    const missedCharge = await gatewayCharge(missed.id, 27_500);
    await t.db
      .update(cardQueueEntries)
      .set({ status: 'failed', declineCode: 'gateway_unreachable', attempts: 1 })
      .where(eq(cardQueueEntries.id, missed.id));
    // Duplicate: one entry, recorded once, charged twice at the gateway.
    const twice = await queuedEntry(t, { serviceDate: DAY, amountCents: 5_000, customerOffset: 4 });
    const first = await gatewayCharge(twice.id, 5_000);
    const second = await gatewayCharge(twice.id, 5_000);
    await approved(twice, first);
    // Matched: no difference.
    const fine = await queuedEntry(t, { serviceDate: DAY, amountCents: 12_000, customerOffset: 5 });
    await approved(fine, await gatewayCharge(fine.id, 12_000));

    // The checklist compares the day itself and waits for both differences (and the failed entry).
    const before = await verify('zh');
    const reconciled = before.items.find((i) => i.key === 'cardsReconciled')!;
    expect(reconciled).toMatchObject({ ok: false, count: 2 });
    expect(reconciled.rows.map((r) => r.label)).toEqual([
      '本系统未记录的扣款：网关 $275.00，本系统 —',
      '重复扣款：网关 $50.00，本系统 —',
    ]);
    expect((await close()).code).toBe(Code.REFUSED);

    const day = await list();
    expect(day.summary).toMatchObject({
      gatewayChargeCount: 4,
      gatewayChargeCents: 27_500 + 5_000 * 2 + 12_000,
      ourChargeCount: 2,
      ourChargeCents: 5_000 + 12_000,
      openCount: 2,
    });
    const [missing, duplicate] = day.list;
    expect(missing).toMatchObject({
      kind: 'missing_payment',
      gatewayId: missedCharge,
      gatewayAmountCents: 27_500,
      customerId: missed.customerId,
      open: true,
    });
    expect(duplicate).toMatchObject({
      kind: 'duplicate_charge',
      gatewayId: second,
      gatewayAmountCents: 5_000,
      customerId: twice.customerId,
    });

    // A second run adds nothing twice.
    expect((await t.call('/cardReconciliation/run', { token, body: { date: DAY } })).data).toMatchObject({ found: 2, open: 2 });

    // The missed charge becomes the customer's card payment, and its entry approved on it.
    expect((await resolve(missing!, 'record_payment')).code).toBe(Code.OK);
    const entry = (await t.db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, missed.id)))[0]!;
    expect(entry).toMatchObject({ status: 'approved', gatewayTransactionId: missedCharge });
    const [payment] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, entry.paymentId!));
    expect(payment).toMatchObject({ customerId: missed.customerId, amountCents: 27_500, method: 'credit_card', paidOn: DAY });
    // Only the duplicate keeps the day open now.
    expect((await verify()).items.filter((i) => !i.ok).map((i) => i.key)).toEqual(['cardsReconciled']);
    expect((await close()).code).toBe(Code.REFUSED);

    // A refund needs its reason; then it goes back through the gateway, once.
    expect((await resolve(duplicate!, 'refund')).code).toBe(Code.INVALID_INPUT);
    expect((await resolve(duplicate!, 'refund', 'charged twice after a crash')).code).toBe(Code.OK);
    expect((await resolve({ ...duplicate!, version: duplicate!.version + 1 }, 'refund', 'again')).code).toBe(Code.REFUSED);
    expect(sim.refunds()).toEqual([expect.objectContaining({ charge: second, amount: 5_000 })]);
    // The log names the charge and the reason, in both languages.
    const [logged] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'cardReconciliation_refund'));
    expect(logged!.searchText).toContain(`网关扣款 ${second}（$50.00）已通过网关退款`);
    expect(logged!.summary).toContain(`Gateway charge ${second} of $50.00 refunded through the gateway`);

    // Gateway and books agree to the cent: charged − refunded at the gateway = our card payments.
    const entryIds = new Set([missed.id, twice.id, fine.id].map(String));
    const charged = sim.charges().filter((c) => entryIds.has(c.metadata.tidyhouse_entry ?? '') && c.status === 'succeeded');
    const atGateway = charged.reduce((s, c) => s + c.amount, 0) - sim.refunds().reduce((s, r) => s + r.amount, 0);
    const ours = (await t.db.select().from(customerPayments).where(eq(customerPayments.paidOn, DAY))).reduce(
      (s, p) => s + p.amountCents,
      0,
    );
    expect(atGateway).toBe(ours);
    expect(ours).toBe(27_500 + 5_000 + 12_000);

    // Re-run (the close does) finds nothing new: the refund from this screen is ours; the day closes.
    expect((await close()).code).toBe(Code.OK);
    expect((await list()).list.every((d) => !d.open)).toBe(true);
  });

  it('lists a card payment of ours the gateway never charged; explaining it needs a note', async () => {
    const DAY2 = DAY; // same clock; a payment whose charge the gateway does not know
    // The day the first test closed is reopened (a late check), which a reconciliation may also need.
    if ((await verify()).dayStatus === 'closed') {
      const admin = await t.sessionAs('super_admin');
      expect((await t.call('/officeDay/reopen', { token: admin, body: { date: DAY2, reason: 'late check' } })).code).toBe(
        Code.OK,
      );
    }
    const entry = await queuedEntry(t, { serviceDate: DAY2, amountCents: 9_900, customerOffset: 6 });
    await approved(entry, 'ch_unknown_to_the_gateway');
    const run = await t.call<{ open: number }>('/cardReconciliation/run', { token, body: { date: DAY2 } });
    expect(run.data.open).toBe(1);
    const [open] = (await list()).list.filter((d) => d.open);
    expect(open).toMatchObject({ kind: 'no_gateway_charge', gatewayId: '', ourAmountCents: 9_900 });
    expect((await resolve(open!, 'record_payment')).code).toBe(Code.REFUSED);
    expect((await resolve(open!, 'explain')).code).toBe(Code.INVALID_INPUT);
    expect((await resolve(open!, 'explain', 'charged by phone at the terminal')).code).toBe(Code.OK);
    expect((await list()).summary.openCount).toBe(0);
  });
});
