/**
 * The wages bench (issue 11): 300 employees (100 teams of 3) with three years of time cards (a shift,
 * a meal, two jobs and the drive between them every weekday: about 1.2 million punches and 156,000
 * jobs), paid hourly, by percentage or by salary; then the wages of a two-week period through the real
 * app (`/jhSchedule/queryWage`, app.inject) and the computation alone, with the heap growth (the
 * history is never loaded: only the period and its first workweek, a batch of employees at a time).
 * PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: migrated and seeded).
 * BENCH_RUNS sets the timed runs (default 5); BENCH_YEARS the history (default 3).
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { computeBatch, loadPeriodContext } from '../src/modules/payroll/wages/wage-inputs';
import { employeesOfPeriod, periodWageBatches } from '../src/modules/payroll/wages/wages.service';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';

const PASSWORD = 'Bench-pass-123';
const TEAMS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const YEARS = Number(process.env.BENCH_YEARS ?? 3);

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!.toFixed(0);
  console.log(`| ${label} | ${runs} | ${pct(0.5)} | ${pct(0.99)} |`);
}

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32), planGeneration: false };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const today = await businessToday(db);
  // The last full two-week period before today is the one timed; history runs back YEARS years.
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
  const [counts] = await queryRows<{ punches: number; jobs: number }>(
    db,
    sql`select (select count(*)::int from time_punches) as punches, (select count(*)::int from jobs) as jobs`,
  );
  console.log(
    `engine: ${database.engine}; ${TEAMS * 3} bench employees, ${counts!.punches} punches, ${counts!.jobs} jobs over ${YEARS} years (loaded in ${((performance.now() - loadStart) / 1000).toFixed(0)} s)`,
  );

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const date = addDays(last, -3);
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
  const sample = await query();
  console.log(`period ${sample.period.start} – ${sample.period.end}: ${sample.rows.length} employees`);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const computeAll = async () => {
    const context = await loadPeriodContext(db, date);
    const employees = await employeesOfPeriod(db, context.period);
    for await (const _batch of periodWageBatches(db, context, employees))
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  console.log('\n| Wages, 300 employees, two-week period | runs | p50 ms | p99 ms |\n| --- | --- | --- | --- |');
  await time('queryWage: HTTP (app.inject)', RUNS, query);
  await time('the same, service alone (batches of 100)', RUNS, computeAll);
  const context = await loadPeriodContext(db, date);
  const ids = (await employeesOfPeriod(db, context.period)).slice(0, 100).map((e) => e.id);
  await time('one batch of 100 employees (load + compute)', RUNS, () => computeBatch(db, context, ids));
  console.log(`\nheap growth while computing all 300: ${((heapPeak - heapBefore) / 1024 / 1024).toFixed(1)} MB`);
  await app.close();
  await database.close();
}

void main();
