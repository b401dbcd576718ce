import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, sqlLiteral } from '../../../platform/database';
import { likeEscape } from '../../../platform/list';
import { searchCondition, searchTokens, startsWith, termsOfEveryWord } from '../../customers/search-terms';
import { jobs } from './jobs.tables';

/**
 * The Job List's search box: a reference prefix, or the customers every word of it finds (their ids
 * when few, a subquery when many), and the count of a broad search (docs/api-conventions.md "A Job List
 * search: exact up to 1,000").
 */

const REFERENCE_LIKE = /^j-\d/i;

/**
 * A customer search matching at most this many customers is resolved to their ids first, so the jobs
 * are found by `jobs_customer_date_idx`; a broader one stays a subquery (the page then walks the date
 * index and stops after 20 rows). Two words made the planner lose the index path (13 s on a million
 * jobs, docs/performance.md "Jobs").
 */
export const CUSTOMER_IDS_MAX = 2000;

/** The Job List's keyword: the condition on jobs, and for a broad customer search its words (see broadSearchCount). */
export interface JobSearch {
  condition: SQL | undefined;
  broadWords: string[] | null;
}

/**
 * The ids of the customers every word of the search starts a term of, or null when more than the cap.
 * One word reads at most the cap + 1 of its terms (an index range, no DISTINCT): more terms than the cap
 * goes the subquery way even if fewer customers hold them (a customer has a term for each name, e-mail
 * and street), and a broad word such as "chen" (5,000 terms) stops at 2,001 entries instead of
 * collecting its customers first. One row comes back, the ids an array made unique by PostgreSQL:
 * 2,001 rows of one id each cost the server a millisecond to read.
 */
async function matchingCustomerIds(db: Db, tokens: string[]): Promise<number[] | null> {
  const [row] = await queryRows<{ ids: number[] | null }>(
    db,
    sql`select case when count(*) > ${sqlLiteral(CUSTOMER_IDS_MAX)} then null else coalesce(array_agg(distinct customer_id), '{}') end as ids
      from (select t.customer_id ${termsOfEveryWord(tokens)} limit ${sqlLiteral(CUSTOMER_IDS_MAX + 1)}) as found`,
  );
  return row!.ids?.map(Number) ?? null;
}

/** The keyword's condition on jobs: a reference prefix (J-2…), or the customers every word finds. */
export async function jobSearch(db: Db, keyword: string): Promise<JobSearch> {
  const none = { condition: undefined, broadWords: null };
  if (!keyword) return none;
  if (REFERENCE_LIKE.test(keyword)) {
    return { condition: sql`${jobs.reference} like ${`${likeEscape(keyword.toUpperCase())}%`}`, broadWords: null };
  }
  const tokens = searchTokens(keyword);
  if (tokens.length === 0) return none;
  const ids = await matchingCustomerIds(db, tokens);
  if (ids === null) return { condition: searchCondition(keyword, sql`${jobs.customerId}`), broadWords: tokens };
  // One array parameter, not one per id: a thousand ids render, parse and plan as one value.
  return {
    condition: ids.length === 0 ? sql`false` : sql`${jobs.customerId} = any(${`{${ids.join(',')}}`}::int[])`,
    broadWords: null,
  };
}

/**
 * The `counted` CTE of a broad customer search alone ("chen": 7,600 customers, 77,000 jobs), within
 * a date range or none, to `cap` + 1: customer by customer in the terms index's order, each one's jobs
 * by `jobs_customer_date_idx` (the customer and the range are its key), until enough are found. A
 * customer is taken at its least matching term only (any other of the same customer is skipped by one
 * probe of the terms key), so none counts twice. PostgreSQL itself chose a merge of the whole job
 * index by customer: 15,000 entries read to count 1,001 (3.5 ms against 0.75, docs/performance.md).
 * OFFSET 0 keeps that order: without statistics (a fresh embedded database) the planner joined every
 * term to every job first. A search with any other filter is counted as every other list is: a
 * status or a team made the planner walk its own index for each customer.
 */
export function broadSearchCount(words: string[], dates: SQL | undefined, cap: number): SQL {
  // Its least matching term in the key's own order: the key (customer_id, term) is walked from the
  // customer's first term and stops at the first match, whatever the word's pattern order. A subquery
  // with a LIMIT is run row by row (NOT EXISTS became a hash of all 8,000 terms of "chen": 3 ms).
  const earlierTerm = sql`(select 1 from customer_search_terms e
    where e.customer_id = t.customer_id and e.term < t.term and ${startsWith(sql`e.term`, words[0]!)} limit 1)`;
  return sql`counted as (select count(*)::int as n from (select 1 from (select t.customer_id ${termsOfEveryWord(words)}
      and ${earlierTerm} is null offset 0) as found
    cross join lateral (select 1 from ${jobs} where ${and(sql`${jobs.customerId} = found.customer_id`, dates)} offset 0) as job
    limit ${sqlLiteral(cap + 1)}) as matching)`;
}
