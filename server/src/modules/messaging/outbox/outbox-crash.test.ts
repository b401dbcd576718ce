import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessTimeZone, businessToday } from '../../../platform/business-date';
import { type Db, openPglite, queryRows } from '../../../platform/database';
import { type SmsSim, startSmsSim } from '../sms-sim/sms-sim';
import { customerMessageChoices } from '../templates/templates.tables';
import { nextHour, reachableCustomer } from './outbox.fixtures';
import { outboxMessages } from './outbox.tables';
import { queueMessages } from './queue';

/**
 * Issue 22 "Done means": a real kill -9 of the process sending a text after the provider answered
 * and before our record; a new process takes the row once the dead one's claim has lapsed and sends
 * it again with the same idempotency key: the provider answers the first message, and the simulator
 * counts one text. On PGlite the processes take turns on one data directory; on PostgreSQL they
 * share the test database.
 */
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'outbox-crash-worker.ts');
const postgres = process.env.TEST_ENGINE === 'postgres';
const TOKEN = 'crash-test-token';
const LEASE_MS = 60_000;

let sim: SmsSim;
let t: TestApp | undefined;
let dataDir = '';
let databaseUrl = '';

beforeAll(async () => {
  sim = await startSmsSim(0, { authToken: TOKEN });
  if (postgres) {
    t = await createTestApp();
    const [{ name }] = (await queryRows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    return;
  }
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidyhouse-outbox-crash-'));
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
  sent: Promise<void>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMS_URL: sim.url,
      SMS_SIM_TOKEN: TOKEN,
      SECRET_KEY: TEST_SECRET_KEY,
      LEASE_MS: String(LEASE_MS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const sent = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('SENT')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', () => reject(new Error(`worker left before the provider answered: ${out} ${err}`)));
  });
  sent.catch(() => {});
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => `${out}${err}`, sent, exit };
}

it('kill -9 between the provider answer and the record, then a restart: the simulator counts one text', async () => {
  const { id, phone, noon } = await onDb(async (db) => {
    const customer = await reachableCustomer({ db });
    await db
      .update(customerMessageChoices)
      .set({ emailEnabled: false })
      .where(eq(customerMessageChoices.customerId, customer.customerId));
    await db.transaction((tx) =>
      queueMessages(tx, { event: 'reviewRequest', customerId: customer.customerId, dedupeKey: `crash:${customer.customerId}` }),
    );
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.customerId, customer.customerId));
    // Only this text is due: the worker claims every due row, and the first answer of another (the demo's
    // own queued messages) would have stopped it before this one was sent.
    await db.delete(outboxMessages).where(ne(outboxMessages.id, row!.id));
    // The next noon to come: the row queued now is due then.
    const noon = nextHour(await businessToday(db), 12, await businessTimeZone(db));
    return { id: row!.id, phone: customer.phone, noon };
  });
  const texts = () => sim.texts().filter((s) => s.direction === 'outbound' && s.to === phone);

  const first = worker({ CRASH: '1', NOW: noon.toISOString() });
  await first.sent;
  first.child.kill('SIGKILL');
  await first.exit;
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(texts()).toHaveLength(1);
  const firstSid = texts()[0]!.sid;
  // Nothing recorded: the row is still claimed (sending) by the dead process, until its lease lapses.
  const claimed = await onDb(async (db) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!);
  expect([claimed.status, claimed.providerId]).toEqual(['sending', '']);
  // Within the lease a new process leaves it alone (the first one might still be sending).
  const early = worker({ NOW: new Date(noon.getTime() + LEASE_MS / 2).toISOString() });
  expect(await early.exit, early.output()).toBe(0);
  const untouched = await onDb(async (db) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!);
  expect([untouched.status, untouched.attempts]).toEqual(['sending', 1]);
  expect(texts()).toHaveLength(1);

  const restart = worker({ NOW: new Date(noon.getTime() + LEASE_MS + 1000).toISOString() });
  expect(await restart.exit, restart.output()).toBe(0);
  const row = await onDb(async (db) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!);
  expect(row.status).toBe('sent');
  expect(row.providerId).toBe(firstSid);
  expect(row.attempts).toBe(2);
  // Asked twice with one key: one text.
  expect(sim.sendsFor(row.idempotencyKey)).toBe(1);
  expect(texts()).toHaveLength(1);
  expect(sim.texts().filter((s) => s.idempotencyKey === row.idempotencyKey)).toHaveLength(1);
}, 240_000);
