import { Code } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { buildApp } from '../../../app';
import { type GatewaySim, startGatewaySim } from '../../../gateway-sim/gateway-sim';
import { businessToday } from '../../../platform/business-date';
import { openPostgres, queryRows } from '../../../platform/database';
import { customers } from '../../customers/customers.tables';
import { customerPayments } from '../payments/payments.tables';
import { failedEntry, giveCard, OPEN_DATE, queuedEntry, someCustomer } from './card-queue.fixtures';
import { cardQueueEntries } from './card-queue.tables';

let t: TestApp;
let sim: GatewaySim;
let token: string;
/** Everything the server logged, to prove no card number reaches it. */
const logged: string[] = [];

beforeAll(async () => {
  // A slow gateway, so that concurrent requests really overlap.
  sim = await startGatewaySim(0, { confirmDelayMs: 150 });
  t = await createTestApp(
    { gatewayUrl: sim.url, logLevel: 'trace' },
    { logStream: { write: (line: string) => void logged.push(line) } },
  );
  token = await t.sessionAs('office_manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const succeededCharges = (entryId: number) =>
  sim.charges().filter((c) => c.metadata.entry === String(entryId) && c.status === 'succeeded');
const processIds = (ids: number[], locale: 'en' | 'zh' = 'en') =>
  t.call<{ results: { id: number; outcome: string; declineReason: string }[] }>('/cardQueue/process', {
    token,
    body: { ids },
    locale,
  });
const entryRow = async (id: number) => (await t.db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, id)))[0]!;

describe('processing the queue', () => {
  it('approves a good card into a customer payment with the gateway transaction id, and declines a bad one with the reason in the caller language', async () => {
    const good = await queuedEntry(t, { paymentMethod: 'pm_card_visa', amountCents: 12_345 });
    const bad = await queuedEntry(t, { paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds', customerOffset: 1 });
    const result = await processIds([good.id, bad.id], 'zh');
    expect(result.code).toBe(Code.OK);
    expect(result.data.results).toEqual([
      { id: good.id, outcome: 'approved', declineReason: '' },
      { id: bad.id, outcome: 'failed', declineReason: '银行卡余额不足。' },
    ]);
    const approved = await entryRow(good.id);
    expect(approved).toMatchObject({ status: 'approved', attempts: 1, processingStartedAt: null });
    const [payment] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, approved.paymentId!));
    expect(payment).toMatchObject({ amountCents: 12_345, method: 'credit_card', paidOn: OPEN_DATE, customerId: good.customerId });
    expect(payment!.gatewayTransactionId).toMatch(/^ch_/);
    expect(payment!.gatewayTransactionId).toBe(approved.gatewayTransactionId);
    expect(await entryRow(bad.id)).toMatchObject({ status: 'failed', declineCode: 'insufficient_funds', paymentId: null });

    const list = await t.call<{ list: { id: number; declineReason: string; retryable: boolean; expiration: string }[] }>(
      '/cardQueue/queryList',
      { token, body: { status: 'failed', dateFrom: OPEN_DATE, dateTo: OPEN_DATE, pageSize: 100 } },
    );
    const shown = list.data.list.find((e) => e.id === bad.id)!;
    expect(shown).toMatchObject({ declineReason: 'The card has insufficient funds.', retryable: true, expiration: '12/2034' });
    expect(list.data.list.every((e) => e.id !== good.id)).toBe(true);
  });

  it('charges once when two browsers process the same entries at the same moment', async () => {
    const entries = [await queuedEntry(t, { customerOffset: 2 }), await queuedEntry(t, { customerOffset: 3 })];
    const ids = entries.map((e) => e.id);
    const [a, b] = await Promise.all([processIds(ids), processIds(ids)]);
    const outcomes = [...a.data.results, ...b.data.results].map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['approved', 'approved', 'skipped', 'skipped']);
    for (const id of ids) expect(succeededCharges(id)).toHaveLength(1);
    const payments = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from customer_payments where note in (${entries[0]!.serial}, ${entries[1]!.serial})`,
    );
    expect(Number(payments[0]!.n)).toBe(2);
    // Processing an approved entry again does nothing.
    expect((await processIds(ids)).data.results.map((r) => r.outcome)).toEqual(['skipped', 'skipped']);
    for (const id of ids) expect(succeededCharges(id)).toHaveLength(1);
  });

  it('leaves an entry a live process holds alone', async () => {
    const entry = await queuedEntry(t, { customerOffset: 5 });
    await t.db.update(cardQueueEntries).set({ processingStartedAt: new Date() }).where(eq(cardQueueEntries.id, entry.id));
    expect((await processIds([entry.id])).data.results[0]!.outcome).toBe('skipped');
    expect(succeededCharges(entry.id)).toHaveLength(0);
    expect((await entryRow(entry.id)).status).toBe('pending');
  });

  it('keeps an entry pending when the gateway cannot be reached', async () => {
    const offline = await createTestApp({ gatewayUrl: 'http://127.0.0.1:9' });
    try {
      const entry = await queuedEntry(offline, { customerOffset: 6 });
      const result = await offline.call<{ results: { outcome: string }[] }>('/cardQueue/process', {
        token: await offline.sessionAs('office_manager'),
        body: { ids: [entry.id] },
      });
      expect(result.data.results[0]!.outcome).toBe('retryLater');
      const [row] = await offline.db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, entry.id));
      // Counted: after MAX_TRANSIENT_ATTEMPTS such answers the entry fails (card-gateway-recovery.test.ts).
      expect(row).toMatchObject({ status: 'pending', processingStartedAt: null, attempts: 1 });
    } finally {
      await offline.close();
    }
  });

  it('refuses to charge an entry of a closed day', async () => {
    const entry = await queuedEntry(t, { customerOffset: 7, serviceDate: '2027-04-02' });
    await t.db.execute(
      sql`insert into office_days (business_date, status) values ('2027-04-02', 'closed') on conflict (business_date) do update set status = 'closed'`,
    );
    const result = await processIds([entry.id]);
    expect(result.data.results[0]!.outcome).toBe('skipped');
    expect(result.data.results[0]!.declineReason).toMatch(/2027-04-02 is closed/);
    expect(succeededCharges(entry.id)).toHaveLength(0);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'charges once when two server processes process the same entries at once',
    async () => {
      const [{ name }] = (await queryRows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const database = openPostgres(url.toString(), 2);
      const second = await buildApp({ config: t.config, database, serveStatic: false });
      try {
        const entries = [await queuedEntry(t, { customerOffset: 8 }), await queuedEntry(t, { customerOffset: 9 })];
        const ids = entries.map((e) => e.id);
        const viaSecond = second.inject({
          method: 'POST',
          url: '/_/cardQueue/process',
          headers: { authorization: token, 'accept-language': 'en' },
          payload: { ids },
        });
        const [one, two] = await Promise.all([processIds(ids), viaSecond]);
        const outcomes = [...one.data.results, ...(two.json() as { data: { results: { outcome: string }[] } }).data.results]
          .map((r) => r.outcome)
          .sort();
        expect(outcomes).toEqual(['approved', 'approved', 'skipped', 'skipped']);
        for (const id of ids) expect(succeededCharges(id)).toHaveLength(1);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});

describe('failed charges', () => {
  it('retries the same entry on the card on file now, with a new idempotency key', async () => {
    const failed = await failedEntry(t);
    await giveCard(t, failed.customerId, 'pm_card_mastercard', '4444');
    const retry = await t.call<{ id: number; version: number }>('/cardQueue/retry', {
      token,
      body: { id: failed.id, version: failed.version },
    });
    expect(retry.code).toBe(Code.OK);
    expect(retry.data.id).toBe(failed.id);
    const next = await entryRow(failed.id);
    expect(next).toMatchObject({
      status: 'pending',
      resolution: null,
      declineCode: '',
      cardVendorToken: 'pm_card_mastercard',
      cardLast4: '4444',
      amountCents: failed.amountCents,
    });
    expect(next.idempotencyKey).not.toBe(failed.idempotencyKey);
    expect((await processIds([failed.id])).data.results[0]!.outcome).toBe('approved');
    expect(succeededCharges(failed.id)).toHaveLength(1);
    // An approved entry cannot be retried.
    const again = await t.call('/cardQueue/retry', { token, body: { id: failed.id, version: retry.data.version + 1 } });
    expect(again.code).toBe(Code.REFUSED);
  });

  it('fails a charge the gateway rejects as an invalid request (unknown card, unknown gateway customer) with its reason', async () => {
    const unknownCard = await queuedEntry(t, { paymentMethod: 'pm_gone0000001', customerOffset: 13 });
    const unknownCustomer = await queuedEntry(t, { customerOffset: 14 });
    // The simulator restarted: it no longer knows the gateway customer the card was attached to.
    await t.db.update(customers).set({ gatewayCustomerId: 'cus_forgotten1' }).where(eq(customers.id, unknownCustomer.customerId));
    const result = await processIds([unknownCard.id, unknownCustomer.id]);
    const reason = 'The card gateway does not know this card (it was removed, or the gateway was reset): enter the card again.';
    expect(result.data.results).toEqual([
      { id: unknownCard.id, outcome: 'failed', declineReason: reason },
      { id: unknownCustomer.id, outcome: 'failed', declineReason: reason },
    ]);
    for (const id of [unknownCard.id, unknownCustomer.id])
      expect(await entryRow(id)).toMatchObject({ status: 'failed', declineCode: 'resource_missing', processingStartedAt: null });
    // The same dead card cannot be retried; a new card can.
    const detail = await t.call<{ retryable: boolean; version: number }>('/cardQueue/detail', {
      token,
      body: { id: unknownCard.id },
    });
    expect(detail.data.retryable).toBe(false);
    const before = await t.fingerprint();
    const refused = await t.call('/cardQueue/retry', { token, body: { id: unknownCard.id, version: detail.data.version } });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toMatch(/Enter a new card/);
    expect(await t.fingerprint()).toBe(before);
    await giveCard(t, unknownCard.customerId, 'pm_card_visa');
    const retried = await t.call('/cardQueue/retry', { token, body: { id: unknownCard.id, version: detail.data.version } });
    expect(retried.code).toBe(Code.OK);
    expect((await processIds([unknownCard.id])).data.results[0]!.outcome).toBe('approved');
  });

  it('records the payment of a charge paid another way (method, reference, amount, job), and checks the method', async () => {
    const failed = await failedEntry(t);
    const [job] = await queryRows<{ id: number | string }>(
      t.db,
      sql`select id from jobs where customer_id = ${failed.customerId} order by id limit 1`,
    );
    const jobId = job ? Number(job.id) : null;
    await t.db.update(cardQueueEntries).set({ jobId }).where(eq(cardQueueEntries.id, failed.id));
    const base = { id: failed.id, version: failed.version, resolution: 'paid_other' };
    const before = await t.fingerprint();
    const noMethod = await t.call<{ issues: { field: string }[] }>('/cardQueue/resolve', { token, body: base });
    expect(noMethod.code).toBe(Code.INVALID_INPUT);
    expect(noMethod.data.issues.map((i) => i.field)).toEqual(['method']);
    const noCheckNumber = await t.call<{ issues: { field: string }[] }>('/cardQueue/resolve', {
      token,
      body: { ...base, method: 'check' },
    });
    expect(noCheckNumber.data.issues.map((i) => i.field)).toEqual(['reference']);
    expect(await t.fingerprint()).toBe(before);

    const paid = await t.call('/cardQueue/resolve', {
      token,
      body: { ...base, method: 'check', reference: '5521' },
    });
    expect(paid.code).toBe(Code.OK);
    const entry = await entryRow(failed.id);
    expect(entry).toMatchObject({ resolution: 'paid_other', status: 'failed' });
    const [payment] = await t.db.select().from(customerPayments).where(eq(customerPayments.id, entry.paymentId!));
    expect(payment).toMatchObject({
      customerId: failed.customerId,
      amountCents: failed.amountCents,
      method: 'check',
      checkNumber: '5521',
      // Dated the day the money came in: the business today unless the office says otherwise.
      paidOn: await businessToday(t.db),
      jobId,
      kind: 'payment',
    });
    expect(payment!.note).toContain(failed.serial);
  });

  it('never retries a lost or stolen card while the customer keeps it', async () => {
    const failed = await failedEntry(t, 'lost_card', 'pm_card_chargeDeclinedLostCard');
    const before = await t.fingerprint();
    const refused = await t.call('/cardQueue/retry', { token, body: { id: failed.id, version: failed.version } });
    expect(refused.code).toBe(Code.REFUSED);
    expect(refused.message).toMatch(/must not be charged again/);
    expect(await t.fingerprint()).toBe(before);
    await giveCard(t, failed.customerId, 'pm_card_mastercard', '4444');
    expect((await t.call('/cardQueue/retry', { token, body: { id: failed.id, version: failed.version } })).code).toBe(Code.OK);
  });

  it("lets the day close once its failed charge is paid another way (the close-day gate's cardsFailed)", async () => {
    const date = '2027-05-04';
    const entry = await queuedEntry(t, { paymentMethod: 'pm_card_chargeDeclined', customerOffset: 15, serviceDate: date });
    expect((await processIds([entry.id])).data.results[0]!.outcome).toBe('failed');
    const cardsFailed = async () =>
      (
        await t.call<{ items: { key: string; ok: boolean }[] }>('/officeDay/verify', {
          token,
          body: { date, countedCashCents: 0, countedCheckCents: 0 },
        })
      ).data.items.find((i) => i.key === 'cardsFailed')!.ok;
    expect(await cardsFailed()).toBe(false);
    const failed = await entryRow(entry.id);
    const paid = await t.call('/cardQueue/resolve', {
      token,
      body: { id: failed.id, version: failed.version, resolution: 'paid_other', method: 'cash' },
    });
    expect(paid.code).toBe(Code.OK);
    expect(await cardsFailed()).toBe(true);
  });

  it('writes off with a reason, or settles as paid another way, and refuses a stale version', async () => {
    const one = await failedEntry(t);
    const written = await t.call('/cardQueue/resolve', {
      token,
      body: { id: one.id, version: one.version, resolution: 'written_off', note: 'Customer disputes the visit' },
    });
    expect(written.code).toBe(Code.OK);
    expect(await entryRow(one.id)).toMatchObject({ resolution: 'written_off', resolutionNote: 'Customer disputes the visit' });
    const two = await failedEntry(t);
    const stale = await t.call('/cardQueue/resolve', {
      token,
      body: { id: two.id, version: two.version + 5, resolution: 'paid_other', method: 'cash' },
    });
    expect(stale.code).toBe(Code.CONFLICT);
    const paid = await t.call('/cardQueue/resolve', {
      token,
      body: { id: two.id, version: two.version, resolution: 'paid_other', method: 'cash' },
    });
    expect(paid.code).toBe(Code.OK);
    const pending = await queuedEntry(t, { customerOffset: 10 });
    const notFailed = await t.call('/cardQueue/resolve', {
      token,
      body: { id: pending.id, version: pending.version, resolution: 'paid_other', method: 'cash' },
    });
    expect(notFailed.code).toBe(Code.REFUSED);
  });
});

describe('card capture', () => {
  it('keeps only token, brand, last four and expiry of a card tokenized by the browser', async () => {
    const body = new URLSearchParams({
      type: 'card',
      'card[number]': '5555555555554444',
      'card[exp_month]': '7',
      'card[exp_year]': '2031',
      'card[cvc]': '321',
    });
    const res = await fetch(`${sim.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_tidyhouse', 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const pm = (await res.json()) as { id: string };
    const customerId = await someCustomer(t, 11);
    const saved = await t.call('/cardQueue/saveCard', { token, body: { customerId, paymentMethodId: pm.id } });
    expect(saved).toMatchObject({ code: Code.OK, data: { brand: 'mastercard', last4: '4444', expMonth: 7, expYear: 2031 } });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(row).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444', cardVendorToken: pm.id });
    expect(row!.gatewayCustomerId).toMatch(/^cus_/);
    // The saved card charges through its gateway customer.
    const entry = await t.db.transaction(async (tx) => {
      const { enqueueCardCharge } = await import('./enqueue');
      return enqueueCardCharge(tx, { customerId, serviceDate: OPEN_DATE, amountCents: 5_000 }, 1);
    });
    expect((await processIds([entry.id])).data.results[0]!.outcome).toBe('approved');
    // Neither the database nor the server log holds the card number or its security code.
    const tables = await queryRows<{ name: string }>(
      t.db,
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    );
    for (const { name } of tables) {
      const [dump] = await queryRows<{ t: string | null }>(
        t.db,
        sql.raw(`select string_agg(row_to_json(x)::text, ' ') as t from "${name}" x`),
      );
      expect(dump?.t ?? '', name).not.toContain('5555555555554444');
    }
    const log = logged.join('');
    expect(log).toContain('/cardQueue/saveCard');
    expect(log).not.toContain('5555555555554444');
    expect(log).not.toMatch(/cvc|"321"/);
  });

  it('refuses a token the gateway does not know, changing nothing', async () => {
    const customerId = await someCustomer(t, 12);
    const before = await t.fingerprint();
    const result = await t.call('/cardQueue/saveCard', { token, body: { customerId, paymentMethodId: 'pm_unknown123' } });
    expect(result.code).toBe(Code.REFUSED);
    // The gateway's reason (404 resource_missing) in the user's words.
    expect(result.message).toMatch(/does not know this card/);
    expect(await t.fingerprint()).toBe(before);
  });
});
