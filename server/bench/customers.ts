/**
 * The customer list on 100,000 customers (issue 5): loads them with generate_series in SQL (with
 * their search terms), then times the list endpoint through app.inject: the first page, searches,
 * filters and a deep page. Prints figures; asserts nothing. PGlite in memory, or DATABASE_URL.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { loadCustomers } from './load';

const PASSWORD = 'Bench-pass-123';
const COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!.toFixed(2);
  const total = samples.reduce((a, b) => a + b, 0);
  console.log(`${label.padEnd(46)} runs=${runs}  mean=${(total / runs).toFixed(2)}ms  p50=${pct(0.5)}ms  p95=${pct(0.95)}ms`);
}

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  console.log(`engine: ${database.engine}, customers: ${COUNT}`);
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const db = database.db;

  let start = performance.now();
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
  const list = (body: Record<string, unknown>) => async () => {
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
    ['search a last name ("chen")', { keyword: 'chen' }],
    ['search two words ("wei chen")', { keyword: 'wei chen' }],
    ['search a phone ("(650) 555-1234")', { keyword: '(650) 555-1234' }],
    ['search a street ("castro")', { keyword: 'castro' }],
    ['filter status + zone', { status: 'active', zoneId: Number(zone?.id ?? 1) }],
    [
      'filter next service date range',
      { nextServiceFrom: '2026-01-01', nextServiceTo: '2099-12-31', sort: { field: 'nextServiceDate', order: 'ascend' } },
    ],
    ['deep page (page 1000 of 20)', { pageNum: 1000, pageSize: 20 }],
    ['deep page (page 2000 of 50)', { pageNum: 2000, pageSize: 50 }],
  ];
  for (const [label, body] of cases) {
    const total = await list(body)();
    start = performance.now();
    await time(`${label} [total ${total}]`, 20, list(body));
  }
  await app.close();
  await database.close();
}

void main();
