import { Code } from '@tidyhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type GatewaySim, startGatewaySim } from '../../../gateway-sim/gateway-sim';
import { auditLog } from '../../system/system.tables';
import { queuedEntry } from '../card-queue/card-queue.fixtures';
import { cardQueueEntries } from '../card-queue/card-queue.tables';
import { customerPayments, customerRefunds } from './payments.tables';

/** Issue 12: "Refunds of card payments go back through the gateway", never twice. */
let t: TestApp;
let sim: GatewaySim;
let token: string;
let offset = 40;

beforeAll(async () => {
  sim = await startGatewaySim(0, { confirmDelayMs: 50 });
  t = await createTestApp({ gatewayUrl: sim.url });
  token = await t.sessionAs('office_manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** A card payment charged through the queue on the simulator. */
async function cardPayment(amountCents = 20_000) {
  const entry = await queuedEntry(t, { amountCents, customerOffset: offset++ });
  const processed = await t.call('/cardQueue/process', { token, body: { ids: [entry.id] } });
  expect(processed.code).toBe(Code.OK);
  const [row] = await t.db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, entry.id));
  const [payment] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, row!.paymentId!));
  return payment!;
}

const refundsOf = (charge: string) => sim.refunds().filter((r) => r.charge === charge);
const rowsFor = (paymentId: number) => t.db.select().from(customerRefunds).where(eq(customerRefunds.cardPaymentId, paymentId));
const body = (payment: { id: number; customerId: number }, amountCents: number, requestKey?: string) => ({
  customerId: payment.customerId,
  refundedOn: '2026-11-20',
  amountCents,
  reason: 'customer_dissatisfied',
  cardPaymentId: payment.id,
  ...(requestKey ? { requestKey } : {}),
});

describe('card refunds through the gateway', () => {
  it('returns part of a charge to the card, records it refunded with the gateway refund id, and logs it in both languages', async () => {
    const payment = await cardPayment();
    const result = await t.call<{ id: number }>('/customerRefund/add', { token, body: body(payment, 7_500) });
    expect(result.code).toBe(Code.OK);
    expect(refundsOf(payment.gatewayTransactionId)).toEqual([expect.objectContaining({ amount: 7_500 })]);
    const [row] = await rowsFor(payment.id);
    expect(row).toMatchObject({ status: 'refunded', amountCents: 7_500 });
    expect(row!.gatewayRefundId).toBe(refundsOf(payment.gatewayTransactionId)[0]!.id);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'customerRefund'), eq(auditLog.recordId, row!.id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['addCardRefund', 'cardRefundReturned']);
    const list = await t.call<{ list: { id: number; cardLast4: string; gatewayRefundId: string }[] }>(
      '/customerRefund/queryList',
      {
        token,
        body: { customerId: payment.customerId },
      },
    );
    expect(list.data.list.find((r) => r.id === row!.id)).toMatchObject({
      cardLast4: '4242',
      gatewayRefundId: row!.gatewayRefundId,
    });
  });

  it('never refunds more than the charge: a second refund beyond what is left is refused with the amounts, and nothing is sent', async () => {
    const payment = await cardPayment(10_000);
    expect((await t.call('/customerRefund/add', { token, body: body(payment, 6_000) })).code).toBe(Code.OK);
    const refused = await t.call('/customerRefund/add', { token, body: body(payment, 5_000) });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toBe('The refund of $50.00 is more than is left on this card charge: $40.00 (charged $100.00).');
    expect(refundsOf(payment.gatewayTransactionId)).toHaveLength(1);
    expect(await rowsFor(payment.id)).toHaveLength(1);
  });

  it('refunds once when the same dialog submits twice at the same moment (one request key)', async () => {
    const payment = await cardPayment();
    const key = `dialog-${payment.id}-abcdef`;
    const results = await Promise.all(
      [1, 2].map(() => t.call('/customerRefund/add', { token, body: body(payment, 4_000, key) })),
    );
    expect(results.map((r) => r.code)).toEqual([Code.OK, Code.OK]);
    expect(refundsOf(payment.gatewayTransactionId)).toHaveLength(1);
    expect(await rowsFor(payment.id)).toHaveLength(1);
  });

  it('two different refunds at once cannot together exceed the charge', async () => {
    const payment = await cardPayment(10_000);
    const results = await Promise.all([1, 2].map(() => t.call('/customerRefund/add', { token, body: body(payment, 6_000) })));
    expect(results.map((r) => r.code).sort()).toEqual([Code.OK, Code.REFUSED].sort());
    expect(refundsOf(payment.gatewayTransactionId).reduce((sum, r) => sum + r.amount, 0)).toBe(6_000);
  });

  it('after the gateway refunded but its answer was lost, a retry finds the refund by its metadata and sends nothing more (keys not replayed)', async () => {
    const payment = await cardPayment();
    // A gateway that forgets keys (localstripe; Stripe after 24 h), and the answer cut after the money moved.
    sim.replayIdempotencyKeys(false);
    sim.dropAnswerAfter({ path: '/v1/refunds' });
    try {
      const lost = await t.call('/customerRefund/add', { token, body: body(payment, 3_000) });
      expect(lost.code).toBe(Code.REFUSED);
      expect(lost.message).toMatch(/did not answer.*never made twice/);
    } finally {
      sim.resetSwitches();
      sim.replayIdempotencyKeys(false);
    }
    expect(refundsOf(payment.gatewayTransactionId)).toHaveLength(1);
    const [row] = await rowsFor(payment.id);
    expect(row).toMatchObject({ status: 'not_refunded', amountCents: 3_000 });
    expect(row!.gatewaySentAt).not.toBeNull();
    expect(refundsOf(payment.gatewayTransactionId)[0]!.metadata).toMatchObject({ tidyhouse_refund: String(row!.id) });

    const retried = await t.call('/customerRefund/changeStatus', {
      token,
      body: { id: row!.id, version: row!.version, status: 'refunded' },
    });
    expect(retried.code).toBe(Code.OK);
    expect(refundsOf(payment.gatewayTransactionId)).toHaveLength(1);
    const [after] = await t.db.select().from(customerRefunds).where(eq(customerRefunds.id, row!.id));
    expect(after).toMatchObject({ status: 'refunded', gatewayRefundId: refundsOf(payment.gatewayTransactionId)[0]!.id });

    const undo = await t.call('/customerRefund/changeStatus', {
      token,
      locale: 'zh',
      body: { id: row!.id, version: after!.version, status: 'not_refunded' },
    });
    expect(undo.code).toBe(Code.REFUSED);
    expect(undo.message).toBe('该退款已退回银行卡，不能改回未退款。');
    sim.resetSwitches();
  });

  it('refuses a payment that was not charged through the gateway, naming why, recording nothing', async () => {
    const payment = await cardPayment();
    const cash = await t.call<{ id: number }>('/customerPayment/add', {
      token,
      body: { customerId: payment.customerId, paidOn: '2026-11-20', amountCents: 5_000, method: 'cash' },
    });
    expect(cash.code).toBe(Code.OK);
    const refused = await t.call('/customerRefund/add', {
      token,
      body: { ...body(payment, 1_000), cardPaymentId: cash.data.id },
    });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toBe('Only a card payment charged through the card gateway can be refunded to the card.');
    expect(await rowsFor(cash.data.id)).toHaveLength(0);
  });
});
