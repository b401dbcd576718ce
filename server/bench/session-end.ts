/**
 * How long an ended session keeps its rights on another server process (issue 23 item 9;
 * docs/operations.md "Sessions on several processes"). Two real server processes (src/main.ts) on one
 * PostgreSQL database; a session of a non-super user is warmed on process B (so B's session cache
 * holds it), then B is sent back-to-back reads (2 loops) and writes (1 loop) while the session is
 * ended elsewhere: a logout and a freeze through process A's API, a key taken from the role and a
 * password change's session end committed by a third connection. For each request sent after the
 * end had been answered (or committed), it records whether B still answered it with the session's
 * rights and how long after the end. Prints a BenchReport: per kind of end, the latest request B still
 * answered after the end, beside the bare baseline of the same trials: the p99 of one read on B
 * before the end (the warm-up reads; a window shorter than one request's round trip is no window). Asserts
 * only that no write passed.
 *
 * BENCH_DATABASE_URL: a PostgreSQL server where this script may create (and then drops) a database.
 * BENCH_TRIALS: trials per kind of end (default 30).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { locationBody } from '../src/modules/customers/customers.fixtures';
import { CUSTOMER_DETAIL, CUSTOMER_LIST } from '../src/modules/customers/route';
import { openPostgres, queryRows } from '../src/platform/database';
import { createSession } from '../src/platform/sessions';
import { seed } from '../src/seed/seed';
import { BenchReport, percentile } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const TRIALS = Number(process.env.BENCH_TRIALS ?? 30);
const PORTS = { a: 18_301, b: 18_302 };
const base = process.env.BENCH_DATABASE_URL;
if (!base) throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL server where a scratch database may be created)');

interface Sent {
  loop: 'read' | 'write';
  start: number;
  end: number;
  code: number;
}

async function call(port: number, route: string, token: string | null, body: unknown = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/_${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: unknown };
}

function startServer(port: number, url: string): ChildProcess {
  return spawn(path.resolve('../node_modules/.bin/tsx'), ['src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SECRET_KEY: 'ab'.repeat(32),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      PLAN_GENERATION: 'false',
      LOGIN_SLOWDOWN_MS: '0',
      // Each process would start its own card gateway simulator on the same port: none is needed here.
      GATEWAY_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function ready(port: number) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/_/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `tidyhouse_session_end_${randomBytes(3).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  const servers: ChildProcess[] = [];
  try {
    const db = database.db;
    await database.migrate();
    const seeded = await db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
    servers.push(startServer(PORTS.a, url.toString()), startServer(PORTS.b, url.toString()));
    await Promise.all([ready(PORTS.a), ready(PORTS.b)]);
    const login = await call(PORTS.a, '/login', null, { uname: seeded.admin!.uname, password: PASSWORD });
    const adminToken = (login.data as { token: string }).token;
    // A non-super user whose role lists and adds customers.
    const [user] = await queryRows<{ id: number; role_id: number }>(
      db,
      sql`select u.id, u.role_id from sys_users u join roles r on r.id = u.role_id
          where not r.is_super and u.enabled and u.status = 'active' and u.account_status = 'normal'
            and exists (select 1 from role_permissions p where p.role_id = r.id and p.key = ${CUSTOMER_LIST})
            and exists (select 1 from role_permissions p where p.role_id = r.id and p.key = ${CUSTOMER_DETAIL})
          order by u.id limit 1`,
    );
    if (!user) throw new Error('no demo user lists and adds customers');

    const kinds: Record<string, { end: (token: string) => Promise<void>; undo?: () => Promise<void> }> = {
      'logout (A)': { end: async (token) => void (await call(PORTS.a, '/loginOut', token)) },
      'freeze (A)': {
        end: async () => void (await call(PORTS.a, '/sysUser/isBlocking', adminToken, { id: user.id, blocked: true })),
        undo: async () => void (await call(PORTS.a, '/sysUser/isBlocking', adminToken, { id: user.id, blocked: false })),
      },
      'key removal (SQL)': {
        end: async () =>
          void (await db.execute(
            sql`delete from role_permissions where role_id = ${user.role_id} and key in (${CUSTOMER_LIST}, ${CUSTOMER_DETAIL})`,
          )),
        undo: async () =>
          void (await db.execute(
            sql`insert into role_permissions (role_id, key) values (${user.role_id}, ${CUSTOMER_LIST}), (${user.role_id}, ${CUSTOMER_DETAIL})`,
          )),
      },
      'password change (SQL)': {
        end: async () =>
          void (await db.execute(
            sql`update sessions set ended_at = now(), end_reason = 'password_changed' where user_id = ${user.id} and ended_at is null`,
          )),
      },
    };
    const read = (token: string) => call(PORTS.b, '/customer/queryList', token, { pageNum: 1, pageSize: 5 });
    let serial = 0;
    const write = (token: string) =>
      call(PORTS.b, '/customer/add', token, {
        name: `Bench Session ${++serial}`,
        phone1: '(650) 555-0142',
        status: 'prospect',
        location: locationBody(),
      });

    const report = new BenchReport('Session end across two processes (issue 23)', 'postgres');
    for (const [kind, { end, undo }] of Object.entries(kinds)) {
      let after = 0;
      let readsPassed = 0;
      let writesPassed = 0;
      let latest = 0;
      /** The warm-up reads (the session alive): the round trip of one request, the bare baseline. */
      const live: number[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const token = await createSession(db, user.id, {});
        for (let i = 0; i < 3; i++) {
          const start = performance.now();
          await read(token);
          live.push(performance.now() - start);
        }
        if ((await write(token)).code !== 0) throw new Error('the warm-up write failed');
        const sent: Sent[] = [];
        let stop = false;
        const loop = async (which: 'read' | 'write') => {
          while (!stop) {
            const start = performance.now();
            const { code } = await (which === 'read' ? read(token) : write(token));
            sent.push({ loop: which, start, end: performance.now(), code });
          }
        };
        const loops = [loop('read'), loop('read'), loop('write')];
        await sleep(20);
        await end(token);
        const ended = performance.now();
        await sleep(100);
        stop = true;
        await Promise.all(loops);
        for (const s of sent.filter((x) => x.start >= ended)) {
          after++;
          if (s.code !== 0) continue;
          if (s.loop === 'write') writesPassed++;
          else readsPassed++;
          latest = Math.max(latest, s.end - ended);
        }
        await undo?.();
      }
      report.add({
        measure: `${kind}: latest answer with the session's rights after the end`,
        ours: latest,
        bare: percentile(live, 0.99),
        note: `bare: p99 of a warm-up read (the session alive); ${TRIALS} trials, ${after} requests after the end, ${readsPassed} reads still answered, ${writesPassed} writes passed`,
      });
      if (writesPassed > 0) process.exitCode = 1;
    }
    report.finish();
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((resolve) => s.once('exit', resolve))));
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
