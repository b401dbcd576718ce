/**
 * HTTP throughput over a real socket (issue 14): autocannon, 10 connections, a few seconds per
 * measurement, only to 127.0.0.1. Each endpoint is measured on our app and, side by side, on a bare
 * Fastify route that runs the same service call (the same SQL) without our hooks: no session check,
 * no permission, no input schema, no response schema, no request log. The ratio ours ÷ bare is our
 * own overhead; the bare figure is the cost of the SQL.
 *
 * Data: 100,000 customers and a quote each (bench/load.ts), on in-memory PGlite, and on PostgreSQL
 * when BENCH_DATABASE_URL is set. THAT DATABASE IS WIPED (schema public dropped and re-created),
 * unless BENCH_REUSE=1 finds it already loaded by an earlier run (then it is only migrated). The load
 * runs in a worker thread (autocannon `workers: 1`), not on the server's event loop.
 * Our app logs requests as in production (LOG_LEVEL, default info); the report goes to stderr so
 * that `tsx bench/http.ts > /dev/null` sends the request log where a production log would not cost
 * a terminal. Prints figures; asserts only that every answer was a success.
 *
 * Reports through BenchReport (load average before and after, ours beside bare, the 25 ms p99 budget
 * of the lists, issue 25). BENCH_EXPLAIN=1 also prints EXPLAIN (ANALYZE, BUFFERS) of each list case's
 * SQL (the same service call, recorded), to see where the time goes.
 */
import { writeSync } from 'node:fs';
import { format } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { listCustomers } from '../src/modules/customers/customers.service';
import { listQuotes } from '../src/modules/sales/quotes.service';
import { loadConfig } from '../src/platform/config';
import { type Database, openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { bareApp } from './lib/bare-app';
import { explainer } from './lib/explain';
import { BenchReport } from './lib/report';
import { serveApart } from './lib/serve-apart';
import { loadCustomers, loadQuotes } from './load';

const PASSWORD = 'Bench-pass-123';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 1;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
}
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const combined = (runs: Measured[]): Measured => ({
  rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

const report = (line: string) => writeSync(2, `${line}\n`);
// BenchReport prints with console.log; stdout carries our app's request log here (see above).
console.log = (...args: unknown[]) => report(format(...args));
/** The lists' budget (issue 25): p99 at 10 connections on PostgreSQL. */
const LIST_BUDGET_MS = 25;

interface Case {
  label: string;
  path: string;
  method: 'GET' | 'POST';
  body?: Record<string, unknown>;
  authorized: boolean;
  /** Login hashes a password: fewer seconds tell the same. */
  seconds?: number;
  /** The service call behind a list case, for BENCH_EXPLAIN (the same SQL as the route). */
  call?: (db: Database['db']) => Promise<unknown>;
}

/** A case of the customer list's first page with `filters`: over HTTP, and its service call alone. */
function customerListCase(label: string, filters: Record<string, unknown>): Case {
  const body = { pageNum: 1, pageSize: 20, ...filters };
  return {
    label,
    path: '/customer/queryList',
    method: 'POST',
    body,
    authorized: true,
    call: (db) => listCustomers(db, body as never),
  };
}

const CASES: Case[] = [
  { label: 'login (argon2id)', path: '/login', method: 'POST', body: { uname: 'admin', password: PASSWORD }, authorized: false },
  { label: 'getUserInfo', path: '/getUserInfo', method: 'GET', authorized: true },
  customerListCase('customer list, page 1', {}),
  customerListCase('customer list, search "chen"', { keyword: 'chen' }),
  // A rare search beside the common one: its few matches (10 customers) counted exactly.
  customerListCase('customer list, search a phone', { keyword: '(650) 555-1383' }),
  customerListCase('customer list, status filter', { status: 'active' }),
  {
    label: 'quote list, page 1',
    path: '/quote/queryList',
    method: 'POST',
    body: { pageNum: 1, pageSize: 20 },
    authorized: true,
    call: (db) => listQuotes(db, { pageNum: 1, pageSize: 20 } as never),
  },
];

async function measure(base: string, c: Case, token: string, seconds = c.seconds ?? SECONDS): Promise<Measured> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (c.authorized) headers.authorization = token;
  const body = c.body ? JSON.stringify(c.body) : undefined;
  // One checked request first: a bench of error answers would measure nothing.
  const check = await fetch(`${base}/_${c.path}`, { method: c.method, headers, body });
  const answer = (await check.json()) as { code: number; message: string };
  if (answer.code !== 0) throw new Error(`${c.label} at ${base}: ${answer.code} ${answer.message}`);
  const result = await autocannon({
    url: `${base}/_${c.path}`,
    method: c.method,
    headers,
    body,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(`${c.label} at ${base}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function loaded(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ n: string }>(
    database.db,
    sql`select count(*) as n from information_schema.tables where table_name = 'customers' and table_schema = 'public'`,
  );
  if (Number(row!.n) === 0) return false;
  const [count] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from customers`);
  return Number(count!.n) >= CUSTOMERS;
}

interface Opened {
  database: Database;
  reused: boolean;
  explain: ReturnType<typeof explainer>;
}

async function openEngine(engine: 'pglite' | 'postgres'): Promise<Opened> {
  if (engine === 'pglite') {
    const pglite = await PGlite.create();
    return { database: wrapPglite(pglite), reused: false, explain: explainer({ pglite }) };
  }
  const url = process.env.BENCH_DATABASE_URL!;
  const database = openPostgres(url);
  const explain = explainer({ url });
  if (process.env.BENCH_REUSE === '1' && (await loaded(database))) {
    // An earlier run's login case may have left its address locked (timed-out attempts keep their place).
    await database.db.execute(sql`delete from login_throttles`);
    return { database, reused: true, explain };
  }
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  return { database, reused: false, explain };
}

async function benchEngine(engine: 'pglite' | 'postgres') {
  const config = { ...loadConfig(process.env), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const { database, reused, explain } = await openEngine(engine);
  await database.migrate();
  if (reused) {
    report(`\n${engine}: reusing the ${CUSTOMERS} customers loaded by an earlier run`);
  } else {
    await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
    const started = performance.now();
    await loadCustomers(database.db, CUSTOMERS);
    await loadQuotes(database.db);
    report(
      `\n${engine}: ${CUSTOMERS} customers and their quotes loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const { oursUrl, bareUrl, token, close } = await servers(engine, database, config);

  const bench = new BenchReport('HTTP throughput (autocannon, 10 connections)', engine);
  // BENCH_ONLY='getUserInfo|customer list' measures only the cases whose label starts with one of these.
  const only = process.env.BENCH_ONLY?.split('|').map((label) => label.trim());
  for (const c of CASES.filter((k) => !only || only.some((label) => k.label.startsWith(label)))) {
    if (process.env.BENCH_EXPLAIN === '1' && c.call) {
      for (const plan of await explain.explain(c.call)) report(`\nEXPLAIN ${c.label}:\n${plan}\n`);
    }
    // A warm-up of each side first, not counted (statements prepared and planned on each pooled
    // connection, new code compiled): a server in use is warm.
    await measure(oursUrl, c, token, WARMUP_SECONDS);
    await measure(bareUrl, c, token, WARMUP_SECONDS);
    // Alternating short rounds: on a shared machine both sides see the same background load.
    const a: Measured[] = [];
    const b: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      a.push(await measure(oursUrl, c, token));
      b.push(await measure(bareUrl, c, token));
    }
    const [ours, plain] = [combined(a), combined(b)];
    bench.add({
      measure: `${c.label}, p99`,
      ours: ours.p99,
      bare: plain.p99,
      budget: c.call ? LIST_BUDGET_MS : undefined,
      note: `p50 ${ours.p50} / bare ${plain.p50} ms; ${ours.rps.toFixed(0)} / bare ${plain.rps.toFixed(0)} req/s`,
    });
  }
  report(
    `(${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s a side; req/s the mean, p50/p99 the median round's, in ms)`,
  );
  bench.finish();
  await close();
  await explain.close();
  await database.close();
}

/**
 * Our app (logging as in production) and the bare baseline, and a session token of ours: on
 * PostgreSQL in a process of their own (lib/serve-apart.ts: autocannon shares no heap or thread with
 * the server; BENCH_IN_PROCESS=1 keeps them here, as runs before 2026-11-28 did), on in-memory PGlite
 * in this one (it cannot be shared).
 */
async function servers(engine: 'pglite' | 'postgres', database: Database, config: ReturnType<typeof loadConfig>) {
  const tokenOf = async (oursUrl: string) => {
    const answer = await fetch(`${oursUrl}/_/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uname: 'admin', password: PASSWORD }),
    });
    return ((await answer.json()) as { data: { token: string } }).data.token;
  };
  if (engine === 'postgres' && process.env.BENCH_IN_PROCESS !== '1') {
    const apart = await serveApart(process.env.BENCH_DATABASE_URL!, { logger: true });
    return { oursUrl: apart.ours, bareUrl: apart.bare, token: await tokenOf(apart.ours), close: apart.close };
  }
  const ours = await buildApp({ config, database, logger: true, serveStatic: false });
  const oursUrl = await ours.listen({ host: '127.0.0.1', port: 0 });
  const token = await tokenOf(oursUrl);
  const bare = bareApp(database.db, config.sessionIdleMs);
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const close = async () => {
    await ours.close();
    await bare.close();
  };
  return { oursUrl, bareUrl, token, close };
}

async function main() {
  const only = process.env.BENCH_ENGINE;
  if (only !== 'postgres') await benchEngine('pglite');
  if (only !== 'pglite') {
    if (process.env.BENCH_DATABASE_URL) await benchEngine('postgres');
    else report('\npostgres: skipped (set BENCH_DATABASE_URL to a database the bench may wipe)');
  }
}

main().catch((error) => {
  report(String(error?.stack ?? error));
  process.exit(1);
});
