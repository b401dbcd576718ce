/**
 * The outbox bench (issue 22): 10,000 job reminders due at once, sent by ONE process's worker
 * (drainOutbox: claim, render at send time, the twilio SDK, the record) against the text simulator
 * running as its own process, as `npm start` runs it. The app listens too, so the simulator's
 * delivery callbacks (two per text) land on it while the worker sends. Goal: all sent within 60 s, no
 * text twice (the simulator's count per idempotency key). Prints the load average before and after.
 * PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: migrated and seeded).
 * BENCH_MESSAGES sets the count (default 10,000); BENCH_PARALLEL the sends in flight (default 16, as the worker).
 */
import net from 'node:net';
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { drainOutbox } from '../src/modules/messaging/outbox/worker';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { createSecrets, parseSecretKey } from '../src/platform/secrets';
import { startSmsSimProcess } from '../src/platform/sms-sim-process';
import { seed } from '../src/seed/seed';

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

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

async function simGet<T>(url: string): Promise<T> {
  const answer = await fetch(url, { headers: { 'x-sim-token': TOKEN } });
  return (await answer.json()) as T;
}

async function main() {
  const [appPort, simPort] = [await freePort(), await freePort()];
  const config = {
    ...loadConfig({}),
    loginSlowdownMs: 0,
    secretKey: SECRET,
    planGeneration: false,
    outboxWorker: false,
    smsSimUrl: `http://127.0.0.1:${simPort}`,
    smsSimToken: TOKEN,
    smsWebhookUrl: `http://127.0.0.1:${appPort}`,
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

  console.log(`load average before: ${load()}`);
  const start = performance.now();
  const parallel = Number(process.env.BENCH_PARALLEL ?? 16);
  const result = await drainOutbox(db, { secrets, config, parallel, batch: Math.max(100, parallel * 4) });
  const sentMs = performance.now() - start;
  console.log(`load average after sending: ${load()}`);
  // The delivery callbacks still on their way: wait for them (not part of the goal).
  let delivered = 0;
  for (let i = 0; i < 600; i++) {
    [{ delivered }] = (await queryRows<{ delivered: number }>(
      db,
      sql`select count(*)::int as delivered from outbox_messages where dedupe_key like 'bench:%' and status = 'delivered'`,
    )) as [{ delivered: number }];
    if (delivered >= MESSAGES) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const deliveredMs = performance.now() - start;
  const counts = await simGet<{ requests: number; sends: number; duplicateKeys: number }>(`${config.smsSimUrl}/sim/counts`);
  const [{ sent }] = (await queryRows<{ sent: number }>(
    db,
    sql`select count(*)::int as sent from outbox_messages where dedupe_key like 'bench:%' and status in ('sent', 'delivered')`,
  )) as [{ sent: number }];

  console.log(`engine: ${url ? 'PostgreSQL' : 'PGlite'}; ${MESSAGES} reminders due at once; one process, ${parallel} in flight`);
  console.log('| measure | value |');
  console.log('| --- | --- |');
  console.log(`| all sent (worker) | ${(sentMs / 1000).toFixed(1)} s (${Math.round((MESSAGES / sentMs) * 1000)}/s) |`);
  console.log(`| all delivered (callbacks recorded) | ${(deliveredMs / 1000).toFixed(1)} s (${delivered}) |`);
  console.log(`| rows sent or delivered | ${sent} |`);
  console.log(`| worker result | ${JSON.stringify(result)} |`);
  console.log(
    `| simulator: requests / texts / keys sent twice | ${counts.requests} / ${counts.sends} / ${counts.duplicateKeys} |`,
  );
  const ok = sent === MESSAGES && counts.sends === MESSAGES && counts.duplicateKeys === 0 && sentMs <= 60_000;
  console.log(ok ? 'GOAL MET: within 60 s, no duplicate' : 'GOAL MISSED');
  await app.close();
  sim.kill('SIGTERM');
  await database.close();
  process.exit(ok ? 0 : 1);
}

void main();
