/**
 * The job bench (issue 9): 100,000 customers with a location each and 1,000,000 jobs over three years
 * (loaded with generate_series), then the Job List through the real app (app.inject: routing, session,
 * validation, the queries, serialization) filtered by date range, status, team and customer search,
 * beside the same service function called directly (its two SQL queries and the mapping, no HTTP);
 * then generation of 12 weeks for 20,000 service plans. Prints figures; asserts nothing.
 * PGlite in memory, or DATABASE_URL's PostgreSQL (use an empty database: it is migrated and seeded).
 * BENCH_CUSTOMERS, BENCH_JOBS and BENCH_PLANS scale it down.
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays, type JobListRequest, ZJobListRequest } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { listJobs } from '../src/modules/service/jobs/jobs.query';
import { generateDuePlans } from '../src/modules/service/plans/generation';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';

const PASSWORD = 'Bench-pass-123';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const PLANS = Number(process.env.BENCH_PLANS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  await fn(); // warm-up (plans cached, pages in memory)
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!.toFixed(1);
  console.log(`| ${label} | ${runs} | ${pct(0.5)} | ${pct(0.99)} |`);
}

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

async function measure(database: Database, config: Parameters<typeof buildApp>[0]['config'], today: string) {
  const db = database.db;
  const { lo, span, teamIds, teamArray } = await benchLocations(db);

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const [team] = await queryRows<{ id: number }>(db, sql`select id from teams where active order by id limit 1`);
  const cases: [string, Record<string, unknown>][] = [
    ['first page, no filter (date descending)', {}],
    ['date range: one week', { dateFrom: addDays(today, -14), dateTo: addDays(today, -8) }],
    [
      'date range: one month + status completed',
      { dateFrom: addDays(today, -40), dateTo: addDays(today, -10), statuses: ['completed'] },
    ],
    ['status: scheduled (the quarter ahead)', { statuses: ['scheduled'] }],
    ['status: cancelled (3 years)', { statuses: ['cancelled'] }],
    ['team, one week', { teamId: team!.id, dateFrom: addDays(today, -14), dateTo: addDays(today, -8) }],
    ['team, all dates', { teamId: team!.id }],
    ['customer search "chen"', { keyword: 'chen' }],
    ['customer search "priya patel"', { keyword: 'priya patel' }],
    ['reference prefix', { keyword: `J-${today.slice(2, 4)}${today.slice(5, 7)}-B00` }],
  ];
  console.log('\n| Job List (/job/queryList, page of 20 + totals) | runs | p50 ms | p99 ms |\n| --- | --- | --- | --- |');
  for (const [label, filters] of cases) {
    await time(`${label}: HTTP (app.inject)`, RUNS, async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/_/job/queryList',
        headers: { authorization: token },
        payload: filters,
      });
      if ((response.json() as { code: number }).code !== 0) throw new Error(response.body);
    });
    const request = ZJobListRequest.parse(filters) as JobListRequest;
    await time(`${label}: same queries, no HTTP`, RUNS, () => listJobs(db, request));
  }

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
  await app.close();
  await database.close();
}

void main();
