/**
 * The embedded engine at a real single-location business's size (issue 25): 20,000 customers and
 * 300,000 jobs of 30 teams over three years, with their time cards (bench/business.ts), loaded into
 * PGlite ON DISK (a data directory, as `npm start` opens DATA_DIR) and into PostgreSQL; then the job
 * list, the customer list, the board, the dashboard and wages through the real app (app.inject:
 * routing, session, permission, validation, the queries, serialization), PGlite beside PostgreSQL on
 * the same data, with the ratio (budget: PGlite within 4× of PostgreSQL).
 *
 * PGlite has one connection, so the comparison is one request at a time on both (each sample is one
 * request's latency; the two engines alternate run by run, so both see the same background load);
 * with BENCH_INFLIGHT=10 a second table keeps 10 requests in flight on both (PGlite queues them on its
 * one connection, PostgreSQL spreads them over a pool of 10).
 *
 * BENCH_DATA_DIR (default /tmp/tidyhouse-embedded) and BENCH_DATABASE_URL are WIPED and loaded, unless
 * BENCH_REUSE=1 finds them loaded already. Without BENCH_DATABASE_URL only PGlite is loaded and
 * measured. BENCH_JOBS, BENCH_CUSTOMERS, BENCH_TEAMS (30), BENCH_CHUNK_DAYS (days a load statement inserts), BENCH_RUNS.
 * BENCH_LOAD_ONLY=1 stops after loading (a data dir for `npm start` or bench/memory.ts; the admin
 * password is Bench-pass-123). BENCH_EXPLAIN=1 prints the plan of the 93-day dashboard's totals read on
 * both engines. Prints figures; asserts only that every answer was a success.
 */
import { rmSync } from 'node:fs';
import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { type Database, openPglite, openPostgres, queryRows } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { loadBusiness } from './business';
import { BenchReport, percentile } from './lib/report';

export const PASSWORD = 'Bench-pass-123';
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/tidyhouse-embedded';
const PG_URL = process.env.BENCH_DATABASE_URL;
const JOBS = Number(process.env.BENCH_JOBS ?? 300_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const CHUNK_DAYS = Number(process.env.BENCH_CHUNK_DAYS ?? 120);
/** Teams of 3 cleaners; a million jobs needs about 100 (11 a team a workday fit a day's hours). */
const TEAMS = Number(process.env.BENCH_TEAMS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 0);

const seconds = (start: number) => (performance.now() - start) / 1000;

async function jobCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    database.db,
    sql`select count(*) as n from information_schema.tables where table_name = 'jobs' and table_schema = 'public'`,
  );
  if (Number(row!.n) === 0) return 0;
  const [count] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from jobs where reference like 'J-%-E%'`);
  return Number(count!.n);
}

/** Opens (and unless reusable, wipes and loads) one engine; returns it with its load time. */
async function prepare(engine: 'pglite' | 'postgres'): Promise<{ database: Database; loadSeconds?: number }> {
  const reuse = process.env.BENCH_REUSE === '1';
  if (engine === 'pglite' && !reuse) rmSync(DATA_DIR, { recursive: true, force: true });
  let database = engine === 'pglite' ? await openPglite(DATA_DIR) : openPostgres(PG_URL!);
  if (reuse && (await jobCount(database)) >= JOBS) {
    console.log(`${engine}: reusing the loaded data (${await jobCount(database)} bench jobs)`);
    await database.migrate();
    await database.db.execute(sql`analyze`);
    return { database };
  }
  if (engine === 'postgres') {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  } else if (reuse) {
    await database.close();
    rmSync(DATA_DIR, { recursive: true, force: true });
    database = await openPglite(DATA_DIR);
  }
  console.log(`${engine}: loading ${CUSTOMERS} customers and ${JOBS} jobs (chunks of ${CHUNK_DAYS} days)`);
  const start = performance.now();
  const cpu = process.cpuUsage();
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  console.log(`  migrations and seed: ${seconds(start).toFixed(1)} s`);
  const today = await businessToday(database.db);
  const loaded = await loadBusiness(
    database.db,
    { customers: CUSTOMERS, jobs: JOBS, teams: TEAMS, chunkDays: CHUNK_DAYS, skipForeignKeyChecks: engine === 'pglite' },
    today,
  );
  const analyze = performance.now();
  await database.db.execute(sql`analyze`);
  // On disk the load ends with a checkpoint, as a clean stop would: its cost belongs to the load.
  if (engine === 'pglite') await database.db.execute(sql`checkpoint`);
  console.log(`  analyze + checkpoint: ${seconds(analyze).toFixed(1)} s`);
  const loadSeconds = seconds(start);
  // PGlite works in this process: its CPU time is the load's cost without the machine's other work.
  const used = process.cpuUsage(cpu);
  console.log(`  this process's CPU time: ${((used.user + used.system) / 1e6).toFixed(1)} s`);
  const [counts] = await queryRows<{ jobs: number; punches: number; customers: number; totals: number }>(
    database.db,
    sql`select (select count(*)::int from jobs) as jobs, (select count(*)::int from time_punches) as punches,
               (select count(*)::int from customers) as customers, (select count(*)::int from job_day_totals) as totals`,
  );
  console.log(
    `${engine}: loaded in ${loadSeconds.toFixed(1)} s: ${counts!.customers} customers, ${counts!.jobs} jobs (${loaded.first} to ${loaded.last}, ${loaded.jobsPerTeamDay} a team a workday), ${loaded.employees} cleaners with ${counts!.punches} punches, ${counts!.totals} job_day_totals rows`,
  );
  return { database, loadSeconds };
}

interface Case {
  label: string;
  path: string;
  payload: Record<string, unknown>;
}

function cases(today: string): Case[] {
  return [
    { label: 'job list, first page', path: '/job/queryList', payload: {} },
    { label: 'job list, status scheduled', path: '/job/queryList', payload: { statuses: ['scheduled'] } },
    { label: 'job list, status cancelled', path: '/job/queryList', payload: { statuses: ['cancelled'] } },
    { label: 'job list, customer search "chen"', path: '/job/queryList', payload: { keyword: 'chen' } },
    { label: 'customer list, page 1', path: '/customer/queryList', payload: { pageNum: 1, pageSize: 20 } },
    { label: 'customer list, "chen"', path: '/customer/queryList', payload: { pageNum: 1, pageSize: 20, keyword: 'chen' } },
    { label: 'board, a day (30 teams)', path: '/jhSchedule/queryBoard', payload: { date: addDays(today, 1) } },
    { label: 'dashboard, today', path: '/dashboard/query', payload: {} },
    { label: 'dashboard, 93 days', path: '/dashboard/query', payload: { dateFrom: addDays(today, -92), dateTo: today } },
    { label: 'wages, two weeks', path: '/jhSchedule/queryWage', payload: { date: addDays(today, -10) } },
  ];
}

interface Side {
  app: FastifyInstance;
  token: string;
}

async function side(database: Database): Promise<Side> {
  const config = {
    ...loadConfig({}),
    loginSlowdownMs: 0,
    secretKey: 'ab'.repeat(32),
    planGeneration: false,
    outboxWorker: false,
  };
  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  return { app, token: (login.json() as { data: { token: string } }).data.token };
}

async function call(s: Side, c: Case): Promise<number> {
  const start = performance.now();
  const response = await s.app.inject({
    method: 'POST',
    url: `/_${c.path}`,
    headers: { authorization: s.token },
    payload: c.payload,
  });
  const took = performance.now() - start;
  if ((response.json() as { code: number }).code !== 0) throw new Error(`${c.label}: ${response.body.slice(0, 300)}`);
  return took;
}

/** `n` requests kept in flight until `total` are done; each request's latency. */
async function inFlight(s: Side, c: Case, n: number, total: number): Promise<number[]> {
  const samples: number[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (started < total) {
        started++;
        samples.push(await call(s, c));
      }
    }),
  );
  return samples;
}

function addPair(report: BenchReport, label: string, lite: number[], pg: number[] | undefined, note = '') {
  for (const [name, p] of [
    ['p50', 0.5],
    ['p99', 0.99],
  ] as const) {
    const ours = percentile(lite, p);
    const bare = pg ? percentile(pg, p) : undefined;
    report.add({
      measure: `${label}, ${name}`,
      ours,
      bare,
      budget: bare === undefined ? undefined : Math.round(bare * 4 * 10) / 10,
      note,
    });
  }
}

async function main() {
  const lite = await prepare('pglite');
  const pg = PG_URL ? await prepare('postgres') : undefined;
  if (process.env.BENCH_LOAD_ONLY === '1') {
    await lite.database.close();
    await pg?.database.close();
    return;
  }
  const today = await businessToday(lite.database.db);
  if (process.env.BENCH_EXPLAIN === '1') {
    // The 93-day dashboard's one query that grows with the data (dashboard.query.ts jobsSection).
    const query = sql`explain (analyze, buffers) select service_date::text as "date", team_id as "teamId", status, jobs,
        minutes::int as minutes, revenue_cents::bigint as "revenueCents"
      from job_day_totals where service_date between ${addDays(today, -92)} and ${today} and jobs <> 0`;
    for (const database of [lite.database, pg?.database]) {
      if (!database) continue;
      const plan = await queryRows<{ 'QUERY PLAN': string }>(database.db, query);
      console.log(
        `\n${database.engine}: the 93-day dashboard's job_day_totals read\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
  }
  const liteSide = await side(lite.database);
  const pgSide = pg ? await side(pg.database) : undefined;
  const report = new BenchReport(
    `Embedded engine at a business's size (${JOBS} jobs, ${CUSTOMERS} customers): PGlite on disk (ours) beside PostgreSQL (bare), one request at a time; budget 4× PostgreSQL`,
    pg ? 'PGlite vs PostgreSQL 15' : 'PGlite only',
  );
  if (lite.loadSeconds !== undefined)
    report.add({
      measure: 'load into PGlite on disk',
      ours: lite.loadSeconds,
      unit: 's',
      budget: 300,
      note: `PostgreSQL ${pg?.loadSeconds?.toFixed(1) ?? '–'} s`,
    });
  for (const c of cases(today)) {
    await call(liteSide, c); // warm-up: plans, pages, serializer
    if (pgSide) await call(pgSide, c);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(await call(liteSide, c));
      if (pgSide) b.push(await call(pgSide, c));
    }
    addPair(report, c.label, a, pgSide ? b : undefined, `${RUNS} runs`);
  }
  if (INFLIGHT > 1) {
    for (const c of cases(today).filter((k) =>
      ['job list, first page', 'customer list, page 1', 'board, a day (30 teams)'].includes(k.label),
    )) {
      const a = await inFlight(liteSide, c, INFLIGHT, RUNS * 3);
      const b = pgSide ? await inFlight(pgSide, c, INFLIGHT, RUNS * 3) : undefined;
      addPair(report, `${c.label}, ${INFLIGHT} in flight`, a, b, `${RUNS * 3} requests`);
    }
  }
  report.finish();
  await liteSide.app.close();
  await pgSide?.app.close();
  await lite.database.close();
  await pg?.database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
