import { digitsOf, phoneKey } from '@tidyhouse/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { likeEscape } from '../../platform/list';
import { customerLocations, customerSearchTerms, customers } from './customers.tables';

/**
 * The customer search (docs/business-rules.md "Customer search"): every word of a search must be
 * the beginning of one of the customer's terms. Terms are lower case words of the name, company,
 * addresses and city, the e-mail, the zips, and the phones' digits (whole, last 7, last 4).
 */

const MAX_TERM = 64;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  circle: 'cir',
  highway: 'hwy',
  way: 'way',
};

const isPhoneLike = (text: string) => /^[\d\s()+.-]+$/.test(text) && digitsOf(text).length >= 3;

/** Words of a text as terms: lower case, punctuation trimmed; CJK words also by their endings (given names). */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[\s,;/()]+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!word) continue;
    out.push(word);
    const plain = word.replace(/[^\p{L}\p{N}]/gu, '');
    if (plain && plain !== word) out.push(plain);
    const abbreviation = ABBREVIATIONS[plain];
    if (abbreviation) out.push(abbreviation);
    if (CJK.test(word)) for (let i = 1; i < word.length && i < 4; i++) out.push(word.slice(i));
  }
  return out;
}

function phoneTerms(phone: string): string[] {
  const key = phoneKey(phone);
  if (key.length < 4) return [];
  return [key, key.slice(-7), key.slice(-4)];
}

export interface SearchSource {
  name: string;
  company: string;
  email: string;
  phones: string[];
  places: { address1: string; city: string; zip: string }[];
}

export function termsOf(source: SearchSource): string[] {
  const terms = [
    ...wordsOf(source.name),
    ...wordsOf(source.company),
    ...(source.email ? [source.email.toLowerCase()] : []),
    ...source.phones.flatMap(phoneTerms),
    ...source.places.flatMap((p) => [...wordsOf(p.address1), ...wordsOf(p.city), p.zip]),
  ];
  return [...new Set(terms.filter(Boolean).map((t) => t.slice(0, MAX_TERM)))];
}

/** The words of a search box, normalized like the terms (a phone number typed with spaces is one word). */
export function searchTokens(keyword: string | undefined): string[] {
  const text = (keyword ?? '').trim();
  if (!text) return [];
  if (isPhoneLike(text)) return [phoneKey(text)];
  const tokens = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) =>
      isPhoneLike(word) ? digitsOf(word) : word.replace(/^[^\p{L}\p{N}@]+|[^\p{L}\p{N}]+$/gu, '').slice(0, MAX_TERM),
    )
    .filter(Boolean);
  return [...new Set(tokens)].slice(0, 5);
}

/** The WHERE part for a search: every token must start one of the customer's terms. */
export function searchCondition(
  keyword: string | undefined,
  customerId: SQL | typeof customers.id = customers.id,
): SQL | undefined {
  const tokens = searchTokens(keyword);
  if (tokens.length === 0) return undefined;
  return and(
    ...tokens.map(
      (token) => sql`${customerId} in (select customer_id from customer_search_terms where term like ${`${likeEscape(token)}%`})`,
    ),
  );
}

/**
 * The live customers a search finds, each once with its name: `(customer_id, sort_name)` rows read
 * from the terms index alone (every word a prefix of a term; the few removed customers dropped
 * through their partial index). No customer row is read, so a common word ("chen", one customer in
 * twenty) costs an index range, not thousands of customer rows (docs/performance.md).
 */
export function searchMatches(tokens: string[]): SQL {
  const sets = tokens.map(
    (token) => sql`select customer_id, sort_name from customer_search_terms where term like ${`${likeEscape(token)}%`}`,
  );
  // INTERSECT keeps the customers every word finds, each once; one word needs DISTINCT for that.
  const found = sets.length === 1 ? sql`select distinct * from (${sets[0]}) as t` : sql.join(sets, sql` intersect `);
  return sql`select customer_id, sort_name from (${found}) as found
    where customer_id not in (select id from customers where deleted_at is not null)`;
}

/**
 * Rebuilds what is derived from a customer's locations, in the caller's transaction: the copy of
 * the primary location's address on the customer (for lists) and the search terms.
 */
export async function refreshCustomerIndex(tx: Db, customerId: number): Promise<void> {
  const [customer] = await tx
    .select({
      name: customers.name,
      company: customers.company,
      email: customers.email,
      phone1: customers.phone1,
      phone2: customers.phone2,
      phone3: customers.phone3,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return;
  const places = await tx
    .select({
      address1: customerLocations.address1,
      city: customerLocations.city,
      zip: customerLocations.zip,
      zoneId: customerLocations.zoneId,
      isPrimary: customerLocations.isPrimary,
      contactPhone: customerLocations.contactPhone,
    })
    .from(customerLocations)
    .where(and(eq(customerLocations.customerId, customerId), isNull(customerLocations.deletedAt)))
    .orderBy(asc(customerLocations.id));
  const primary = places.find((p) => p.isPrimary) ?? places[0];
  await tx
    .update(customers)
    .set({
      address1: primary?.address1 ?? '',
      city: primary?.city ?? '',
      zip: primary?.zip ?? '',
      zoneId: primary?.zoneId ?? null,
    })
    .where(eq(customers.id, customerId));

  const terms = termsOf({
    name: customer.name,
    company: customer.company,
    email: customer.email,
    phones: [customer.phone1, customer.phone2, customer.phone3, ...places.map((p) => p.contactPhone)],
    places,
  });
  await tx.delete(customerSearchTerms).where(eq(customerSearchTerms.customerId, customerId));
  if (terms.length) {
    await tx.insert(customerSearchTerms).values(terms.map((term) => ({ customerId, term, sortName: customer.name })));
  }
}
