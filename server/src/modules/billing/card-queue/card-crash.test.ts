import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { ZRefundAddRequest } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type GatewaySim, startGatewaySim } from '../../../gateway-sim/gateway-sim';
import { businessToday } from '../../../platform/business-date';
import { type Db, openPglite, queryRows } from '../../../platform/database';
import { recordCardRefund } from '../payments/card-refunds.service';
import { customerPayments, customerRefunds } from '../payments/payments.tables';
import { queuedEntry } from './card-queue.fixtures';
import { cardQueueEntries } from './card-queue.tables';
import { employeeIdOf } from './card-queue.test-support';

/**
 * Issue 26 "Done means": a real kill -9 of the process charging (and of the one refunding) after the
 * gateway moved the money and before our record, against a gateway that does not replay keys; a
 * second process recovers; gateway and product then agree to the cent. On PGlite the processes take
 * turns on one data directory; on PostgreSQL they share the test database.
 */
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'card-crash-worker.ts');
const postgres = process.env.TEST_ENGINE === 'postgres';

let sim: GatewaySim;
let t: TestApp | undefined;
let dataDir = '';
let databaseUrl = '';

beforeAll(async () => {
  sim = await startGatewaySim(0);
  sim.replayIdempotencyKeys(false);
  if (postgres) {
    t = await createTestApp({ gatewayUrl: sim.url });
    const [{ name }] = (await queryRows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    return;
  }
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidyhouse-crash-'));
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([dump]) });
  await client.close();
});
afterAll(async () => {
  await t?.close();
  await sim.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs `fn` on the database; on PGlite the data directory is opened only for that while. */
async function onDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (t) return fn(t.db);
  const database = await openPglite(dataDir);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

function worker(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  moved: Promise<void>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      GATEWAY_URL: sim.url,
      SECRET_KEY: TEST_SECRET_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const moved = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('MOVED')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', () => reject(new Error(`worker left before the money moved: ${out} ${err}`)));
  });
  moved.catch(() => {});
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => `${out}${err}`, moved, exit };
}

async function crashAfterMoneyMoved(env: Record<string, string>) {
  const w = worker({ ...env, CRASH: '1' });
  await w.moved;
  w.child.kill('SIGKILL');
  await w.exit;
  expect(w.child.signalCode).toBe('SIGKILL');
}

async function recover(env: Record<string, string>): Promise<string> {
  const w = worker(env);
  const code = await w.exit;
  expect(code, w.output()).toBe(0);
  return /DONE "(\w+)"/.exec(w.output())?.[1] ?? '';
}

it('kill -9 between the gateway answer and the record, for a charge and for a refund: after recovery gateway and product agree to the cent', async () => {
  const { entry, actor } = await onDb(async (db) => ({
    entry: await queuedEntry({ db } as TestApp, { amountCents: 27_500, customerOffset: 90 }),
    actor: await employeeIdOf({ db } as TestApp, 'admin'),
  }));
  const common = { ACTOR: String(actor), ID: String(entry.id) };

  await crashAfterMoneyMoved({ ...common, MODE: 'charge' });
  const charged = () => sim.charges().filter((c) => c.metadata.entry === String(entry.id) && c.status === 'succeeded');
  expect(charged().map((c) => c.amount)).toEqual([27_500]);
  // The dead process's claim, aged past the stale limit as time would.
  await onDb(async (db) => {
    const [row] = await db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, entry.id));
    expect(row).toMatchObject({ status: 'pending', paymentId: null });
    expect(row!.processingStartedAt).not.toBeNull();
    await db
      .update(cardQueueEntries)
      .set({ processingStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(cardQueueEntries.id, entry.id));
  });
  expect(await recover({ ...common, MODE: 'charge' })).toBe('approved');
  expect(charged().map((c) => c.amount)).toEqual([27_500]);
  const payment = await onDb(async (db) => {
    const [row] = await db.select().from(cardQueueEntries).where(eq(cardQueueEntries.id, entry.id));
    const [paid] = await db.select().from(customerPayments).where(eq(customerPayments.id, row!.paymentId!));
    expect(paid).toMatchObject({ amountCents: 27_500, gatewayTransactionId: charged()[0]!.id });
    return paid!;
  });

  const refund = await onDb((db) =>
    db.transaction(async (tx) => {
      const request = ZRefundAddRequest.parse({
        customerId: entry.customerId,
        refundedOn: await businessToday(tx),
        amountCents: 5_000,
        reason: 'damage',
        cardPaymentId: payment.id,
      });
      return (await recordCardRefund(tx, actor, { ...request, cardPaymentId: payment.id }, 'en')).row;
    }),
  );
  const refundEnv = { ACTOR: String(actor), ID: String(refund.id), MODE: 'refund' };
  await crashAfterMoneyMoved(refundEnv);
  const refunded = () => sim.refunds().filter((r) => r.charge === payment.gatewayTransactionId);
  expect(refunded().map((r) => r.amount)).toEqual([5_000]);
  expect(await recover(refundEnv)).toBe('refunded');
  expect(refunded().map((r) => r.amount)).toEqual([5_000]);

  await onDb(async (db) => {
    const [row] = await db.select().from(customerRefunds).where(eq(customerRefunds.id, refund.id));
    expect(row).toMatchObject({ status: 'refunded', gatewayRefundId: refunded()[0]!.id });
    // To the cent: what the gateway kept of this customer equals what the product recorded.
    const gatewayNet = charged().reduce((s, c) => s + c.amount, 0) - refunded().reduce((s, r) => s + r.amount, 0);
    const [ours] = await queryRows<{ net: string | number }>(
      db,
      sql`select (select coalesce(sum(amount_cents), 0) from customer_payments where id = ${payment.id})
          - (select coalesce(sum(amount_cents), 0) from customer_refunds where card_payment_id = ${payment.id} and status = 'refunded') as net`,
    );
    expect(Number(ours!.net)).toBe(gatewayNet);
    expect(gatewayNet).toBe(22_500);
  });
}, 180_000);
