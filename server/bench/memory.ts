/**
 * The server's memory (issue 25): the real server as `npm start` runs it (`node dist/main.js`, or
 * `tsx src/main.ts` with BENCH_SERVER=tsx) in a child process, on an already loaded database, its
 * resident memory read from /proc/<pid>/status: after start, after the list bench (the lists, the
 * board, the dashboard and wages, as bench/embedded.ts calls them), then after every 1,000 of 10,000
 * requests of each list (customer, quote, job list: pages and searches varied), each time also after a
 * full garbage collection (SIGUSR2 to a server started with --expose-gc and bench/lib/gc-on-signal.mjs).
 * A leak shows as resident memory after GC that keeps growing batch after batch.
 *
 * The database: BENCH_DATABASE_URL (PostgreSQL), else the PGlite data directory BENCH_DATA_DIR
 * (default /tmp/tidyhouse-embedded, loaded by `BENCH_LOAD_ONLY=1 tsx bench/embedded.ts`; BENCH_JOBS=1000000
 * BENCH_CUSTOMERS=100000 there for the million-job data). The admin password is Bench-pass-123.
 * BENCH_REQUESTS (default 10000), BENCH_BATCH (default 1000) and BENCH_INFLIGHT (default 4) per list. Prints figures; asserts only
 * that every answer was a success.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { addDays } from '@tidyhouse/contract';
import { BenchReport } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const PG_URL = process.env.BENCH_DATABASE_URL;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/tidyhouse-embedded';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const BATCH = Math.max(1, Math.min(Number(process.env.BENCH_BATCH ?? 1_000), REQUESTS));
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** Resident MB now and after a full GC (the signal's collection has run once RSS stops moving). */
async function memoryOf(server: ChildProcess): Promise<{ rss: number; afterGc: number }> {
  const rss = residentOf(server.pid!);
  server.kill('SIGUSR2');
  await sleep(1_500);
  return { rss, afterGc: residentOf(server.pid!) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<{ server: ChildProcess; how: string }> {
  const useDist = process.env.BENCH_SERVER !== 'tsx' && existsSync(path.join(SERVER_DIR, 'dist/main.js'));
  const entry = useDist ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const args = ['--expose-gc', '--import', './bench/lib/gc-on-signal.mjs', ...entry];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOGIN_SLOWDOWN_MS: '0',
    MAIL_CATCHER: 'false',
    GATEWAY_SIM: 'false',
    SMS_SIM: 'false',
    PLAN_GENERATION: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  if (PG_URL) {
    env.DATABASE_URL = PG_URL;
    env.SECRET_KEY ??= 'ab'.repeat(32); // the key the benches load with
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = DATA_DIR;
  }
  // The request log goes nowhere, as to a log file nobody reads: it is the server's work, not ours.
  const server = spawn(process.execPath, args, { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    const answer = await fetch(`http://127.0.0.1:${port}/_/health`).catch(() => null);
    if (answer?.ok) return { server, how: `node ${args.join(' ')}` };
    await sleep(500);
  }
  throw new Error('the server did not become ready in 5 minutes');
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/_`;
  const engine = PG_URL ? 'PostgreSQL 15' : `PGlite on disk (${DATA_DIR})`;
  const { server, how } = await startServer(port);
  try {
    console.log(`server: ${how} (pid ${server.pid})`);
    const report = new BenchReport(
      'Server memory (resident MB, then after a full GC): start, list bench, 10,000 requests of each list',
      engine,
    );
    const send = (route: string, body: Record<string, unknown>, token?: string) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
    // The session's token, renewed as the web app renews it (a fresh one in the Authorization header
    // every 15 minutes; the old one works a short while after): a run on a loaded machine outlives it.
    let token = '';
    const post = async (route: string, body: Record<string, unknown>) => {
      // A kept-alive socket the server closed as idle (its 5 s timeout, long on a loaded machine)
      // resets the request sent on it: sent again once on a fresh one (every call here only reads).
      const answer = await send(route, body, token).catch(() => send(route, body, token));
      token = answer.headers.get('authorization') ?? token;
      const json = (await answer.json()) as { code: number; message: string; data: unknown };
      if (json.code !== 0) throw new Error(`${route}: ${json.code} ${json.message}`);
      return json.data;
    };
    const record = async (measure: string) => {
      const { rss, afterGc } = await memoryOf(server);
      report.add({ measure, ours: rss, unit: 'MB', note: `after GC ${afterGc} MB` });
      return afterGc;
    };
    await record('after start');
    token = ((await post('/login', { uname: 'admin', password: PASSWORD })) as { token: string }).token;
    const { today } = { today: new Date().toISOString().slice(0, 10) };
    // The list bench: each of bench/embedded.ts's calls 20 times.
    const calls: [string, Record<string, unknown>][] = [
      ['/job/queryList', {}],
      ['/job/queryList', { statuses: ['scheduled'] }],
      ['/job/queryList', { keyword: 'chen' }],
      ['/customer/queryList', { pageNum: 1, pageSize: 20 }],
      ['/customer/queryList', { pageNum: 1, pageSize: 20, keyword: 'chen' }],
      ['/jhSchedule/queryBoard', { date: addDays(today, 1) }],
      ['/dashboard/query', { dateFrom: addDays(today, -92), dateTo: today }],
      ['/jhSchedule/queryWage', { date: addDays(today, -10) }],
    ];
    for (const [route, body] of calls) for (let i = 0; i < 20; i++) await post(route, body);
    await record('after the list bench (job, customer lists, board, dashboard, wages ×20 each)');

    const keywords = ['chen', 'smith', 'priya', 'garcia', 'wang', '650', 'laurel', 'kim'];
    const lists: [string, string, (i: number) => Record<string, unknown>][] = [
      [
        'customer list',
        '/customer/queryList',
        (i) => ({ pageNum: 1 + (i % 50), pageSize: 20, ...(i % 3 === 0 ? { keyword: keywords[i % 8] } : {}) }),
      ],
      ['quote list', '/quote/queryList', (i) => ({ pageNum: 1 + (i % 50), pageSize: 20 })],
      [
        'job list',
        '/job/queryList',
        (i) => ({ pageNum: 1 + (i % 50), pageSize: 20, ...(i % 3 === 0 ? { keyword: keywords[i % 8] } : {}) }),
      ],
    ];
    for (const [label, route, body] of lists) {
      const afterGc: number[] = [];
      let sent = 0;
      const started = performance.now();
      while (sent < REQUESTS) {
        const end = Math.min(REQUESTS, sent + BATCH);
        await Promise.all(
          Array.from({ length: INFLIGHT }, async () => {
            while (sent < end) await post(route, body(sent++));
          }),
        );
        const { rss, afterGc: gc } = await memoryOf(server);
        afterGc.push(gc);
        console.log(`  ${label}: ${sent} requests, resident ${rss} MB, after GC ${gc} MB`);
      }
      const rate = REQUESTS / ((performance.now() - started) / 1000);
      const growth = afterGc[afterGc.length - 1]! - afterGc[0]!;
      report.add({
        measure: `${label}: after ${REQUESTS} requests (after GC)`,
        ours: afterGc[afterGc.length - 1]!,
        unit: 'MB',
        note: `after GC per ${BATCH}: ${afterGc.join(', ')} MB; growth from the first batch ${growth} MB; ${rate.toFixed(0)} req/s, ${INFLIGHT} in flight`,
      });
    }
    report.finish();
  } finally {
    server.kill('SIGTERM');
    const killer = setTimeout(() => server.kill('SIGKILL'), 30_000);
    await new Promise((resolve) => server.once('exit', resolve));
    clearTimeout(killer);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
