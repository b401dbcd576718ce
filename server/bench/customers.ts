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

const FIRST = [
  'James',
  'Mary',
  'Wei',
  'Fang',
  'Carlos',
  'Maria',
  'Priya',
  'Raj',
  'Linh',
  'Minh',
  'Jennifer',
  'Kevin',
  'Sofia',
  'David',
  'Mei',
  'Hao',
];
const LAST = [
  'Smith',
  'Chen',
  'Wang',
  'Garcia',
  'Nguyen',
  'Patel',
  'Kim',
  'Lopez',
  'Johnson',
  'Li',
  'Zhang',
  'Brown',
  'Liu',
  'Martinez',
  'Huang',
  'Davis',
  'Lee',
  'Wu',
  'Taylor',
  'Reyes',
];
const STREETS = [
  'El Camino Real',
  'University Ave',
  'Castro St',
  'Middlefield Rd',
  'Homestead Rd',
  'Laurel St',
  'Ralston Ave',
  'Saratoga Ave',
];
const CITIES = [
  ['San Mateo', '94401'],
  ['Palo Alto', '94301'],
  ['Mountain View', '94040'],
  ['Sunnyvale', '94086'],
  ['Cupertino', '95014'],
  ['San Jose', '95125'],
  ['Redwood City', '94061'],
  ['Burlingame', '94010'],
];
const literal = (items: readonly string[]) => sql.raw(`array[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]`);

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  console.log(`engine: ${database.engine}, customers: ${COUNT}`);
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const db = database.db;

  let start = performance.now();
  await db.execute(sql`
    insert into customers (name, phone1, email, status, source, service_team_id, next_service_date, last_service_date,
                           address1, city, zip, zone_id, created_at)
    select f.first || ' ' || l.last,
           '(650) 555-' || lpad(((g * 7919) % 10000)::text, 4, '0'),
           lower(f.first || '.' || l.last) || g || '@example.com',
           (array['active','active','active','prospect','inactive'])[1 + g % 5],
           (array['referral','web_search','yelp','nextdoor','flyer'])[1 + g % 5],
           (select id from teams order by id limit 1 offset (g % 4)),
           case when g % 5 < 3 then current_date + (g % 30) end,
           case when g % 5 <> 3 then current_date - (g % 90) end,
           (100 + g % 3900) || ' ' || (${literal(STREETS)})[1 + g % ${STREETS.length}],
           (${literal(CITIES.map((c) => c[0]!))})[1 + g % ${CITIES.length}],
           (${literal(CITIES.map((c) => c[1]!))})[1 + g % ${CITIES.length}],
           (select zone_id from zone_zips where zip = (${literal(CITIES.map((c) => c[1]!))})[1 + g % ${CITIES.length}] and kind = 'primary' limit 1),
           now() - (g % 700) * interval '1 day'
    from generate_series(1, ${COUNT}) g
    cross join lateral (select (${literal(FIRST)})[1 + (g * 7) % ${FIRST.length}] as first) f
    cross join lateral (select (${literal(LAST)})[1 + (g * 13) % ${LAST.length}] as last) l`);
  await db.execute(sql`
    insert into customer_search_terms (customer_id, term)
    select distinct c.id, left(t.term, 64)
    from customers c
    cross join lateral unnest(
      string_to_array(lower(c.name), ' ')
      || string_to_array(lower(c.address1), ' ')
      || string_to_array(lower(c.city), ' ')
      || array[lower(c.email), c.zip,
               regexp_replace(c.phone1, '[^0-9]', '', 'g'),
               right(regexp_replace(c.phone1, '[^0-9]', '', 'g'), 7),
               right(regexp_replace(c.phone1, '[^0-9]', '', 'g'), 4)]
    ) as t(term)
    where c.id > (select coalesce(max(customer_id), 0) from customer_search_terms) and t.term <> ''`);
  await db.execute(sql`analyze`);
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
