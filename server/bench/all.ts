/**
 * `npm run bench` (issue 25): every bench in turn, each appending its BenchReport table to one
 * temporary BENCH_RECORD file, then record.ts puts the tables, dated, first under "## Dated bench
 * runs" in docs/performance.md. The benches run on in-memory PGlite; the outbox bench needs PostgreSQL
 * and runs when DATABASE_URL is set (an empty database: it is migrated and seeded), the session-end
 * bench creates and drops a scratch database on BENCH_DATABASE_URL's server (else DATABASE_URL's);
 * BENCH_DATABASE_URL also makes http.ts and embedded.ts compare with PostgreSQL (they WIPE it). The
 * browser benches (e2e/bench) need the web build (web/dist).
 *
 * Sizes: each bench gets the small defaults below, meant to keep the whole set within about half an
 * hour on an idle 2-core machine (an estimate: on the shared machine at load 20–35, a run at still
 * smaller sizes took 49 min for the server benches and 20 min for the browser ones, most of it
 * migrating and seeding a fresh database per bench). A BENCH_* variable set by the caller wins for
 * every bench that reads it (e.g. BENCH_JOBS=1000000 BENCH_CUSTOMERS=100000 for the full sizes).
 * BENCH_ONLY=board,wages runs a few.
 * Take idle figures first in a session, before anything else runs: the load average of every table
 * says how idle the machine was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage } from './lib/report';
import { formatRun, insertRun } from './record';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Bench {
  name: string;
  /** Workspace folder the script runs from, and the script. */
  cwd: 'server' | 'e2e';
  script: string;
  /** Defaults for a run of reasonable length; the caller's own BENCH_* variables win. */
  sizes?: Record<string, string>;
  /** Why it is skipped in this run, if it is. */
  skip?: () => string | null;
}

const needsPostgres = () => (process.env.DATABASE_URL ? null : 'needs PostgreSQL (DATABASE_URL)');
const needsBuild = () =>
  existsSync(path.join(ROOT, 'web/dist/index.html')) ? null : 'needs the web build (npm run build -w web)';
const needsFile = (file: string) => () => (existsSync(path.join(ROOT, file)) ? null : `${file} is missing`);

export const BENCHES: Bench[] = [
  { name: 'run', cwd: 'server', script: 'bench/run.ts', sizes: { BENCH_RUNS: '200' } },
  { name: 'customers', cwd: 'server', script: 'bench/customers.ts', sizes: { BENCH_CUSTOMERS: '20000' } },
  {
    name: 'jobs',
    cwd: 'server',
    script: 'bench/jobs.ts',
    sizes: { BENCH_CUSTOMERS: '10000', BENCH_JOBS: '100000', BENCH_PLANS: '2000', BENCH_RUNS: '20' },
  },
  { name: 'board', cwd: 'server', script: 'bench/board.ts', sizes: { BENCH_RUNS: '50' } },
  { name: 'route-order', cwd: 'server', script: 'bench/route-order.ts', sizes: { BENCH_RUNS: '50' } },
  { name: 'day-schedule', cwd: 'server', script: 'bench/day-schedule.ts', sizes: { BENCH_RUNS: '10' } },
  { name: 'dashboard', cwd: 'server', script: 'bench/dashboard.ts', sizes: { BENCH_JOBS: '100000', BENCH_RUNS: '20' } },
  { name: 'wages', cwd: 'server', script: 'bench/wages.ts', sizes: { BENCH_RUNS: '3', BENCH_YEARS: '1' } },
  {
    name: 'billing',
    cwd: 'server',
    script: 'bench/billing.ts',
    sizes: { BENCH_CUSTOMERS: '10000', BENCH_INVOICES: '100000', BENCH_RUNS: '20', BENCH_BLOCKS: '2' },
  },
  {
    name: 'embedded',
    cwd: 'server',
    script: 'bench/embedded.ts',
    sizes: { BENCH_JOBS: '50000', BENCH_CUSTOMERS: '5000', BENCH_RUNS: '10' },
    skip: needsFile('server/bench/embedded.ts'),
  },
  // On the data embedded.ts just loaded (the same BENCH_DATA_DIR).
  {
    name: 'memory',
    cwd: 'server',
    script: 'bench/memory.ts',
    sizes: { BENCH_REQUESTS: '2000', BENCH_BATCH: '500' },
    skip: needsFile('server/bench/memory.ts'),
  },
  // The request log goes to stdout (as in production); the report to stderr.
  { name: 'http', cwd: 'server', script: 'bench/http.ts', sizes: { BENCH_CUSTOMERS: '20000', BENCH_SECONDS: '2' } },
  { name: 'outbox', cwd: 'server', script: 'bench/outbox.ts', sizes: { BENCH_MESSAGES: '2000' }, skip: needsPostgres },
  {
    name: 'session-end',
    cwd: 'server',
    script: 'bench/session-end.ts',
    sizes: { BENCH_TRIALS: '10' },
    skip: () => (process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL ? null : 'needs a PostgreSQL server (DATABASE_URL)'),
  },
  { name: 'login-bytes', cwd: 'e2e', script: 'bench/login-bytes.ts', skip: needsBuild },
  { name: 'field-load', cwd: 'e2e', script: 'bench/field-load.ts', skip: needsBuild },
  { name: 'startup', cwd: 'e2e', script: 'bench/startup.ts', sizes: { ROUNDS: '2' }, skip: needsBuild },
  { name: 'board-drag', cwd: 'e2e', script: 'bench/board-drag.ts', skip: needsBuild },
];

function main() {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const dir = mkdtempSync(path.join(tmpdir(), 'tidyhouse-bench-'));
  const record = path.join(dir, 'record.md');
  writeFileSync(record, '');
  const started = new Date();
  const startedMs = performance.now();
  const loadBefore = loadAverage();
  console.log(`npm run bench: ${cpus().length} cores, load average ${loadBefore} (take idle figures first in a session)`);
  const lines: string[] = [];
  for (const bench of BENCHES) {
    if (only && !only.includes(bench.name)) continue;
    const skipped = bench.skip?.();
    if (skipped) {
      console.log(`\n=== ${bench.name}: skipped, ${skipped}`);
      lines.push(`${bench.name}: skipped (${skipped})`);
      continue;
    }
    // The bench's small defaults, unless the caller set the variable.
    const sizes = Object.fromEntries(Object.entries(bench.sizes ?? {}).filter(([key]) => process.env[key] === undefined));
    console.log(
      `\n=== ${bench.name} ${Object.entries(sizes)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
    // DATABASE_URL would put every bench (and the browser benches' server) on one database: the outbox only.
    const { DATABASE_URL, ...env } = process.env;
    if (bench.name === 'outbox') env.DATABASE_URL = DATABASE_URL;
    if (bench.name === 'session-end') env.BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? DATABASE_URL;
    const t = performance.now();
    const recordedBefore = readFileSync(record, 'utf8').length;
    const result = spawnSync(process.execPath, ['--import', 'tsx', bench.script], {
      cwd: path.join(ROOT, bench.cwd),
      env: { ...env, ...sizes, BENCH_RECORD: record },
      stdio: ['ignore', bench.name === 'http' ? 'ignore' : 'inherit', 'inherit'],
    });
    const seconds = ((performance.now() - t) / 1000).toFixed(0);
    const sizeText = Object.entries({ ...bench.sizes, ...pick(Object.keys(bench.sizes ?? {})) })
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    // A bench that wrote its table and exits 1 found a figure over its budget; without a table it failed.
    const wrote = readFileSync(record, 'utf8').length > recordedBefore;
    const status =
      result.status === 0
        ? 'done'
        : wrote && result.status === 1
          ? 'done, a figure over its budget'
          : `FAILED (exit ${result.status ?? result.signal})`;
    lines.push(`${bench.name}: ${status} in ${seconds} s${sizeText ? ` (${sizeText})` : ''}`);
    console.log(`=== ${bench.name}: ${status} in ${seconds} s`);
  }
  const minutes = ((performance.now() - startedMs) / 60_000).toFixed(1);
  const tables = readFileSync(record, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const context = [
    `\`npm run bench\`, ${minutes} min in all on ${cpus().length} cores; load average at the start ${loadBefore}, at the end ${loadAverage()}.`,
    '',
    ...lines.map((line) => `- ${line}`),
  ].join('\n');
  const doc = process.env.BENCH_DOC ?? path.join(ROOT, 'docs/performance.md');
  if (tables.trim()) {
    writeFileSync(doc, insertRun(readFileSync(doc, 'utf8'), formatRun(tables, started, context)));
    console.log(`\nrecorded the run in ${path.relative(ROOT, doc)} ("## Dated bench runs"), ${minutes} min in all`);
  } else console.log(`\nno bench wrote a table: ${path.relative(ROOT, doc)} is unchanged`);
  console.log(lines.join('\n'));
  if (lines.some((line) => line.includes('FAILED'))) process.exitCode = 1;
}

/** The caller's own values of these variables. */
const pick = (keys: string[]) =>
  Object.fromEntries(keys.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]!]));

main();
