/**
 * The dashboard bench (issue 13): 1,000,000 jobs over three years and a quarter ahead on 30 teams
 * (loaded with generate_series; the job_day_totals triggers run as for any insert), then
 * `/dashboard/query` through the real app (app.inject: routing, session, permissions, validation,
 * the queries, serialization) for today, a week, a month and the longest range (93 days), each beside
 * the same service function behind a bare Fastify route; then the job figures summed straight from
 * `jobs` beside the same figures from the job_day_totals summary (what the summary saves). Each pair
 * timed in turn in one run; prints a BenchReport; asserts nothing. PGlite in memory, or DATABASE_URL's
 * PostgreSQL (an empty database: it is migrated and seeded). BENCH_JOBS and BENCH_RUNS scale it down;
 * BENCH_REUSE=1 measures a database already loaded.
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays, ZDashboardRequest } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { dashboard } from '../src/modules/dashboard/dashboard.query';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { permissionsOf } from '../src/platform/permissions';
import { seed } from '../src/seed/seed';
import { bareRoutes } from './lib/bare';
import { BenchReport } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const CUSTOMERS = 2_000;
const TEAMS = 30;
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const elapsed = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

type Database = ReturnType<typeof openPostgres>;
type Db = Database['db'];

async function load(db: Db, today: string) {
  let start = performance.now();
  await db.execute(sql`
    insert into teams (name, color) select 'Bench team ' || g, '#' || lpad(to_hex((g * 2654435) % 16777215), 6, '0')
    from generate_series(1, ${TEAMS}::int) g`);
  await db.execute(sql`
    insert into customers (name, phone1, email, status, address1, city, zip, created_at)
    select 'Bench customer ' || g, '(650) 555-' || lpad((g % 10000)::text, 4, '0'), 'dash' || g || '@example.com', 'active',
           (100 + g) || ' Laurel St', 'San Mateo', '94401', now()
    from generate_series(1, ${CUSTOMERS}::int) g`);
  await db.execute(sql`
    insert into customer_locations (customer_id, name, address1, city, state, zip, address_key, primary_contact, contact_phone, house_type, sqft, is_primary)
    select c.id, 'Bench home', c.address1, c.city, 'CA', c.zip, c.zip || ' ' || lower(c.address1), c.name, c.phone1, 'house', 1800, true
    from customers c where c.email like 'dash%@example.com' order by c.id`);
  console.log(`teams, customers and locations: ${elapsed(start)}`);
  const [bounds] = await queryRows<{ lo: number; hi: number }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from customer_locations where name = 'Bench home'`,
  );
  const [teams] = await queryRows<{ lo: number }>(db, sql`select min(id)::int as lo from teams where name like 'Bench team %'`);
  const span = bounds!.hi - bounds!.lo + 1;
  start = performance.now();
  // A date recurs every 1,185 values of g; g / 1185 spreads each date's jobs over every team.
  const CHUNK = 250_000;
  for (let from = 1; from <= JOBS; from += CHUNK) {
    const to = Math.min(JOBS, from + CHUNK - 1);
    await db.execute(sql`
      insert into jobs (reference, customer_id, location_id, status, team_id, service_date, start_minutes,
                        duration_minutes, quoted_minutes, flat_rate_cents, revenue_cents, subtotal_cents, invoice_total_cents)
      select 'J-' || to_char(d, 'YYMM') || '-D' || lpad(g::text, 7, '0'), l.customer_id, l.id,
             case when d >= ${today}::date then 'scheduled' when g % 25 = 0 then 'cancelled' when g % 97 = 0 then 'uncompleted' else 'completed' end,
             ${teams!.lo}::int + (g / 1185) % ${TEAMS}::int, d, 480 + (g % 8) * 60, 120 + (g % 4) * 30, 180, 16000, 16000, 15000 + (g % 5) * 1000, 16000
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select (${today}::date - 1095 + ((g::bigint * 7919) % 1185)::int)::date as d) dd
      join customer_locations l on l.id = ${bounds!.lo}::int + ((g::bigint * 104729) % ${span}::int)::int`);
    console.log(`  jobs ${to}: ${elapsed(start)}`);
  }
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<{ jobs: number; totals: number }>(
    db,
    sql`select (select count(*)::int from jobs) as jobs, (select count(*)::int from job_day_totals) as totals`,
  );
  console.log(`jobs loaded: ${counts!.jobs} (${counts!.totals} summary rows) in ${elapsed(start)}`);
}

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32), planGeneration: false };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  const report = new BenchReport(`Dashboard (issue 13): ${JOBS.toLocaleString('en-US')} jobs`, database.engine);
  await database.migrate();
  const [loaded] = await queryRows<{ jobs: number }>(db, sql`select count(*)::int as jobs from jobs`);
  const reuse = process.env.BENCH_REUSE === '1' && loaded!.jobs >= JOBS;
  if (!reuse) await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const today = await businessToday(db);
  if (!reuse) await load(db, today);

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const ranges: [string, Record<string, string>][] = [
    ['today', {}],
    ['one week', { dateFrom: addDays(today, -6), dateTo: today }],
    ['one month', { dateFrom: addDays(today, -30), dateTo: today }],
    ['93 days (the longest range)', { dateFrom: addDays(today, -92), dateTo: today }],
  ];
  const [admin] = await queryRows<{ id: number; isSuper: boolean }>(
    db,
    sql`select r.id, r.is_super as "isSuper" from sys_users u join roles r on r.id = u.role_id where u.uname = 'admin'`,
  );
  const keys = await permissionsOf(db, admin!);
  const bare = await bareRoutes({ '/query': (body) => dashboard(db, ZDashboardRequest.parse(body), keys) });
  for (const [label, range] of ranges) {
    const ours = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/_/dashboard/query',
        headers: { authorization: token },
        payload: range,
      });
      if ((response.json() as { code: number }).code !== 0) throw new Error(response.body);
    };
    await report.compare(`/dashboard/query, ${label}: HTTP`, RUNS, ours, () => bare.call('/query', range));
  }
  for (const [label, range] of ranges.slice(1)) {
    await report.compare(
      `job figures of ${label} summed from \`jobs\` (no summary)`,
      Math.min(RUNS, 10),
      () =>
        db.execute(sql`select service_date, coalesce(team_id, 0), status, count(*), sum(duration_minutes), sum(subtotal_cents)
                       from jobs where service_date between ${range.dateFrom} and ${range.dateTo} group by 1, 2, 3`),
      () =>
        db.execute(sql`select service_date, team_id, status, jobs, minutes, revenue_cents
                       from job_day_totals where service_date between ${range.dateFrom} and ${range.dateTo}`),
      { note: 'bare: the same figures read from job_day_totals' },
    );
  }
  report.finish();
  await bare.close();
  await app.close();
  await database.close();
}

void main();
