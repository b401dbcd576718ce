/**
 * The job bench (issues 9 and 25): 100,000 customers with a location each and 1,000,000 jobs over three
 * years (loaded with generate_series), then the Job List over HTTP with 10 concurrent connections
 * (autocannon, as bench/http.ts) for every filter and every sort the screen offers and a deep page, each
 * on our app and, in alternating rounds, on a bare Fastify route running the same service call (the
 * same SQL, no session, permission, schema or log): the ratio ours ÷ bare survives a noisy machine.
 * Then EXPLAIN (ANALYZE, BUFFERS) of every statement each case runs (BENCH_EXPLAIN=0 skips it) and,
 * with BENCH_GENERATION=1, generation of 12 weeks for 20,000 service plans. Prints figures (BenchReport,
 * budget p99 25 ms); asserts only that every answer was a success.
 * PGlite in memory, or DATABASE_URL's PostgreSQL (use an empty database: it is migrated and seeded).
 * BENCH_REUSE=1 measures again on a database this bench loaded; BENCH_CUSTOMERS, BENCH_JOBS, BENCH_PLANS,
 * BENCH_SECONDS, BENCH_ROUNDS scale it; BENCH_ONLY='team|sort' measures only the cases whose label
 * starts with one of these. On PostgreSQL the server runs in a process of its own (lib/serve-apart.ts);
 * BENCH_IN_PROCESS=1 keeps it in the bench's process, as every run before 2026-11-28 did.
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays, type JobListRequest, ZJobListRequest } from '@tidyhouse/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { listJobs } from '../src/modules/service/jobs/jobs.query';
import { generateDuePlans } from '../src/modules/service/plans/generation';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { bareApp } from './lib/bare-app';
import { explainer } from './lib/explain';
import { BenchReport } from './lib/report';
import { serveApart } from './lib/serve-apart';

const PASSWORD = 'Bench-pass-123';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
// Three rounds, as bench/http.ts: the median of two was the worse of them (every run before 2026-11-28 10:30 UTC).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SERVER_WARMUP_SECONDS = 5;

const elapsed = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32), planGeneration: false };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  console.log(`engine: ${database.engine}, customers: ${CUSTOMERS}, jobs: ${JOBS}, plans: ${PLANS}`);
  await database.migrate();
  // BENCH_REUSE=1 measures again on a database this bench already loaded (the load takes many minutes).
  const [loaded] = await queryRows<{ jobs: number }>(db, sql`select count(*)::int as jobs from jobs`);
  const reuse = process.env.BENCH_REUSE === '1' && loaded!.jobs >= JOBS;
  if (!reuse) await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const today = await businessToday(db);
  if (!reuse) await load(db, today);
  else console.log(`reusing the loaded database (${loaded!.jobs} jobs)`);
  if (process.env.BENCH_LOAD_ONLY === '1') return database.close();
  await measure(database, config, today);
  if (process.env.BENCH_GENERATION === '1') await generation(db, today);
  await database.close();
}

type Database = ReturnType<typeof openPostgres>;
type Db = Database['db'];

async function benchLocations(db: Db) {
  const [bounds] = await queryRows<{ lo: number; hi: number }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from customer_locations where name = 'Bench home'`,
  );
  const teamIds = (await queryRows<{ id: number }>(db, sql`select id from teams where active order by id`)).map((t) =>
    Number(t.id),
  );
  return { lo: bounds!.lo, span: bounds!.hi - bounds!.lo + 1, teamIds, teamArray: sql.raw(`(array[${teamIds.join(',')}])`) };
}

async function load(db: Db, today: string) {
  let start = performance.now();
  await db.execute(sql`
    insert into customers (name, phone1, email, status, address1, city, zip, zone_id, created_at)
    select f || ' ' || l, '(650) 555-' || lpad(((g * 7919) % 10000)::text, 4, '0'), 'bench' || g || '@example.com', 'active',
           (100 + g % 3900) || ' Laurel St', 'San Mateo', '94401',
           (select zone_id from zone_zips where zip = '94401' and kind = 'primary' limit 1), now()
    from generate_series(1, ${CUSTOMERS}::int) g
    cross join lateral (select (array['James','Mary','Wei','Fang','Carlos','Maria','Priya','Linh'])[1 + (g * 7) % 8] as f) a
    cross join lateral (select (array['Smith','Chen','Wang','Garcia','Nguyen','Patel','Kim','Lopez','Li','Zhang','Huang','Reyes'])[1 + (g * 13) % 12] as l) b`);
  await db.execute(sql`
    insert into customer_locations (customer_id, name, address1, city, state, zip, zone_id, address_key, primary_contact, contact_phone, house_type, sqft, is_primary)
    select c.id, 'Bench home', c.address1, c.city, 'CA', c.zip, c.zone_id, c.zip || ' ' || lower(c.address1), c.name, c.phone1, 'house', 1200 + c.id % 2400, true
    from customers c where c.email like 'bench%@example.com' order by c.id`);
  await db.execute(sql`
    insert into customer_search_terms (customer_id, term)
    select distinct c.id, left(t.term, 64) from customers c
    cross join lateral unnest(string_to_array(lower(c.name), ' ') || array[c.zip, regexp_replace(c.phone1, '[^0-9]', '', 'g')]) as t(term)
    where c.email like 'bench%@example.com' and t.term <> ''
    on conflict do nothing`);
  console.log(`customers and locations: ${elapsed(start)}`);

  // Jobs: three years back and a quarter ahead; past ones mostly completed, some cancelled; future scheduled.
  start = performance.now();
  const { lo, span, teamIds, teamArray } = await benchLocations(db);
  const CHUNK = 250_000;
  for (let from = 1; from <= JOBS; from += CHUNK) {
    const to = Math.min(JOBS, from + CHUNK - 1);
    await db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, frequency, status, team_id, service_date, start_minutes,
                        duration_minutes, quoted_minutes, actual_minutes, flat_rate_cents, revenue_cents, subtotal_cents,
                        taxes_cents, invoice_total_cents, profit_loss_cents, cancel_reason)
      select 'J-' || to_char(d, 'YYMM') || '-B' || lpad(g::text, 7, '0'), l.customer_id, l.id, l.zone_id,
             (array['weekly','biweekly','biweekly','every_four_weeks','monthly','one_time'])[1 + g % 6],
             case when d >= ${today}::date then 'scheduled' when g % 25 = 0 then 'cancelled' when g % 97 = 0 then 'uncompleted' else 'completed' end,
             ${teamArray}[1 + g % ${teamIds.length}::int], d, 480 + (g % 8) * 60, 150, 180, case when d < ${today}::date then 170 end, 16000, 16000, 16000, 0, 16000, 9000,
             case when d < ${today}::date and g % 25 = 0 then 'customer_request' end
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select (${today}::date - 1095 + ((g::bigint * 7919) % 1185)::int)::date as d) dd
      join customer_locations l on l.id = ${lo}::int + ((g::bigint * 104729) % ${span}::int)::int`);
    console.log(`  jobs ${to}: ${elapsed(start)}`);
  }
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<{ jobs: number }>(db, sql`select count(*)::int as jobs from jobs`);
  console.log(`jobs loaded: ${counts!.jobs} in ${elapsed(start)}`);
}

type Body = Record<string, unknown>;
interface Case {
  label: string;
  body: Body;
  /** A page reached by a cursor: the body is completed from the page before it (see `withCursor`). */
  cursorOf?: Body;
}

async function cases(db: Db, today: string): Promise<Case[]> {
  const [team] = await queryRows<{ id: number }>(db, sql`select id from teams where active order by id limit 1`);
  const [zone] = await queryRows<{ id: number }>(db, sql`select zone_id as id from jobs where zone_id is not null limit 1`);
  // A reference prefix: a middle job's reference less its last three digits (that month's jobs among a thousand numbers).
  const [middle] = await queryRows<{ prefix: string }>(
    db,
    sql`select left(reference, length(reference) - 3) as prefix from jobs where id >= (select max(id) / 2 from jobs) order by id limit 1`,
  );
  const page = { pageNum: 1, pageSize: 20 };
  const week = { dateFrom: addDays(today, -14), dateTo: addDays(today, -8) };
  const byDate = (order: string) => ({ sort: { field: 'serviceDate', order } });
  const byReference = (order: string) => ({ sort: { field: 'reference', order } });
  const list: [string, Body][] = [
    ['first page, no filter (date descending)', {}],
    ['date range: one week', week],
    [
      'date range: one month + status completed',
      { dateFrom: addDays(today, -40), dateTo: addDays(today, -10), statuses: ['completed'] },
    ],
    ['status: scheduled (the quarter ahead)', { statuses: ['scheduled'] }],
    ['status: cancelled (3 years)', { statuses: ['cancelled'] }],
    // Two statuses: no one index has the list's order (job-page-ids.ts pageIdsSql merges one per status).
    ['statuses: completed + cancelled', { statuses: ['completed', 'cancelled'] }],
    ['team, one week', { teamId: team!.id, ...week }],
    ['team, all dates', { teamId: team!.id }],
    ['no team', { teamId: 0 }],
    ['zone', { zoneId: zone!.id }],
    ['frequency: monthly', { frequency: 'monthly' }],
    ['customer search "chen"', { keyword: 'chen' }],
    ['customer search "priya patel"', { keyword: 'priya patel' }],
    ['reference prefix', { keyword: middle!.prefix }],
    ['sort: date ascending', byDate('ascend')],
    ['sort: reference ascending', byReference('ascend')],
    ['sort: reference descending', byReference('descend')],
    ['sort: reference, status scheduled', { ...byReference('ascend'), statuses: ['scheduled'] }],
    // References follow the dates: a range sorted by reference (job-page-ids.ts sortsInRange).
    ['sort: reference, one week', { ...byReference('ascend'), ...week }],
    ['deep page 500, no cursor', { pageNum: 500 }],
  ];
  return [
    ...list.map(([label, body]) => ({ label, body: { ...page, ...body } })),
    { label: 'deep page 501 by its cursor', body: { ...page, pageNum: 501 }, cursorOf: { ...page, pageNum: 500 } },
    {
      label: 'page 2 by its cursor, sort reference',
      body: { ...page, pageNum: 2, ...byReference('descend') },
      cursorOf: { ...page, ...byReference('descend') },
    },
  ];
}

/** The case's body, with the cursor the page before it answered (what the screen carries). */
async function withCursor(db: Db, c: Case): Promise<Body> {
  if (!c.cursorOf) return c.body;
  const before = await listJobs(db, ZJobListRequest.parse(c.cursorOf) as JobListRequest);
  return { ...c.body, ...(before.nextCursor ? { cursor: before.nextCursor } : {}) };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
}
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

async function hammer(base: string, body: Body, token: string, seconds = SECONDS): Promise<Measured> {
  const headers = { 'content-type': 'application/json', authorization: token };
  const url = `${base}/_/job/queryList`;
  const payload = JSON.stringify(body);
  // One checked request first: a bench of error answers would measure nothing.
  const answer = (await (await fetch(url, { method: 'POST', headers, body: payload })).json()) as {
    code: number;
    message: string;
  };
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body: payload,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * The work of a case's statements from their plans: execution time summed, and the shared buffers
 * each plan's top node touched (hit or read), which no machine load changes.
 */
function sqlWork(plans: string[]) {
  const sum = (pattern: RegExp) => plans.reduce((total, plan) => total + Number(plan.match(pattern)?.[1] ?? 0), 0);
  const buffers = sum(/Buffers: shared (?:hit=(\d+))?/) + sum(/Buffers: shared [^\n]*read=(\d+)/);
  return { ours: sum(/Execution Time: ([\d.]+)/), note: `${plans.length} statements, ${buffers} buffers, one connection` };
}

async function measure(database: Database, config: Parameters<typeof buildApp>[0]['config'], today: string) {
  const db = database.db;
  const { oursUrl, bareUrl, close } = await servers(database, config);
  const login = await fetch(`${oursUrl}/_/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uname: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const explain =
    process.env.BENCH_EXPLAIN !== '0' && process.env.DATABASE_URL ? explainer({ url: process.env.DATABASE_URL }) : null;
  const only = process.env.BENCH_ONLY?.split('|').map((label) => label.trim());
  const report = new BenchReport('Job List, 1,000,000 jobs, 10 connections over HTTP', database.engine);
  const plans: string[] = [];
  const measured = (await cases(db, today)).filter((k) => !only || only.some((label) => k.label.startsWith(label)));
  // The server process is new: its code is compiled by use over its first few thousand requests (the
  // first case measured 1.1-1.6 ms of server CPU a request in its first seconds, 0.75 after), and a
  // server in use is warm. A few seconds of the first case on each side before any case is measured.
  if (measured[0]) {
    const body = await withCursor(db, measured[0]);
    await hammer(oursUrl, body, token, SERVER_WARMUP_SECONDS);
    await hammer(bareUrl, body, token, SERVER_WARMUP_SECONDS);
  }
  for (const c of measured) {
    const body = await withCursor(db, c);
    const a: Measured[] = [];
    const b: Measured[] = [];
    // A warm-up of each side first, not counted: each pooled connection prepares and plans the case's
    // statement on its first call and the code of a new filter is compiled; a server in use is warm.
    await hammer(oursUrl, body, token, WARMUP_SECONDS);
    await hammer(bareUrl, body, token, WARMUP_SECONDS);
    // Alternating short rounds: both sides see the same background load.
    for (let round = 0; round < ROUNDS; round++) {
      a.push(await hammer(oursUrl, body, token));
      b.push(await hammer(bareUrl, body, token));
    }
    const rps = a.reduce((sum, m) => sum + m.rps, 0) / a.length;
    report.add({
      measure: c.label,
      ours: median(a.map((m) => m.p99)),
      bare: median(b.map((m) => m.p99)),
      budget: 25,
      note: `p50 ${median(a.map((m) => m.p50))} / bare ${median(b.map((m) => m.p50))} ms, ${rps.toFixed(0)} req/s; worst round p99 ${Math.max(...a.map((m) => m.p99))} / bare ${Math.max(...b.map((m) => m.p99))} ms`,
    });
    if (explain) {
      const request = ZJobListRequest.parse(body) as JobListRequest;
      const statements = await explain.explain((d) => listJobs(d, request));
      plans.push(`\n=== ${c.label}: ${JSON.stringify(body)}\n${statements.join('\n---\n')}`);
      report.add({ measure: `${c.label}: its SQL alone (EXPLAIN ANALYZE)`, ...sqlWork(statements) });
    }
  }
  console.log(
    `(${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s a side; p50/p99 the median round's, req/s the mean, in ms)`,
  );
  report.finish();
  if (plans.length) console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of every statement of each case:${plans.join('\n')}`);
  await explain?.close();
  await close();
}

/**
 * Our app and the bare baseline: on PostgreSQL in a process of their own (serveApart), so autocannon
 * shares no heap or thread with the server; on in-memory PGlite in this one (it cannot be shared).
 */
async function servers(database: Database, config: Parameters<typeof buildApp>[0]['config']) {
  if (process.env.DATABASE_URL && process.env.BENCH_IN_PROCESS !== '1') {
    const apart = await serveApart(process.env.DATABASE_URL);
    return { oursUrl: apart.ours, bareUrl: apart.bare, close: apart.close };
  }
  const ours = await buildApp({ config, database, logger: false, serveStatic: false });
  const bare = bareApp(database.db, config.sessionIdleMs);
  return {
    oursUrl: await ours.listen({ host: '127.0.0.1', port: 0 }),
    bareUrl: await bare.listen({ host: '127.0.0.1', port: 0 }),
    close: async () => {
      await ours.close();
      await bare.close();
    },
  };
}

async function generation(db: Db, today: string) {
  const { lo, span, teamIds, teamArray } = await benchLocations(db);
  // Generation: 20,000 plans of mixed frequencies on the bench locations, 12 weeks ahead (a rerun
  // first removes the previous run's plans and their jobs).
  await db.execute(sql`delete from jobs where plan_id in (select id from service_plans where reference like 'P-BENCH-%')`);
  await db.execute(sql`delete from service_plans where reference like 'P-BENCH-%'`);
  let start = performance.now();
  await db.execute(sql`
    insert into service_plans (reference, customer_id, location_id, frequency, interval_weeks, rrule, start_date, pattern_from,
                               service_price_cents, budget_minutes, preferred_team_id, window_start_minutes, window_end_minutes)
    select 'P-BENCH-' || g, l.customer_id, l.id, f.frequency, null, f.rrule, s, s, 15000, 180, ${teamArray}[1 + g % ${teamIds.length}::int], 540, 660
    from generate_series(1, ${PLANS}::int) g
    join customer_locations l on l.id = ${lo}::int + (g * 7) % ${span}::int
    cross join lateral (select (${today}::date + (g % 14))::date as s) ss
    cross join lateral (select (array['weekly','biweekly','every_three_weeks','every_four_weeks','monthly'])[1 + g % 5] as frequency) ff
    cross join lateral (select ff.frequency, case ff.frequency
        when 'weekly' then 'FREQ=WEEKLY;INTERVAL=1'
        when 'biweekly' then 'FREQ=WEEKLY;INTERVAL=2'
        when 'every_three_weeks' then 'FREQ=WEEKLY;INTERVAL=3'
        when 'every_four_weeks' then 'FREQ=WEEKLY;INTERVAL=4'
        else 'FREQ=MONTHLY;BYDAY=+' || (1 + (extract(day from s)::int - 1) / 7)::text || (array['SU','MO','TU','WE','TH','FR','SA'])[1 + extract(dow from s)::int]
      end as rrule) f`);
  await db.execute(sql`update service_plans set rrule = replace(rrule, '+5', '-1') where rrule like '%+5%'`);
  console.log(`\n${PLANS} plans inserted in ${elapsed(start)}`);
  start = performance.now();
  const run = await generateDuePlans(db, { horizonWeeks: 12, today });
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `generation, 12 weeks: ${run.plans} plans, ${run.jobs} jobs in ${seconds.toFixed(1)} s (${Math.round(run.jobs / seconds)} jobs/s)`,
  );
  start = performance.now();
  const again = await generateDuePlans(db, { horizonWeeks: 12, today });
  console.log(`second run (nothing due): ${again.plans} plans, ${again.jobs} jobs in ${elapsed(start)}`);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
