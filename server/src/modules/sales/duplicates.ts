import { addressKey, type Duplicates, phoneKey } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { queryRows } from '../../platform/database';

/**
 * The duplicate warning (docs/business-rules.md "Duplicate warning"): customers and quotes with the
 * same phone (last 10 digits, or 7 when no area code was typed) or the same street address and
 * zip (normalized: "123 Main Street" = "123 main st."). A warning only: nothing is refused.
 */
export async function findDuplicates(
  db: Db,
  input: { phone: string; address: string; zip: string; excludeQuoteId: number | null },
): Promise<Duplicates> {
  const phone = phoneKey(input.phone);
  const phoneOk = phone.length === 10 || phone.length === 7;
  const zip = input.zip.trim().slice(0, 5);
  const address = /^\d{5}$/.test(zip) ? addressKey(input.address, zip) : '';
  if (!phoneOk && !address) return { customers: [], quotes: [] };

  const customerPhone = phoneOk ? sql`c.id in (select customer_id from customer_search_terms where term = ${phone})` : sql`false`;
  const customerAddress = address
    ? sql`exists (select 1 from customer_locations l where l.customer_id = c.id and l.deleted_at is null and l.address_key = ${address})`
    : sql`false`;
  const customers = await queryRows<{
    id: number;
    name: string;
    phone1: string;
    address1: string;
    city: string;
    zip: string;
    status: string;
    by_phone: boolean;
    by_address: boolean;
  }>(
    db,
    sql`select c.id, c.name, c.phone1, c.address1, c.city, c.zip, c.status,
               (${customerPhone}) as by_phone, (${customerAddress}) as by_address
        from customers c
        where c.deleted_at is null and ((${customerPhone}) or (${customerAddress}))
        order by c.id desc limit 10`,
  );

  const digits = (column: string) => sql.raw(`right(regexp_replace(q.${column}, '[^0-9]', '', 'g'), ${phone.length || 10})`);
  const quotePhone = phoneOk
    ? sql`(${digits('phone1')} = ${phone} or ${digits('phone2')} = ${phone} or ${digits('phone3')} = ${phone})`
    : sql`false`;
  const quoteAddress = address ? sql`q.address_key = ${address}` : sql`false`;
  const quotes = await queryRows<{
    id: number;
    reference: string;
    customer_name: string;
    phone1: string;
    address1: string;
    zip: string;
    status: Duplicates['quotes'][number]['status'];
    quote_date: string;
    by_phone: boolean;
    by_address: boolean;
  }>(
    db,
    sql`select q.id, q.reference, q.customer_name, q.phone1, q.address1, q.zip, q.status, q.quote_date::text as quote_date,
               (${quotePhone}) as by_phone, (${quoteAddress}) as by_address
        from quotes q
        where ((${quotePhone}) or (${quoteAddress})) and q.id <> ${input.excludeQuoteId ?? 0}
        order by q.id desc limit 10`,
  );

  const matched = (r: { by_phone: boolean; by_address: boolean }) =>
    [r.by_phone ? ('phone' as const) : null, r.by_address ? ('address' as const) : null].filter((m) => m !== null);
  return {
    customers: customers.map((r) => ({
      id: Number(r.id),
      name: r.name,
      phone1: r.phone1,
      address1: r.address1,
      city: r.city,
      zip: r.zip,
      status: r.status,
      matchedOn: matched(r),
    })),
    quotes: quotes.map((r) => ({
      id: Number(r.id),
      reference: r.reference,
      customerName: r.customer_name,
      phone1: r.phone1,
      address1: r.address1,
      zip: r.zip,
      status: r.status,
      quoteDate: r.quote_date,
      matchedOn: matched(r),
    })),
  };
}
