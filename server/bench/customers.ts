/**
 * The customer list on 100,000 customers (issues 5 and 25): loads them with generate_series in SQL
 * (with their search terms), then times the list endpoint through app.inject beside its bare
 * baseline, the service function alone (the same SQL): the first page, searches, filters and deep
 * pages. BENCH_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of each case's SQL. Prints figures;
 * asserts only that every answer was a success. PGlite in memory, or DATABASE_URL (a database the
 * bench may fill: it migrates and seeds it).
 */
import { PGlite } from '@electric-sql/pglite';
import { type CustomerListRequest, ZCustomerListRequest } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { listCustomers } from '../src/modules/customers/customers.service';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { explainer } from './lib/explain';
import { BenchReport, percentile, sample } from './lib/report';
import { loadCustomers } from './load';

const PASSWORD = 'Bench-pass-123';
const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** The list's budget (issue 25), p99 of one request at a time here. */
const BUDGET_MS = 25;

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const url = process.env.DATABASE_URL;
  const pglite = url ? null : await PGlite.create();
  const database = url ? openPostgres(url) : wrapPglite(pglite!);
  const explain = explainer(pglite ? { pglite } : { url: url! });
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const db = database.db;

  const start = performance.now();
  await loadCustomers(db, COUNT);
  const [counts] = await queryRows<{ customers: number; terms: number }>(
    db,
    sql`select (select count(*) from customers) as customers, (select count(*) from customer_search_terms) as terms`,
  );
  console.log(
    `loaded ${counts!.customers} customers, ${counts!.terms} search terms in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const [zone] = await queryRows<{ id: number }>(db, sql`select zone_id as id from zone_zips where zip = '94040'`);
  const ours = (body: Record<string, unknown>) => async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/_/customer/queryList',
      headers: { authorization: token },
      payload: body,
    });
    const result = response.json() as { code: number; data: { total: number } };
    if (result.code !== 0) throw new Error(`list failed: ${response.body}`);
    return result.data.total;
  };
  const cases: [string, Record<string, unknown>][] = [
    ['first page (by name)', { pageNum: 1, pageSize: 20 }],
    ['first page, newest first', { pageNum: 1, pageSize: 20, sort: { field: 'createdAt', order: 'descend' } }],
    ['status filter', { pageNum: 1, pageSize: 20, status: 'active' }],
    ['search a last name ("chen")', { keyword: 'chen' }],
    ['search a last name, page 50', { keyword: 'chen', pageNum: 50 }],
    ['search two words ("fang chen")', { keyword: 'fang chen' }],
    ['search a phone ("(650) 555-1234")', { keyword: '(650) 555-1234' }],
    ['search a street ("castro")', { keyword: 'castro' }],
    ['search "chen", newest first', { keyword: 'chen', sort: { field: 'createdAt', order: 'descend' } }],
    ['filter status + zone', { status: 'active', zoneId: Number(zone?.id ?? 1) }],
    [
      'filter next service date range',
      { nextServiceFrom: '2026-01-01', nextServiceTo: '2099-12-31', sort: { field: 'nextServiceDate', order: 'ascend' } },
    ],
    ['deep page (page 1000 of 20)', { pageNum: 1000, pageSize: 20 }],
    ['deep page (page 2000 of 50)', { pageNum: 2000, pageSize: 50 }],
  ];
  const report = new BenchReport(`Customer list, ${COUNT} customers (app.inject, one at a time)`, database.engine);
  for (const [label, body] of cases) {
    const request: CustomerListRequest = ZCustomerListRequest.parse(body);
    if (process.env.BENCH_EXPLAIN === '1') {
      for (const plan of await explain.explain((d) => listCustomers(d, request))) console.log(`\nEXPLAIN ${label}:\n${plan}\n`);
    }
    const total = await ours(body)();
    // Alternating runs: both sides see the same background load of a shared machine.
    const a: number[] = [];
    const b: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      a.push(...(await sample(1, ours(body))));
      b.push(...(await sample(1, () => listCustomers(db, request))));
    }
    report.add({
      measure: label,
      ours: percentile(a, 0.99),
      bare: percentile(b, 0.99),
      budget: BUDGET_MS,
      note: `p99 of ${RUNS}; p50 ${percentile(a, 0.5).toFixed(1)} / bare ${percentile(b, 0.5).toFixed(1)} ms; total ${total}`,
    });
  }
  report.finish();
  await app.close();
  await explain.close();
  await database.close();
}

void main();
