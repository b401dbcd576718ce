import { digitsOf, type ListResponse, phoneKey } from '@tidyhouse/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlLiteral } from '../../platform/database';
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

/**
 * The terms a word starts, as a range of the terms index (`term ~>=~ word and term ~<~ next`, `next` the
 * word with its last character the next one: in the index's byte order exactly the strings that start
 * with the word). PostgreSQL draws the same range from `like 'word%'` only when it sees the word while
 * planning; as parameters of a range, a prepared statement's generic plan walks the index too, so a
 * search is planned once per connection instead of on every call (3.5 ms of its 5, docs/performance.md).
 */
export function startsWith(term: SQL, word: string): SQL {
  const next = nextString(word);
  return next === null ? sql`${term} like ${`${likeEscape(word)}%`}` : sql`${term} ~>=~ ${word} and ${term} ~<~ ${next}`;
}

/**
 * The least string greater than every string starting with `word`: its last code point plus one (one
 * of U+10FFFF is dropped and the one before it raised). Null for a word of U+10FFFF alone, never a token.
 */
export function nextString(word: string): string | null {
  const points = [...word];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    // UTF-16 surrogates are not characters: past them comes U+E000.
    if (last < 0x10ffff) return points.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
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
      (token) => sql`${customerId} in (select customer_id from customer_search_terms where ${startsWith(sql`term`, token)})`,
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
  // A customer with several terms for the first word (two names, a street) is one match: DISTINCT.
  return sql`select customer_id, sort_name from (select distinct t.customer_id, t.sort_name ${termsOfEveryWord(tokens)}) as found
    where customer_id not in (select id from customers where deleted_at is not null)`;
}

/**
 * `from … where …` of the first word's terms whose customer has a term for every other word: the other
 * words are hash semi-joins, which PostgreSQL runs in half an INTERSECT's time ("priya patel", 12,508
 * and 5,006 terms: 2.9 ms against 5.1, docs/performance.md). A customer repeats once per term of the
 * first word.
 */
export function termsOfEveryWord(tokens: string[]): SQL {
  const [first, ...others] = tokens;
  const alsoFound = others.map(
    (token) => sql` and t.customer_id in (select customer_id from customer_search_terms where ${startsWith(sql`term`, token)})`,
  );
  return sql`from customer_search_terms t where ${startsWith(sql`t.term`, first!)}${sql.join(alsoFound)}`;
}

/**
 * A one-word search counts its customers exactly up to this many, past it answers `total: 200,
 * totalCapped: true` ("200+"; docs/api-conventions.md "Totals of large lists"): a common word
 * ("chen") then reads a few hundred index entries instead of counting its thousands of matches.
 */
export const SEARCH_COUNT_CAP = 200;
/** Term rows the count reads first: twice the cap, so customers matched by two of the word's terms seldom force a full count. */
const PROBE_ROWS = 2 * SEARCH_COUNT_CAP;
/** More distinct terms than this start with the word (a letter or two): its matches are sorted as a set. */
const WALKED_TERMS = 32;

/**
 * One page of a one-word search in name order, and what its count needs, as one SELECT of
 * `(customer_id, sort_name, seen, customers, exact)` (docs/performance.md "The customer search: page
 * first, count capped"). The distinct terms starting with the word are found by skipping through the
 * terms index (one descent each); each term's customers are already in name order there, so each
 * gives at most `offset + limit` of them and the page is cut from their union: a page of "chen"
 * reads tens of entries, not its 5,000 matches. Past WALKED_TERMS terms the matches are sorted as a
 * set (searchMatches). The count, exact up to SEARCH_COUNT_CAP customers, else capped there: the
 * first PROBE_ROWS matching term rows give `seen` rows of `customers` customers; fewer rows than that
 * means every match was seen; only when many of those rows repeat their customer (not enough
 * customers to tell) is `exact` counted over all the matches (up to the cap + 1).
 */
export function searchPageMatches(token: string, direction: 'ascend' | 'descend', limit: number, offset: number): SQL {
  const dir = sql.raw(direction === 'descend' ? 'desc' : 'asc');
  // The numbers as literals: the text is prepared (customer-list.ts) and planned knowing them.
  const [walked, probed, cap, capPlusOne] = [WALKED_TERMS, PROBE_ROWS, SEARCH_COUNT_CAP, SEARCH_COUNT_CAP + 1].map(sqlLiteral);
  const [size, skip, reach] = [limit, offset, offset + limit].map(sqlLiteral);
  const live = (id: SQL) => sql`not exists (select 1 from customers c where c.id = ${id} and c.deleted_at is not null)`;
  return sql`with recursive term_values(term, n) as (
      (select term, 1 from customer_search_terms where ${startsWith(sql`term`, token)} order by term using ~<~ limit 1)
      union all
      select (select t.term from customer_search_terms t where ${startsWith(sql`t.term`, token)} and t.term ~>~ v.term
              order by t.term using ~<~ limit 1), v.n + 1
      from term_values v where v.term is not null and v.n <= ${walked}
    ),
    walkable as (select count(term) <= ${walked} as ok from term_values),
    probe as (
      select count(*) as seen, count(distinct customer_id) as customers from (
        select customer_id from customer_search_terms t where ${startsWith(sql`term`, token)} and ${live(sql`t.customer_id`)}
        limit ${probed}) as first_rows
    ),
    page as (
      (select customer_id, sort_name from (
        select distinct m.customer_id, m.sort_name from term_values v cross join lateral (
          select t.customer_id, t.sort_name from customer_search_terms t
          where t.term = v.term and ${live(sql`t.customer_id`)}
          order by t.sort_name ${dir}, t.customer_id limit ${reach}) as m
        where v.term is not null) as walked
      where (select ok from walkable)
      order by sort_name ${dir}, customer_id limit ${size} offset ${skip})
      union all
      (select customer_id, sort_name from (${searchMatches([token])}) as matches
      where not (select ok from walkable)
      order by sort_name ${dir}, customer_id limit ${size} offset ${skip})
    )
    select page.customer_id, page.sort_name, probe.seen, probe.customers,
      case when probe.seen >= ${probed} and probe.customers <= ${cap} then
        (select count(*) from (select 1 from (${searchMatches([token])}) as matches limit ${capPlusOne}) as capped)
      end as exact
    from page cross join probe`;
}

/** The answer's total from searchPageMatches's columns (any of its rows; none: an empty page). */
export function searchPageTotal(
  row: { seen: number | string; customers: number | string; exact: number | string | null } | undefined,
): Pick<ListResponse<unknown>, 'total' | 'totalCapped'> {
  if (!row) return { total: 0, totalCapped: false };
  const counted = Number(row.seen) < PROBE_ROWS || Number(row.customers) > SEARCH_COUNT_CAP ? row.customers : row.exact;
  return Number(counted) > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, totalCapped: true }
    : { total: Number(counted), totalCapped: false };
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
