import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { SERVER_ROOT } from '../../../platform/paths';
import { type SmsSim, startSmsSim } from '../sms-sim/sms-sim';
import { reachableCustomer } from './outbox.fixtures';

/**
 * Issue 22 "Done means": two server processes on one PostgreSQL, each running the outbox worker,
 * send each queued message once. The texts are queued while both are running; the simulator answers
 * slowly enough (100 ms) that one process alone would take longer than a worker tick (2 s) to send
 * them all, so the other one always joins in. PostgreSQL only (PGlite is one process).
 */
const TOKEN = 'two-process-token';
const CUSTOMERS = 8;
const PER_CUSTOMER = 75;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(process.env.TEST_ENGINE !== 'postgres')('two server processes', () => {
  let t: TestApp;
  let sim: SmsSim;
  const servers: { child: ChildProcess; output: () => string }[] = [];

  async function startServer(databaseUrl: string) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SECRET_KEY: TEST_SECRET_KEY,
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        PLAN_GENERATION: 'false',
        MAIL_CATCHER: 'false',
        GATEWAY_SIM: 'false',
        SMS_SIM: 'false',
        SMS_URL: sim.url,
        SMS_SIM_TOKEN: TOKEN,
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    servers.push({ child, output: () => output });
    await new Promise<void>((resolve, reject) => {
      const started = () => output.includes('Tidyhouse is running at') && resolve();
      child.stdout?.on('data', started);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  }

  beforeAll(async () => {
    sim = await startSmsSim(0, { authToken: TOKEN, sendDelayMs: 100 });
    t = await createTestApp();
    const [{ name }] = (await queryRows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    // Messages already due in the copied database are not this test's: set aside.
    await t.db.execute(sql`update outbox_messages set status = 'dropped' where status in ('queued', 'held', 'sending')`);
    await Promise.all([startServer(url.toString()), startServer(url.toString())]);
  }, 180_000);

  afterAll(async () => {
    for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t?.close();
    await sim?.close();
  });

  it('sends each queued text once, both processes sending', async () => {
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await reachableCustomer(t));
    // Texts only (the customers' e-mail off), due now; the business runs in a zone where it is about
    // midday now, so no quiet hours hold them.
    const hour = new Date().getUTCHours();
    const zone = `Etc/GMT${hour - 12 >= 0 ? '+' : '-'}${Math.abs(hour - 12)}`;
    await t.db.execute(sql`update business_profile set time_zone = ${zone} where id = 1`);
    await t.db.execute(
      sql`update customer_message_choices set email_enabled = false where customer_id in (${sql.join(
        customers.map((c) => sql`${c.customerId}`),
        sql`, `,
      )})`,
    );
    await t.db.execute(sql`
      insert into outbox_messages (event, customer_id, channel, dedupe_key, idempotency_key)
      select 'reviewRequest', c.id, 'sms', 'two-processes:' || c.id || ':' || n, gen_random_uuid()::text
        from unnest(${`{${customers.map((c) => c.customerId).join(',')}}`}::int[]) as c(id), generate_series(1, ${PER_CUSTOMER}) as n`);
    const total = CUSTOMERS * PER_CUSTOMER;

    await expect
      .poll(
        async () =>
          Number(
            (
              await queryRows<{ n: number }>(
                t.db,
                sql`select count(*) as n from outbox_messages where dedupe_key like 'two-processes:%' and status in ('sent', 'delivered')`,
              )
            )[0]!.n,
          ),
        { timeout: 120_000, interval: 500 },
      )
      .toBe(total);

    // The servers' own scans may queue the demo's reminders meanwhile: only this test's rows are counted.
    const keys = new Set(
      (
        await queryRows<{ key: string }>(
          t.db,
          sql`select idempotency_key as key from outbox_messages where dedupe_key like 'two-processes:%'`,
        )
      ).map((r) => r.key),
    );
    const outbound = sim.texts().filter((s) => s.direction === 'outbound' && keys.has(s.idempotencyKey));
    expect(outbound).toHaveLength(total);
    expect(new Set(outbound.map((s) => s.idempotencyKey)).size).toBe(total);
    expect(sim.counts().duplicateKeys).toBe(0);
    // A process logs its drain once the drain ends, a moment after its last row is recorded.
    const claimedPerProcess = () =>
      servers.map(({ output }) => [...output().matchAll(/"claimed":(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0));
    await expect
      .poll(() => claimedPerProcess().reduce((a, b) => a + b, 0), { timeout: 30_000, interval: 200 })
      .toBeGreaterThanOrEqual(total);
    const claimedBy = claimedPerProcess();
    expect(
      claimedBy.every((n) => n > 0),
      `claimed per process: ${claimedBy}`,
    ).toBe(true);
  }, 180_000);
});
