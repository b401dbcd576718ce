import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';

/** Lookups of seeded demo records for the endpoint table and the behaviour tests (reads only). */

async function one<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(t.db, query);
  if (!row) throw new Error('fixture not found');
  return row;
}

/** Integer columns come back as strings from node-postgres' raw queries; these are numbers. */
const NUMERIC = new Set(['id', 'version', 'customer_id', 'house_size_sqft']);
const num = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, NUMERIC.has(k) && v !== null ? Number(v) : v])) as T;

export const customerWith = async (t: TestApp, where: string, order = 'id') =>
  num(
    await one<{ id: number; version: number; name: string }>(
      t,
      sql.raw(`select id, version, name from customers c where deleted_at is null and ${where} order by ${order} limit 1`),
    ),
  );

/** An active customer with payments and no refunds (its money bound is plain). */
export const payingCustomer = (t: TestApp) =>
  customerWith(
    t,
    `status = 'active' and exists (select 1 from customer_payments p where p.customer_id = c.id)
     and not exists (select 1 from customer_refunds r where r.customer_id = c.id)`,
  );

export const locationWith = async (t: TestApp, where: string, order = 'id') =>
  num(
    await one<{ id: number; version: number; customer_id: number }>(
      t,
      sql.raw(
        `select id, version, customer_id from customer_locations
         where deleted_at is null and customer_id in (select id from customers where deleted_at is null) and ${where}
         order by ${order} limit 1`,
      ),
    ),
  );

export const quoteWith = async (t: TestApp, where: string, order = 'id') =>
  num(
    await one<{ id: number; version: number }>(
      t,
      sql.raw(`select id, version from quotes where ${where} order by ${order} limit 1`),
    ),
  );

export const rowOf = async (t: TestApp, table: string, where: string, order = 'id') =>
  num(
    await one<{ id: number; version: number }>(
      t,
      sql.raw(`select id, version from ${table} where ${where} order by ${order} limit 1`),
    ),
  );

export const userIdOf = async (t: TestApp, uname: string) =>
  num(await one<{ id: number }>(t, sql`select id from sys_users where uname = ${uname}`)).id;

export const priceItemIdOf = async (t: TestApp, nameEn: string) =>
  num(await one<{ id: number }>(t, sql`select id from price_items where name_en = ${nameEn}`)).id;

/** A complete, valid quote body (the price list's Bedroom, Full bathroom and Kitchen). */
export async function quoteBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Grace Huang',
    phone1: '(650) 555-0199',
    email: 'grace.huang@example.com',
    address1: '88 Laurel St',
    city: 'San Carlos',
    state: 'CA',
    zip: '94070',
    houseType: 'house',
    houseSizeSqft: 2000,
    lines: [
      { priceItemId: await priceItemIdOf(t, 'Bedroom'), quantity: 3 },
      { priceItemId: await priceItemIdOf(t, 'Full bathroom'), quantity: 2 },
      { priceItemId: await priceItemIdOf(t, 'Kitchen'), quantity: 1 },
    ],
    frequency: 'biweekly',
    ...overrides,
  };
}

/** The modify body of an existing quote, as the form would send it back. */
export async function quoteModifyBody(t: TestApp, id: number) {
  const quote = num(
    await one<Record<string, unknown>>(
      t,
      sql`select id, version, customer_name, phone1, address1, city, state, zip, house_type, house_size_sqft, frequency
          from quotes where id = ${id}`,
    ),
  );
  const lines = await queryRows<{ price_item_id: number; quantity: number }>(
    t.db,
    sql`select price_item_id, quantity from quote_lines where quote_id = ${id} order by sort_order`,
  );
  return {
    id: quote.id,
    version: quote.version,
    customerName: quote.customer_name,
    phone1: quote.phone1,
    address1: quote.address1,
    city: quote.city,
    state: quote.state,
    zip: quote.zip,
    houseType: quote.house_type,
    houseSizeSqft: quote.house_size_sqft,
    frequency: quote.frequency,
    lines: lines.map((l) => ({ priceItemId: Number(l.price_item_id), quantity: Number(l.quantity) })),
  };
}

export const locationBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Home',
  address1: '1450 Crystal Springs Rd',
  city: 'San Mateo',
  state: 'CA',
  zip: '94401',
  primaryContact: 'Helen Zhao',
  contactPhone: '(650) 555-0142',
  houseType: 'house',
  sqft: 1800,
  ...overrides,
});

/** A card number that passes the Luhn check (a test number of a card network). */
export const TEST_CARD_NUMBER = '4111111111111111';
