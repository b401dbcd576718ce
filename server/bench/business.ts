/**
 * A real single-location business's data, in set-based SQL that fires the product's own triggers (the
 * list counts, `job_day_totals`, customers' service dates, balances), for the embedded-engine and
 * memory benches (issue 25): customers with their search terms and quotes (bench/load.ts), a location
 * each, `teams` teams of 3 cleaners with pay rates, `jobs` jobs over about three years up to four weeks
 * ahead (Monday to Saturday, the same number a team a day), and the time cards wages read (a shift per
 * cleaner a workday and a job punch per cleaner a job). Each step is its own statement in chunks of
 * `chunkDays` days, so no transaction holds millions of rows (on PGlite one huge transaction is what
 * did not fit: its memory grows with the statement's row count and its trigger transition tables).
 */
import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/platform/database';
import { loadCustomers, loadQuotes } from './load';

export interface BusinessSize {
  customers: number;
  jobs: number;
  teams: number;
  /** Days of jobs (and their punches) a statement inserts. */
  chunkDays: number;
  /**
   * Skip the per-row foreign key checks of the load (every id comes from an existing row by
   * construction): `session_replication_role = replica`, with the product's own triggers set to fire
   * ALWAYS meanwhile (list counts, balances, day totals). Needs a superuser on one connection: PGlite.
   */
  skipForeignKeyChecks?: boolean;
}

const elapsed = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

export interface Loaded {
  first: string;
  last: string;
  jobsPerTeamDay: number;
  employees: number;
}

/** Loads the business into a migrated, seeded database; `log` gets each step's time. */
export async function loadBusiness(
  db: Db,
  size: BusinessSize,
  today: string,
  log: (line: string) => void = console.log,
): Promise<Loaded> {
  if (!size.skipForeignKeyChecks) return load(db, size, today, log);
  // The product's triggers that fire now (enabled, not internal: the foreign keys' are internal).
  const triggers = await queryRows<{ relation: string; name: string }>(
    db,
    sql`select t.tgrelid::regclass::text as relation, t.tgname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and not t.tgisinternal and t.tgenabled = 'O'`,
  );
  for (const t of triggers) await db.execute(sql.raw(`alter table ${t.relation} enable always trigger "${t.name}"`));
  await db.execute(sql`set session_replication_role = replica`);
  try {
    return await load(db, size, today, log);
  } finally {
    await db.execute(sql`reset session_replication_role`);
    for (const t of triggers) await db.execute(sql.raw(`alter table ${t.relation} enable trigger "${t.name}"`));
  }
}

async function load(db: Db, size: BusinessSize, today: string, log: (line: string) => void): Promise<Loaded> {
  let start = performance.now();
  await loadCustomers(db, size.customers);
  await db.execute(sql`
    insert into customer_locations (customer_id, name, address1, city, state, zip, zone_id, address_key, primary_contact,
                                    contact_phone, house_type, sqft, is_primary)
    select c.id, 'Home', c.address1, c.city, 'CA', c.zip, c.zone_id, c.zip || ' ' || lower(c.address1), c.name, c.phone1,
           'house', 1200 + c.id % 2400, true
    from customers c where not exists (select 1 from customer_locations l where l.customer_id = c.id) order by c.id`);
  await loadQuotes(db);
  log(`  customers, locations, search terms, quotes: ${elapsed(start)}`);

  start = performance.now();
  const [role] = await queryRows<{ id: number }>(db, sql`select id from roles order by id desc limit 1`);
  // Workdays (Monday to Saturday) from a Monday about three years back to four weeks ahead.
  const ahead = addDays(today, 28);
  const teamDays = Math.floor(((1095 + 28) * 6) / 7) * size.teams;
  const perDay = Math.ceil(size.jobs / teamDays);
  const workdays = Math.ceil(size.jobs / (perDay * size.teams));
  const back = Math.ceil(workdays / 6) * 7;
  const startDate = new Date(`${addDays(ahead, -back)}T00:00:00Z`);
  const first = addDays(startDate.toISOString().slice(0, 10), -((startDate.getUTCDay() + 6) % 7));
  await db.execute(sql`
    insert into teams (name, color) select 'Bench team ' || g, '#' || lpad(to_hex((g * 2654435) % 16777215), 6, '0')
    from generate_series(1, ${size.teams}::int) g`);
  await db.execute(sql`
    insert into sys_users (uname, password_hash, name, role_id, hire_date)
    select 'bench' || g, 'x', 'Bench cleaner ' || lpad(g::text, 3, '0'), ${role!.id}::int, ${first}::date
    from generate_series(1, ${size.teams * 3}::int) g`);
  await db.execute(sql`
    insert into team_members (team_id, user_id, is_leader)
    select t.id, u.id, (right(u.uname, -5)::int - 1) % 3 = 0
    from sys_users u join teams t on t.name = 'Bench team ' || (1 + (right(u.uname, -5)::int - 1) / 3)
    where u.uname like 'bench%'`);
  // Pay as the wages bench: two in three hourly, most others by percentage, a few salaried.
  await db.execute(sql`
    insert into employee_pay_rates (user_id, pay_type, rate_cents, effective_from)
    select u.id,
           case when n % 3 <> 0 then 'hourly' when n % 30 = 0 then 'salary' else 'percentage' end,
           case when n % 3 <> 0 then 2000 + (n % 10) * 100 when n % 30 = 0 then 250000 else 3500 + (n % 10) * 100 end,
           ${first}::date
    from (select id, right(uname, -5)::int as n from sys_users where uname like 'bench%') u`);
  await db.execute(sql`update payroll_settings set period_kind = 'biweekly'`);

  const [bounds] = await queryRows<{ lo: number; hi: number }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from customer_locations where name = 'Home'`,
  );
  const [teamLo] = await queryRows<{ lo: number }>(db, sql`select min(id)::int as lo from teams where name like 'Bench team %'`);
  const span = bounds!.hi - bounds!.lo + 1;
  // The customers' next/last service dates: refreshed by a statement trigger for every customer a
  // statement touches, from all of that customer's jobs. Chunks by date touch nearly every customer
  // each time, so the trigger reads the whole table again per chunk (a load that slows as it grows):
  // it is off during the load and the product's own refresh runs once at the end, for every customer.
  await db.execute(sql`alter table jobs disable trigger jobs_customer_dates_insert`);
  // Each job row went into 17 indexes one at a time; built once from the sorted rows at the end
  // instead (the same definitions, read from the catalog). Primary keys and constraints stay.
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in ('jobs', 'time_punches')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const perChunk = Math.max(1, Math.floor((size.chunkDays * 6) / 7)) * size.teams * perDay;
  // Slot s = g - 1: the k-th job (s % perDay) of a team-day; team-days run team by team, then day by day.
  for (let from = 1; from <= size.jobs; from += perChunk) {
    const to = Math.min(size.jobs, from + perChunk - 1);
    const [max] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from jobs`);
    const before = max!.id;
    await db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, frequency, status, team_id, service_date, start_minutes,
                        duration_minutes, quoted_minutes, actual_minutes, flat_rate_cents, revenue_cents, subtotal_cents,
                        taxes_cents, invoice_total_cents, profit_loss_cents, drive_minutes, window_start_minutes, window_end_minutes,
                        cancel_reason, completed_at)
      select 'J-' || to_char(d, 'YYMM') || '-E' || lpad(g::text, 7, '0'), l.customer_id, l.id, l.zone_id,
             (array['weekly','biweekly','biweekly','every_four_weeks','monthly','one_time'])[1 + g % 6],
             case when d >= ${today}::date then 'scheduled' when g % 25 = 0 then 'cancelled' when g % 97 = 0 then 'uncompleted' else 'completed' end,
             ${teamLo!.lo}::int + s.team, d, 420 + s.k * 50, 45, 45, case when d < ${today}::date then 50 end,
             12000, 12000, 12000, 0, 12000, 6000, case when s.k = 0 then 0 else 5 end, 420, 1020,
             case when d < ${today}::date and g % 25 = 0 then 'customer_request' end,
             case when d < ${today}::date and g % 25 <> 0 and g % 97 <> 0
                  then (d + make_interval(mins => 465 + s.k * 50))::timestamp at time zone 'America/Los_Angeles' end
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select (g - 1) % ${perDay}::int as k, ((g - 1) / ${perDay}::int) % ${size.teams}::int as team,
                                 (g - 1) / ${perDay * size.teams}::int as day) s
      cross join lateral (select (${first}::date + (s.day / 6) * 7 + s.day % 6) as d) dd
      join customer_locations l on l.id = ${bounds!.lo}::int + ((g::bigint * 104729) % ${span}::int)::int`);
    const jobsTook = performance.now();
    // Time cards of these days: a job punch per cleaner a job and a shift per cleaner a workday.
    await db.execute(sql`
      insert into time_punches (user_id, work_date, kind, starts_at, ends_at, job_id, source)
      select m.user_id, j.service_date, 'job',
             (j.service_date + make_interval(mins => j.start_minutes))::timestamp at time zone 'America/Los_Angeles',
             (j.service_date + make_interval(mins => j.start_minutes + j.duration_minutes))::timestamp at time zone 'America/Los_Angeles',
             j.id, 'device'
      from jobs j join team_members m on m.team_id = j.team_id
      where j.id > ${before}::int and j.status = 'completed'`);
    await db.execute(sql`
      insert into time_punches (user_id, work_date, kind, starts_at, ends_at, source)
      select m.user_id, d.service_date, 'shift',
             (d.service_date + time '06:55')::timestamp at time zone 'America/Los_Angeles',
             (d.service_date + time '16:15')::timestamp at time zone 'America/Los_Angeles', 'device'
      from (select distinct team_id, service_date from jobs where id > ${before}::int and status = 'completed') d
      join team_members m on m.team_id = d.team_id`);
    log(`  jobs ${to}: ${elapsed(start)} (this chunk's time cards ${elapsed(jobsTook)})`);
  }
  start = performance.now();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  log(`  ${indexes.length} indexes of jobs and time_punches built: ${elapsed(start)}`);
  start = performance.now();
  await db.execute(sql`alter table jobs enable trigger jobs_customer_dates_insert`);
  await db.execute(sql`select refresh_customer_service_dates(array(select id from customers order by id))`);
  log(`  customers' service dates (the product's refresh, once): ${elapsed(start)}`);
  return { first, last: addDays(first, back), jobsPerTeamDay: perDay, employees: size.teams * 3 };
}
