/**
 * The wages bench (issues 11 and 25): 300 employees (100 teams of 3) with three years of time cards (a
 * shift, a meal, two jobs and the drive between them every weekday: about 1.2 million punches and
 * 156,000 jobs), paid hourly, by percentage or by salary; then, for the same request (the wages of a
 * two-week period, `/jhSchedule/queryWage`):
 *   (a) the whole call through the app (app.inject), beside the service function alone;
 *   (b) the loading alone (every query of the call, no computation): each kind of query's time and
 *       count of round trips, beside the same SQL replayed on the bare driver;
 *   (c) the pure computation alone on the already-loaded data;
 * and the heap growth. BENCH_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of each kind of query.
 * Prints a BenchReport (budgets 500 ms on PostgreSQL, 1,500 ms on PGlite); asserts nothing.
 *
 * PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: migrated, seeded, loaded; a
 * database this bench already loaded is measured again without loading). With PGlite,
 * BENCH_PGLITE_DUMP=<file> keeps the loaded database in that file and reuses it on the next run
 * (loading takes ≈ 15 minutes on PGlite). BENCH_RUNS sets the timed runs (default 5); BENCH_YEARS
 * the history (default 3).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { computeBatch, loadPeriodContext } from '../src/modules/payroll/wages/wage-inputs';
import {
  employeesOfPeriod,
  type LoadedSummaryBatch,
  laborTypeNames,
  queryWageSummary,
  summaryBatches,
  summaryRows,
  wageSummary,
} from '../src/modules/payroll/wages/wages.service';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { type Database, type Db, openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { queryTable, type RecordedQuery, recordQueries } from '../src/platform/query-recorder';
import { seed } from '../src/seed/seed';
import { BenchReport, percentile, sample } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const TEAMS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const YEARS = Number(process.env.BENCH_YEARS ?? 3);

type Raw = (text: string, params: unknown[]) => Promise<unknown>;

/** The database, loaded (or reused), and a bare driver for replaying SQL. */
async function open(): Promise<{ database: Database; raw: Raw; closeRaw: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = openPostgres(url);
    await database.migrate();
    const [loaded] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from teams where name like 'Bench team %'`,
    );
    if (!loaded!.n) await load(database.db);
    else console.log('reusing the loaded database');
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return { database, raw: (text, params) => pool.query(text, params), closeRaw: () => pool.end() };
  }
  const dump = process.env.BENCH_PGLITE_DUMP;
  const reuse = dump && existsSync(dump);
  const client = reuse ? await PGlite.create({ loadDataDir: new Blob([readFileSync(dump)]) }) : await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  if (reuse) console.log(`reusing the loaded database in ${dump}`);
  else {
    await load(database.db);
    if (dump) writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  }
  return { database, raw: (text, params) => client.query(text, params), closeRaw: async () => {} };
}

/** Seeds the demo and loads the history: the last full day is a week before today. */
async function load(db: Db) {
  await db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const today = await businessToday(db);
  const last = addDays(today, -7);
  const first = addDays(last, -365 * YEARS);
  const loadStart = performance.now();

  const [role] = await queryRows<{ id: number }>(db, sql`select id from roles order by id desc limit 1`);
  await db.execute(sql`
    insert into teams (name, color) select 'Bench team ' || g, '#' || lpad(to_hex((g * 2654435) % 16777215), 6, '0')
    from generate_series(1, ${TEAMS}::int) g`);
  await db.execute(sql`
    insert into sys_users (uname, password_hash, name, role_id, hire_date)
    select 'bench' || g, 'x', 'Bench cleaner ' || lpad(g::text, 3, '0'), ${role!.id}::int, ${first}::date
    from generate_series(1, ${TEAMS * 3}::int) g`);
  await db.execute(sql`
    insert into team_members (team_id, user_id, is_leader)
    select t.id, u.id, (right(u.uname, -5)::int - 1) % 3 = 0
    from sys_users u join teams t on t.name = 'Bench team ' || (1 + (right(u.uname, -5)::int - 1) / 3)
    where u.uname like 'bench%'`);
  // Pay: two in three hourly ($20–$29), one in four of the rest by percentage (35–44 %), a few salaried.
  await db.execute(sql`
    insert into employee_pay_rates (user_id, pay_type, rate_cents, effective_from)
    select u.id,
           case when n % 3 <> 0 then 'hourly' when n % 30 = 0 then 'salary' else 'percentage' end,
           case when n % 3 <> 0 then 2000 + (n % 10) * 100 when n % 30 = 0 then 250000 else 3500 + (n % 10) * 100 end,
           ${first}::date
    from (select id, right(uname, -5)::int as n from sys_users where uname like 'bench%') u`);
  // Two jobs a team a weekday (09:00 and 13:00, $180 and $240).
  await db.execute(sql`
    insert into jobs (reference, customer_id, location_id, zone_id, status, team_id, service_date, start_minutes,
                      duration_minutes, quoted_minutes, revenue_cents, subtotal_cents, drive_minutes, window_start_minutes, window_end_minutes)
    select 'J-WB-' || t.n || '-' || to_char(d, 'YYMMDD') || '-' || k, l.customer_id, l.id, l.zone_id, 'completed', t.id, d::date,
           case k when 0 then 540 else 780 end, 180, 540, case k when 0 then 18000 else 24000 end, case k when 0 then 18000 else 24000 end,
           case k when 0 then 0 else 25 end, 480, 1020
    from (select id, row_number() over (order by id) as n from teams where name like 'Bench team %') t
    cross join generate_series(${first}::date, ${last}::date, interval '1 day') d
    cross join generate_series(0, 1) k
    join lateral (select id, customer_id, zone_id from customer_locations where deleted_at is null
                  order by id offset ((t.n * 2 + k) % 200) limit 1) l on true
    where extract(isodow from d) < 6`);
  // Punches: shift 08:30–17:00, meal 12:00–12:30, job 1 09:00–12:00, drive 12:30–12:55, job 2 12:55–16:45.
  const at = (minutes: number) =>
    sql`((j.service_date + make_interval(mins => ${minutes}::int))::timestamp at time zone 'America/Los_Angeles')`;
  await db.execute(sql`
    insert into time_punches (user_id, work_date, kind, starts_at, ends_at, job_id, source)
    select m.user_id, j.service_date, p.kind, ${at(0)} + make_interval(mins => p.s), ${at(0)} + make_interval(mins => p.e),
           case when p.kind = 'job' then j.id end, 'device'
    from jobs j
    join team_members m on m.team_id = j.team_id
    cross join lateral (values ('shift', 510, 1020, 0), ('meal', 720, 750, 0), ('job', 540, 720, 0), ('drive', 750, 775, 1), ('job', 775, 1005, 1)) p(kind, s, e, k)
    where j.reference like 'J-WB-%' and p.k = case when j.start_minutes = 540 then 0 else 1 end
      and (p.kind = 'job' or j.start_minutes = 540 or p.kind = 'drive')`);
  // A tip on every 10th job.
  await db.execute(sql`
    insert into customer_payments (customer_id, kind, paid_on, amount_cents, gratuity_cents, method, job_id)
    select customer_id, 'payment', service_date, subtotal_cents, 2000, 'credit_card', id from jobs where reference like 'J-WB-%' and id % 10 = 0`);
  await db.execute(sql`update payroll_settings set period_kind = 'biweekly'`);
  await db.execute(sql`analyze`);
  console.log(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(0)} s`);
}

/** Each kind of query (by its first table): round trips and milliseconds. */
function byKind(queries: RecordedQuery[]): Map<string, { count: number; ms: number; first: RecordedQuery }> {
  const kinds = new Map<string, { count: number; ms: number; first: RecordedQuery }>();
  for (const q of queries) {
    const kind = kinds.get(queryTable(q.sql)) ?? { count: 0, ms: 0, first: q };
    kind.count += 1;
    kind.ms += q.ms;
    kinds.set(queryTable(q.sql), kind);
  }
  return kinds;
}

async function main() {
  const config = {
    ...loadConfig({}),
    loginSlowdownMs: 0,
    secretKey: 'ab'.repeat(32),
    planGeneration: false,
    outboxWorker: false,
  };
  const { database, raw, closeRaw } = await open();
  const db = database.db;
  const [counts] = await queryRows<{ punches: number; jobs: number; last: string }>(
    db,
    sql`select (select count(*)::int from time_punches) as punches, (select count(*)::int from jobs) as jobs,
               (select max(service_date)::text from jobs where reference like 'J-WB-%') as last`,
  );
  // The timed period holds a day three days before the last loaded day (so it is a full one).
  const date = addDays(counts!.last, -3);
  const report = new BenchReport(
    'Wages (issue 25): 300 employees, a two-week period, three years of time cards',
    database.engine,
  );
  console.log(`${counts!.punches} punches, ${counts!.jobs} jobs, last loaded day ${counts!.last}`);
  const budget = database.engine === 'postgres' ? 500 : 1500;

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const query = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/_/jhSchedule/queryWage',
      headers: { authorization: token },
      payload: { date },
    });
    const body = response.json() as { code: number; data: { period: { start: string; end: string }; rows: unknown[] } };
    if (body.code !== 0) throw new Error(response.body);
    return body.data;
  };
  const first = await query();
  console.log(`period ${first.period.start} – ${first.period.end}: ${first.rows.length} employees`);

  // (b) The loading alone: everything the call reads, kept for (c).
  const loadAll = async () => {
    const context = await loadPeriodContext(db, date);
    const employees = await employeesOfPeriod(db, context.period);
    const laborNames = await laborTypeNames(db, 'en');
    const batches: LoadedSummaryBatch[] = [];
    for await (const batch of summaryBatches(db, context, employees)) batches.push(batch);
    return { context, laborNames, batches };
  };
  const computeAll = (loaded: Awaited<ReturnType<typeof loadAll>>) =>
    wageSummary(
      loaded.context,
      loaded.batches.flatMap((b) => summaryRows(loaded.context, b, loaded.laborNames)),
    );
  const recorder = recordQueries(db);
  const loaded = await loadAll();
  recorder.stop();
  const recorded = recorder.queries;
  // The parts add up to the call: the same employees, hours and pay.
  const key = (rows: unknown[]) =>
    JSON.stringify(
      (rows as Array<{ userId: number; workedMinutes: number; grossCents: number }>).map((r) => [
        r.userId,
        r.workedMinutes,
        r.grossCents,
      ]),
    );
  if (key(computeAll(loaded).rows) !== key(first.rows)) throw new Error('load + compute differs from the call');

  const http = await sample(RUNS, query);
  const service = await sample(RUNS, () => queryWageSummary(db, { date }, 'en'));
  const loading = await sample(RUNS, loadAll);
  const replay = await sample(RUNS, async () => {
    for (const q of recorded) await raw(q.sql, q.params);
  });
  const compute = await sample(RUNS, async () => computeAll(loaded));
  const note = (samples: number[]) => `${RUNS} runs, p50 ${percentile(samples, 0.5).toFixed(0)} ms`;
  report.add({
    measure: '(a) queryWage through the app (app.inject), p99; bare: the service function alone',
    ours: percentile(http, 0.99),
    bare: percentile(service, 0.99),
    budget,
    note: note(http),
  });
  report.add({
    measure: `(b) loading alone, ${recorded.length} round trips; bare: the same SQL on the bare driver`,
    ours: percentile(loading, 0.99),
    bare: percentile(replay, 0.99),
    note: `${note(loading)}; ${((percentile(loading, 0.5) / percentile(http, 0.5)) * 100).toFixed(0)} % of (a)`,
  });
  report.add({
    measure: `(c) computation alone on the loaded data (${first.rows.length} employees)`,
    ours: percentile(compute, 0.99),
    note: `${note(compute)}; ${((percentile(compute, 0.5) / percentile(http, 0.5)) * 100).toFixed(0)} % of (a)`,
  });
  // Each kind of query: its round trips and time in one recorded loading, beside its bare replay.
  for (const [kind, { count, ms, first: q }] of byKind(recorded)) {
    const same = recorded.filter((r) => queryTable(r.sql) === kind);
    const bare = await sample(1, async () => {
      for (const r of same) await raw(r.sql, r.params);
    });
    report.add({ measure: `(b) ${kind} ×${count}`, ours: ms, bare: bare[0]!, note: 'one recorded loading' });
    if (process.env.BENCH_EXPLAIN === '1') {
      const plan = (await raw(`explain (analyze, buffers) ${q.sql}`, q.params)) as { rows: Array<Record<string, string>> };
      console.log(`\n-- ${kind}: ${q.sql}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
    }
  }

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const context = await loadPeriodContext(db, date);
  const employees = await employeesOfPeriod(db, context.period);
  for (let i = 0; i < employees.length; i += 100) {
    await computeBatch(
      db,
      context,
      employees.slice(i, i + 100).map((e) => e.id),
    );
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  report.add({
    measure: 'heap growth while computing all, a batch at a time',
    ours: (heapPeak - heapBefore) / 1024 / 1024,
    unit: 'MB',
  });
  report.finish();
  await app.close();
  await closeRaw();
  await database.close();
}

void main();
