/**
 * Bench data in SQL (generate_series), shared by the benches: 100,000 customers with their search
 * terms, and a quote per customer copied from a demo quote. Fast on both engines; asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/platform/database';

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

/** Adds `count` customers (names, phones, addresses in the demo zones) and their search terms. */
export async function loadCustomers(db: Db, count: number): Promise<void> {
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
    from generate_series(1, ${count}) g
    cross join lateral (select (${literal(FIRST)})[1 + (g * 7) % ${FIRST.length}] as first) f
    cross join lateral (select (${literal(LAST)})[1 + (g * 13) % ${LAST.length}] as last) l`);
  await db.execute(sql`
    insert into customer_search_terms (customer_id, term, sort_name)
    select distinct c.id, left(t.term, 64), c.name
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
  // The visibility map, as autovacuum leaves it on a live server: the lists' index-only scans (the
  // search terms, the status filter's count) read no heap page then. PGlite has no autovacuum.
  await db.execute(sql`vacuum customers, customer_search_terms`);
}

/**
 * Adds a quote per customer that has none yet, each a copy of the first demo quote with the
 * customer's name, phone and address, dated over the last two years.
 */
export async function loadQuotes(db: Db): Promise<void> {
  const columns = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_name = 'quotes' and table_schema = current_schema()
          and column_name not in ('id', 'reference', 'quote_date', 'customer_id', 'customer_name', 'phone1', 'address1', 'city', 'zip', 'zone_id', 'created_at', 'updated_at', 'version', 'status')
        order by ordinal_position`,
  );
  const copied = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const fromTemplate = sql.raw(columns.map((c) => `t."${c.name}"`).join(', '));
  await db.execute(sql`
    insert into quotes (reference, quote_date, customer_id, customer_name, phone1, address1, city, zip, zone_id, created_at, updated_at, version, status, ${copied})
    select 'B-' || c.id, (now() - (c.id % 700) * interval '1 day')::date, c.id, c.name, c.phone1, c.address1, c.city, c.zip, c.zone_id,
           now() - (c.id % 700) * interval '1 day', now(), 1, (array['pending','pending','sold','not_sold'])[1 + c.id % 4], ${fromTemplate}
    from customers c
    cross join (select * from quotes order by id limit 1) t
    where not exists (select 1 from quotes q where q.customer_id = c.id)`);
  await db.execute(sql`analyze`);
  await db.execute(sql`vacuum quotes`);
}
