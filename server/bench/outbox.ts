/**
 * The outbox bench (issue 22): 10,000 job reminders due at once, sent by ONE process's worker
 * (drainOutbox: claim a batch, render it with one read per kind, the twilio SDK, one record per batch)
 * against the text simulator running as its own process, as `npm start` runs it. The app listens too,
 * so the simulator's delivery callbacks (two per text) land on it while the worker sends. Goal: all
 * sent within 60 s, no text twice (the simulator's count per idempotency key).
 *
 * Beside it, in the same run, the bare baseline (issue 25): as many texts sent straight through the
 * twilio SDK (the same sender, the same number in flight) to the same simulator, with no database;
 * their callbacks go to a bare HTTP server that answers 204. Half of them are sent before ours and
 * half after, so a load that drifts weighs on both. Ours ÷ bare is what the outbox adds.
 * A BenchReport: the load average before and after; BENCH_RECORD=<file> appends the table.
 * BENCH_EXPLAIN=1 first prints EXPLAIN (ANALYZE, BUFFERS) of every statement of one claimed batch
 * (in a transaction rolled back, the provider stubbed: nothing is sent).
 * PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: migrated and seeded).
 * BENCH_MESSAGES sets the count (default 10,000); BENCH_PARALLEL the sends in flight (default 16, as
 * the worker); BENCH_BATCH the rows claimed at once (default 100, as the worker). Exits 1 when the
 * goal is missed. BENCH_CALLBACKS=bare sends the delivery callbacks to the bare server instead of the
 * app: ours ÷ bare then leaves out what the callbacks cost (the goal run keeps them on the app).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { smsProviderSettings, smsSender } from '../src/modules/messaging/outbox/sms-provider';
import { drainOutbox, type OutboxContext, runOutboxCycle } from '../src/modules/messaging/outbox/worker';
import { loadConfig } from '../src/platform/config';
import { type Db, openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { createSecrets, parseSecretKey } from '../src/platform/secrets';
import { startSmsSimProcess } from '../src/platform/sms-sim-process';
import { seed } from '../src/seed/seed';
import { BenchReport } from './lib/report';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const TOKEN = 'bench-sms-simulator';
const SECRET = 'cd'.repeat(32);

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

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const CALLBACKS_BARE = process.env.BENCH_CALLBACKS === 'bare';

/** The bare baseline: `count` texts through the same SDK sender, PARALLEL in flight, no database. */
async function bareSends(ctx: OutboxContext, db: Db, callbackUrl: string, count: number): Promise<number> {
  const sender = smsSender(await smsProviderSettings(db, ctx.secrets, ctx.config));
  const start = performance.now();
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const answer = await sender.send({
        to: `+1415555${1000 + (i % 9000)}`,
        body: `Bare baseline text ${i}: a reminder of about the length of ours, sent with no database behind it.`,
        idempotencyKey: `bare-${randomUUID()}`,
        statusCallback: `${callbackUrl}/status?n=${i}`,
      });
      if (!answer.ok) failed++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  if (failed) throw new Error(`bare baseline: ${failed} texts refused`);
  return performance.now() - start;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement one claimed batch runs; rolled back, nothing sent. */
async function explainBatch(db: Db, ctx: OutboxContext) {
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      type Session = {
        logger: { logQuery(q: string, p: unknown[]): void };
        client: { query(q: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> };
      };
      const session = (tx as unknown as { session: Session }).session;
      const statements: { query: string; params: unknown[] }[] = [];
      session.logger = { logQuery: (query, params) => statements.push({ query, params }) };
      await runOutboxCycle(tx, {
        ...ctx,
        batch: BATCH,
        smsSenderFor: () => ({ send: async () => ({ ok: true, providerId: 'SMexplain' }) }),
      });
      session.logger = { logQuery: () => {} };
      for (const { query, params } of statements) {
        const { rows } = await session.client.query(`explain (analyze, buffers) ${query}`, params);
        console.log(`\n${query.replace(/\s+/g, ' ').slice(0, 160)}…\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
      }
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
}

async function simGet<T>(url: string): Promise<T> {
  const answer = await fetch(url, { headers: { 'x-sim-token': TOKEN } });
  return (await answer.json()) as T;
}

async function main() {
  const [appPort, simPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const config = {
    ...loadConfig({}),
    loginSlowdownMs: 0,
    secretKey: SECRET,
    planGeneration: false,
    outboxWorker: false,
    smsSimUrl: `http://127.0.0.1:${simPort}`,
    smsSimToken: TOKEN,
    // BENCH_CALLBACKS=bare: the delivery callbacks go to the bare server, not the app (what they cost).
    smsWebhookUrl: `http://127.0.0.1:${CALLBACKS_BARE ? barePort : appPort}`,
  };
  const secrets = createSecrets(parseSecretKey(SECRET)!);
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  await database.migrate();
  await db.transaction((tx) => seed(tx, { adminPassword: 'Bench-pass-123', demo: true, secrets }));

  // The business in a zone where it is about midday now: no quiet hours hold the texts.
  const hour = new Date().getUTCHours();
  const zone = `Etc/GMT${hour - 12 >= 0 ? '+' : '-'}${Math.abs(hour - 12)}`;
  await db.execute(sql`update business_profile set time_zone = ${zone} where id = 1`);
  // Scheduled jobs of the demo, their customers reachable by text with consent (e-mail off: texts only;
  // no number ending in 0009, which the simulator reports undelivered).
  const jobs = await queryRows<{ id: number; customerId: number }>(
    db,
    sql`select j.id, j.customer_id as "customerId" from jobs j
         where j.status = 'scheduled' and j.service_date >= current_date order by j.service_date, j.id limit 500`,
  );
  if (jobs.length === 0) throw new Error('no scheduled jobs in the demo data');
  const customerIds = [...new Set(jobs.map((j) => j.customerId))];
  await db.execute(sql`update customers set phone1 = '(415) 555-' || (1000 + id % 9000)::text
                        where id in (${sql.join(
                          customerIds.map((id) => sql`${id}`),
                          sql`, `,
                        )})`);
  await db.execute(sql`insert into customer_message_choices (customer_id, consent_date, consent_source, email_enabled, sms_enabled)
                       select id, current_date, 'written', false, true from customers
                        where id in (${sql.join(
                          customerIds.map((id) => sql`${id}`),
                          sql`, `,
                        )})
                       on conflict (customer_id) do update set consent_date = current_date, consent_source = 'written',
                         email_enabled = false, sms_enabled = true, sms_opted_out = false`);
  await db.execute(sql`update message_templates set enabled = true where event = 'jobReminder'`);
  await db.execute(sql`update outbox_messages set status = 'dropped' where status in ('queued', 'held', 'sending')`);
  // A rerun on the same database: the last run's rows go first (their keys would collide).
  await db.execute(sql`delete from outbox_messages where dedupe_key like 'bench:%'`);
  // MESSAGES reminders, due at once: each its own occasion (dedupe key), the jobs taken in turn.
  await db.execute(sql`
    insert into outbox_messages (event, customer_id, job_id, channel, dedupe_key, idempotency_key)
    select 'jobReminder', j.customer_id, j.id, 'sms', 'bench:' || g, gen_random_uuid()::text
      from generate_series(1, ${MESSAGES}::int) g
      join lateral (select id, customer_id from jobs where id = (${`{${jobs.map((j) => j.id).join(',')}}`}::int[])[1 + (g % ${jobs.length})]) j on true`);

  const sim = startSmsSimProcess(simPort, TOKEN, '');
  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  await app.listen({ port: appPort, host: '127.0.0.1' });
  for (let i = 0; ; i++) {
    try {
      await simGet(`${config.smsSimUrl}/sim/counts`);
      break;
    } catch {
      if (i > 100) throw new Error('the simulator did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const ctx: OutboxContext = { secrets, config, parallel: PARALLEL, batch: BATCH };
  if (process.env.BENCH_EXPLAIN === '1') await explainBatch(db, ctx);
  // The bare baseline's callbacks: answered at once, nothing done.
  const bareServer = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => bareServer.listen(barePort, '127.0.0.1', resolve));

  const report = new BenchReport(
    `Outbox: ${MESSAGES} reminders due at once, one process${CALLBACKS_BARE ? ', callbacks to the bare server' : ''}`,
    url ? 'PostgreSQL' : 'PGlite',
  );
  // The bare baseline in two halves, one before ours and one after: a load that drifts during the run
  // weighs on both alike.
  const bareUrl = `http://127.0.0.1:${barePort}`;
  let bareMs = await bareSends(ctx, db, bareUrl, Math.floor(MESSAGES / 2));
  const before = await simGet<{ requests: number; sends: number; duplicateKeys: number }>(`${config.smsSimUrl}/sim/counts`);
  const start = performance.now();
  const result = await drainOutbox(db, ctx);
  const sentMs = performance.now() - start;
  // The delivery callbacks still on their way: wait for them (not part of the goal).
  let delivered = 0;
  for (let i = 0; i < (CALLBACKS_BARE ? 0 : 600); i++) {
    [{ delivered }] = (await queryRows<{ delivered: number }>(
      db,
      sql`select count(*)::int as delivered from outbox_messages where dedupe_key like 'bench:%' and status = 'delivered'`,
    )) as [{ delivered: number }];
    if (delivered >= MESSAGES) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const deliveredMs = performance.now() - start;
  const after = await simGet<{ requests: number; sends: number; duplicateKeys: number }>(`${config.smsSimUrl}/sim/counts`);
  // Ours alone: counted before and after (the bare baseline's texts each have their own key).
  const counts = {
    requests: after.requests - before.requests,
    sends: after.sends - before.sends,
    duplicateKeys: after.duplicateKeys - before.duplicateKeys,
  };
  // The second half of the bare baseline, once ours is done and counted.
  bareMs += await bareSends(ctx, db, bareUrl, MESSAGES - Math.floor(MESSAGES / 2));
  const [{ sent }] = (await queryRows<{ sent: number }>(
    db,
    sql`select count(*)::int as sent from outbox_messages where dedupe_key like 'bench:%' and status in ('sent', 'delivered')`,
  )) as [{ sent: number }];

  const ok = sent === MESSAGES && counts.sends === MESSAGES && counts.duplicateKeys === 0 && sentMs <= 60_000;
  report.add({
    measure: `all ${MESSAGES} sent (worker: claim, render, SDK, record)`,
    ours: sentMs / 1000,
    bare: bareMs / 1000,
    unit: 's',
    budget: 60,
    note: `${Math.round((MESSAGES / sentMs) * 1000)}/s ours, ${Math.round((MESSAGES / bareMs) * 1000)}/s bare; ${PARALLEL} in flight, batch ${BATCH}`,
  });
  report.add({
    measure: 'all delivered (callbacks recorded)',
    ours: deliveredMs / 1000,
    unit: 's',
    note: `${delivered} delivered`,
  });
  report.add({
    measure: 'texts the simulator got / keys sent twice',
    ours: counts.sends,
    unit: 'texts',
    note: `${counts.duplicateKeys} keys twice; ${counts.requests} requests; rows sent ${sent}; worker ${JSON.stringify(result)}`,
  });
  report.finish();
  console.log(ok ? 'GOAL MET: within 60 s, no duplicate' : 'GOAL MISSED');
  bareServer.close();
  await app.close();
  sim.kill('SIGTERM');
  await database.close();
  process.exit(ok ? 0 : 1);
}

void main();
