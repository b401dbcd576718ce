/**
 * The billing bench (issue 19): 100,000 customers and 1,000,000 invoices loaded by set-based SQL
 * (generate_series), then, through app.inject, the customer list with its balance column (first page,
 * sorted by balance, filtered "owes") and the aging report (first page, past due only, a keyword, a
 * deep page, sorted by balance), each beside its bare baseline: the same service function (listCustomers,
 * agingReport) behind a bare Fastify route, timed in turn in the same rounds. The goal (the budget
 * column) is the customer list's p99 on a customer_balances of zeros plus 25 ms (the column is always
 * joined, so "without the balance" is the list with nothing owed; "empty" below). Blocks of runs
 * alternate between the two states of customer_balances so both see the same machine load.
 * Prints a BenchReport; asserts nothing (docs/performance.md "Billing (issue 19)").
 *
 * PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: it is migrated, seeded, loaded).
 * BENCH_REUSE=1 measures again on a database this bench already loaded. BENCH_CUSTOMERS,
 * BENCH_INVOICES, BENCH_RUNS and BENCH_BLOCKS scale it.
 */
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { ZAgingRequest, ZCustomerListRequest } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { agingReport } from '../src/modules/billing/balances/aging.service';
import { listCustomers } from '../src/modules/customers/customers.service';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { type Db, openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { bareRoutes } from './lib/bare';
import { BenchReport, percentile } from './lib/report';
import { loadCustomers } from './load';

const PASSWORD = 'Bench-pass-123';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
/** Runs per case in each block; blocks alternate full / empty customer_balances. */
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 4);

const elapsed = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
const load1 = () => loadavg()[0]!.toFixed(1);

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32), planGeneration: false };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  const report = new BenchReport(
    `Billing (issue 19): ${CUSTOMERS.toLocaleString('en-US')} customers, ${INVOICES.toLocaleString('en-US')} invoices`,
    database.engine,
  );
  await database.migrate();
  const [loaded] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from invoices where number like 'IB-%'`);
  const reuse = process.env.BENCH_REUSE === '1' && loaded!.n >= INVOICES;
  if (!reuse) await db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const today = await businessToday(db);
  if (reuse) console.log(`reusing the loaded database (${loaded!.n} bench invoices)`);
  else await load(db, today);
  await describe(db, today);
  if (process.env.BENCH_LOAD_ONLY === '1') return database.close();
  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  await measure(app, db, today, report);
  report.finish();
  await app.close();
  await database.close();
}

/**
 * Customers (bench/load.ts) with a home each; then per chunk, in one statement: completed jobs over
 * three years, an invoice per job (due 14 days after issue), a payment per paid or partly paid
 * invoice and its application. Mix: 1 in 50 void; older than 120 days mostly paid (2 % open, 1 %
 * partly paid, so over 90 days has rows); the last 120 days 60 % paid, 10 % partly paid, 30 % open
 * (every bucket, current included). 1 customer in 40 also holds an unapplied payment (credit).
 * Then customer_balances rebuilt set-based as billing_rebuild_balances ends (applications are
 * already consistent, so its application step would find nothing to do).
 */
async function load(db: Db, today: string) {
  let start = performance.now();
  await loadCustomers(db, CUSTOMERS);
  await db.execute(sql`
    insert into customer_locations (customer_id, name, address1, city, state, zip, zone_id, address_key, primary_contact, contact_phone, house_type, sqft, is_primary)
    select c.id, 'Bench home', c.address1, c.city, 'CA', c.zip, c.zone_id, c.zip || ' ' || lower(c.address1), c.name, c.phone1, 'house', 1200 + c.id % 2400, true
      from customers c where not exists (select 1 from customer_locations l where l.customer_id = c.id) order by c.id`);
  const [bounds] = await queryRows<{ lo: number; hi: number }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from customer_locations where name = 'Bench home'`,
  );
  const [teamRow] = await queryRows<{ id: number }>(db, sql`select id from teams where active order by id limit 1`);
  const team = Number(teamRow!.id);
  const lo = bounds!.lo;
  const span = bounds!.hi - lo + 1;
  console.log(`customers and locations: ${elapsed(start)}`);

  start = performance.now();
  const CHUNK = 200_000;
  for (let from = 1; from <= INVOICES; from += CHUNK) {
    const to = Math.min(INVOICES, from + CHUNK - 1);
    await db.execute(sql`
      with j as (
        insert into jobs (reference, customer_id, location_id, zone_id, status, team_id, start_minutes, service_date,
                          invoice_total_cents, subtotal_cents)
        select 'J-B' || lpad(g::text, 8, '0'), l.customer_id, l.id, l.zone_id, 'completed', ${team}::int, 480 + (g % 8) * 60,
               (${today}::date - 1 - ((g::bigint * 7919) % 1095)::int)::date, 12000 + (g % 17) * 1000, 12000 + (g % 17) * 1000
          from generate_series(${from}::int, ${to}::int) g
          join customer_locations l on l.id = ${lo}::int + ((g::bigint * 104729) % ${span}::int)::int
        returning id, customer_id, service_date, invoice_total_cents, reference
      ), k as (
        select j.*, substr(j.reference, 4)::int as g, ${today}::date - (j.service_date + 14) as late from j
      ), s as (
        select k.*, case
            when h % 50 = 0 then 'void'
            when late < -14 + 120 then (array['paid','paid','paid','paid','paid','paid','partly_paid','open','open','open'])[1 + h % 10]
            when h % 100 in (1, 2) then 'open' when h % 100 = 3 then 'partly_paid' else 'paid' end as status
          -- A hash of g, not g: g's residues follow the customer's (the spread above), so g % 10 would
          -- leave whole classes of customers (and so whole last names) without an open invoice.
          from k cross join lateral (select abs(hashint4(g)::bigint) as h) hh
      ), i as (
        insert into invoices (number, customer_id, job_id, issued_on, due_on, status, subtotal_cents, total_cents, applied_cents,
                              void_reason, voided_at)
        select 'IB-' || g, customer_id, id, service_date, service_date + 14, status, invoice_total_cents, invoice_total_cents,
               case status when 'paid' then invoice_total_cents when 'partly_paid' then invoice_total_cents / 2 else 0 end,
               case when status = 'void' then 'Bench' else '' end, case when status = 'void' then now() end
          from s
        returning id, customer_id, job_id, issued_on, applied_cents
      ), p as (
        insert into customer_payments (customer_id, kind, paid_on, amount_cents, method, job_id)
        select customer_id, 'payment', least(issued_on + (job_id % 20)::int, ${today}::date), applied_cents,
               (array['cash','check','credit_card'])[1 + job_id % 3], job_id
          from i where applied_cents > 0
        returning id, customer_id, job_id, amount_cents
      )
      insert into payment_applications (customer_id, payment_id, invoice_id, amount_cents)
      select p.customer_id, p.id, i.id, p.amount_cents from p join i on i.job_id = p.job_id`);
    console.log(`  invoices ${to}: ${elapsed(start)} (load average ${load1()})`);
  }
  await db.execute(sql`
    insert into customer_payments (customer_id, kind, paid_on, amount_cents, method)
    select c.id, 'payment', ${today}::date - (c.id % 60)::int, 5000 + (c.id % 7) * 1000, 'check'
      from customers c join customer_locations l on l.customer_id = c.id and l.name = 'Bench home' where c.id % 40 = 0`);
  start = performance.now();
  await rebuildBalances(db);
  await db.execute(sql`vacuum analyze`); // as autovacuum would, before the office reads
  console.log(`balances rebuilt and analyzed: ${elapsed(start)}`);
}

/** customer_balances from the invoices, payments, refunds and applications (migration 0030's last step). */
async function rebuildBalances(db: Db) {
  await db.execute(sql`
    insert into customer_balances as b (customer_id, invoiced_cents, open_cents, credit_cents, balance_cents, oldest_due_on, updated_at)
    select c.id, coalesce(inv.invoiced, 0), coalesce(inv.open, 0),
           coalesce(pay.received, 0) - coalesce(ref.refunded, 0) - coalesce(app.applied, 0),
           coalesce(inv.open, 0) - (coalesce(pay.received, 0) - coalesce(ref.refunded, 0) - coalesce(app.applied, 0)),
           inv.oldest_due_on, now()
      from customers c
      left join (select customer_id, sum(total_cents) filter (where status <> 'void') as invoiced,
                        sum(total_cents - applied_cents) filter (where status in ('open', 'partly_paid')) as open,
                        min(due_on) filter (where status in ('open', 'partly_paid')) as oldest_due_on
                   from invoices group by customer_id) inv on inv.customer_id = c.id
      left join (select customer_id, sum(amount_cents) as received from customer_payments group by customer_id) pay on pay.customer_id = c.id
      left join (select customer_id, sum(amount_cents) as refunded from customer_refunds where status = 'refunded' group by customer_id) ref
             on ref.customer_id = c.id
      left join (select customer_id, sum(amount_cents) as applied from payment_applications group by customer_id) app on app.customer_id = c.id
    on conflict (customer_id) do update set invoiced_cents = excluded.invoiced_cents, open_cents = excluded.open_cents,
      credit_cents = excluded.credit_cents, balance_cents = excluded.balance_cents,
      oldest_due_on = excluded.oldest_due_on, updated_at = excluded.updated_at`);
}

/** What the screens will show: counts per status and aging bucket, customers owing and in credit. */
async function describe(db: Db, today: string) {
  const statuses = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from invoices group by status order by status`,
  );
  const [aging] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*) filter (where ${today}::date - due_on <= 0)::int as current,
               count(*) filter (where ${today}::date - due_on between 1 and 30)::int as d1_30,
               count(*) filter (where ${today}::date - due_on between 31 and 60)::int as d31_60,
               count(*) filter (where ${today}::date - due_on between 61 and 90)::int as d61_90,
               count(*) filter (where ${today}::date - due_on > 90)::int as over90
          from invoices where status in ('open', 'partly_paid')`,
  );
  const [balances] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*)::int as customers, count(*) filter (where balance_cents > 0)::int as owing,
               count(*) filter (where balance_cents < 0)::int as credit,
               (select count(*)::int from payment_applications) as applications,
               (select count(*)::int from customer_payments) as payments
          from customer_balances`,
  );
  console.log(`invoices by status: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  console.log(`open invoices by bucket: ${JSON.stringify(aging)}`);
  console.log(`balances: ${JSON.stringify(balances)}`);
}

type App = Awaited<ReturnType<typeof buildApp>>;
interface Case {
  label: string;
  url: string;
  body: Record<string, unknown>;
  /** Measured while customer_balances is full, empty, or both. */
  when: 'full' | 'empty' | 'both';
}

const CASES: Case[] = [
  { label: 'customer list, first page', url: '/_/customer/queryList', body: { pageNum: 1, pageSize: 20 }, when: 'both' },
  {
    label: 'customer list, sorted by balance (descend)',
    url: '/_/customer/queryList',
    body: { pageNum: 1, pageSize: 20, sort: { field: 'balanceCents', order: 'descend' } },
    when: 'full',
  },
  {
    label: 'customer list, sorted by balance (ascend)',
    url: '/_/customer/queryList',
    body: { pageNum: 1, pageSize: 20, sort: { field: 'balanceCents', order: 'ascend' } },
    when: 'full',
  },
  {
    label: 'customer list, filter owes',
    url: '/_/customer/queryList',
    body: { pageNum: 1, pageSize: 20, balance: 'owes' },
    when: 'full',
  },
  {
    label: 'customer list, filter credit',
    url: '/_/customer/queryList',
    body: { pageNum: 1, pageSize: 20, balance: 'credit' },
    when: 'full',
  },
  { label: 'aging, first page', url: '/_/billing/aging', body: { pageNum: 1, pageSize: 20 }, when: 'full' },
  { label: 'aging, past due only', url: '/_/billing/aging', body: { pageNum: 1, pageSize: 20, pastDueOnly: true }, when: 'full' },
  { label: 'aging, keyword "chen"', url: '/_/billing/aging', body: { pageNum: 1, pageSize: 20, keyword: 'chen' }, when: 'full' },
  { label: 'aging, deep page (1000 of 20)', url: '/_/billing/aging', body: { pageNum: 1000, pageSize: 20 }, when: 'full' },
  {
    label: 'aging, sorted by balance (ascend)',
    url: '/_/billing/aging',
    body: { pageNum: 1, pageSize: 20, sort: { field: 'balanceCents', order: 'ascend' } },
    when: 'full',
  },
];

async function measure(app: App, db: Db, today: string, report: BenchReport) {
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const call = async (c: Case) => {
    const response = await app.inject({
      method: 'POST',
      url: c.url,
      headers: { authorization: token },
      payload: c.body,
    });
    const result = response.json() as { code: number; data: { total?: number } };
    if (result.code !== 0) throw new Error(`${c.label} failed: ${response.body}`);
    return result.data.total;
  };
  const bare = await bareRoutes({
    '/_/customer/queryList': (body) => listCustomers(db, ZCustomerListRequest.parse(body)),
    '/_/billing/aging': (body) => agingReport(db, ZAgingRequest.parse(body), today),
  });
  await db.execute(sql`drop table if exists bench_saved_balances`);
  await db.execute(sql`create table bench_saved_balances as select * from customer_balances`);
  const samples = new Map<string, { ours: number[]; bare: number[] }>();
  for (let block = 0; block < BLOCKS; block++) {
    const state = block % 2 === 0 ? 'full' : 'empty';
    await db.execute(sql`truncate customer_balances`);
    if (state === 'full') await db.execute(sql`insert into customer_balances select * from bench_saved_balances`);
    // Every customer has a row since migration 0033 (the list joins it inner): "empty" is all zeros.
    else await db.execute(sql`insert into customer_balances (customer_id) select id from customers`);
    await db.execute(sql`vacuum analyze customer_balances`);
    const cases = CASES.filter((c) => c.when === 'both' || c.when === state);
    // Warm-up (plans, pages in memory); the first block also prints what each case answers.
    for (const c of cases) {
      const total = await call(c);
      await bare.call(c.url, c.body);
      if (block === 0) console.log(`${c.label}: total ${total}`);
    }
    // Round-robin: each case and its bare once per round, so a change of load touches every case alike.
    for (let run = 0; run < RUNS; run++) {
      for (const c of cases) {
        const key = `${c.label} [${state}]`;
        const into = samples.get(key) ?? { ours: [], bare: [] };
        samples.set(key, into);
        let t = performance.now();
        await call(c);
        into.ours.push(performance.now() - t);
        t = performance.now();
        await bare.call(c.url, c.body);
        into.bare.push(performance.now() - t);
      }
    }
    console.log(`block ${block + 1}/${BLOCKS} (${state}) done, load average ${load1()}`);
  }
  await bare.close();
  // Leave the balances as loaded, so that BENCH_REUSE=1 and EXPLAIN find them.
  await db.execute(sql`truncate customer_balances`);
  await db.execute(sql`insert into customer_balances select * from bench_saved_balances`);
  await db.execute(sql`drop table bench_saved_balances`);
  await db.execute(sql`vacuum analyze customer_balances`);
  const baseline = samples.get('customer list, first page [empty]')?.ours ?? [];
  const goal = baseline.length ? Math.round(percentile(baseline, 0.99) + 25) : undefined;
  for (const [key, { ours, bare: bareSamples }] of samples) {
    const state = key.endsWith('[full]') ? 'full' : 'empty';
    report.add({
      measure: `${key.slice(0, key.lastIndexOf(' ['))}, balances ${state}`,
      ours: percentile(ours, 0.99),
      bare: percentile(bareSamples, 0.99),
      budget: state === 'full' ? goal : undefined,
      note: `p99; p50 ${percentile(ours, 0.5).toFixed(1)} / bare ${percentile(bareSamples, 0.5).toFixed(1)} ms; ${ours.length} runs${key === 'customer list, first page [empty]' ? '; the goal is this p99 + 25 ms' : ''}`,
    });
  }
}

void main();
