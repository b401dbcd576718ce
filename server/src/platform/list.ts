import { COUNT_CAP, type ListRequest, type ListResponse } from '@tidyhouse/contract';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type Db, selectPrepared, sqlLiteral } from './database';

/**
 * One list query, paged: the page of rows and the total in a single round trip (a window count),
 * so a list endpoint costs one query however many pages there are.
 */
export async function paged<T extends PgSelect>(
  query: T,
  request: Pick<ListRequest, 'pageNum' | 'pageSize'>,
): Promise<{ rows: Awaited<T>; total: number }> {
  return withTotal(await query.limit(request.pageSize).offset((request.pageNum - 1) * request.pageSize));
}

/** A page's rows and the total its first row carries (`totalCount`), 0 for an empty page. */
function withTotal<R>(rows: R): { rows: R; total: number } {
  const first = (rows as { total?: number | string }[])[0];
  return { rows, total: first ? Number(first.total) : 0 };
}

/**
 * `paged` for a list's screen as it opens (no filter, no search): its first page is a named prepared
 * statement on PostgreSQL (`selectPrepared`), the page size a literal so that the one plan it keeps is
 * made for it; PostgreSQL had planned the customer list's page on every call (0.65 ms planning for
 * 0.25 ms of execution, docs/performance.md "Plans kept"). Other pages as `paged`.
 */
export async function pagedUnfiltered<T extends PgSelect>(
  db: Db,
  query: T,
  request: Pick<ListRequest, 'pageNum' | 'pageSize'>,
): Promise<{ rows: Awaited<T>; total: number }> {
  if (request.pageNum !== 1) return paged(query, request);
  // Drizzle renders a limit given as SQL into the text (dialect.js: `limit ${limit}`).
  return withTotal((await selectPrepared(db, query.limit(sqlLiteral(request.pageSize) as unknown as number))) as Awaited<T>);
}

/** The column to add to a list select so `paged` knows the total: `{ ...fields, total: totalCount }`. */
export const totalCount = sql<number>`count(*) over()`.mapWith(Number);

/**
 * The total of a large list as an uncorrelated scalar subquery over the same conditions: still one
 * round trip, but the page itself can then walk an index in sort order and stop after the page,
 * where a window count has to materialize and sort every matching row first (10x slower on 100k).
 * Conditions must refer to the table itself (no joined tables).
 */
export const totalOf = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * The ORDER BY of a list from the request's sort, limited to the columns the list allows
 * (anything else falls back to the default), always ending on a unique column for stable pages.
 */
export function orderOf(
  sort: ListRequest['sort'],
  allowed: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tieBreaker: AnyColumn,
): SQL[] {
  const column = sort ? allowed[sort.field] : undefined;
  if (!column) return [...fallback, asc(tieBreaker)];
  return [sort!.order === 'descend' ? desc(column) : asc(column), asc(tieBreaker)];
}

export function toListResponse<R extends { total?: number }, T>(rows: R[], total: number, map: (row: R) => T): ListResponse<T> {
  return { list: rows.map(map), total };
}

/** The lists whose live rows `list_counts` keeps counted (a trigger per table, migration 0005). */
/** Lists whose count a trigger keeps in list_counts (migrations 0006 and 0051: the customers of one status). */
export type CountedList = 'customers' | 'quotes' | `customers:${'prospect' | 'active' | 'inactive'}`;

/**
 * The total of a large list (docs/api-conventions.md "Totals of large lists"), as a column of the
 * page's own query (one round trip): unfiltered, the exact count that list_counts maintains (no
 * scan); filtered, the matches counted exactly but only up to COUNT_CAP + 1, so a broad filter never
 * counts 100,000 rows. `where` must refer to `table` only (no joined tables). Give the answer to
 * `largeTotal`.
 */
export function largeListTotal(list: CountedList, table: PgTable, where: SQL | undefined, filtered: boolean): SQL<number> {
  if (!filtered) return sql<number>`(select total from list_counts where list = ${list})`.mapWith(Number);
  return sql<number>`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) as capped)`.mapWith(
    Number,
  );
}

/** The `total` and `totalCapped` of a list answer from a `largeListTotal` column. */
export function largeTotal(
  total: number,
  filtered: boolean,
  cap = COUNT_CAP,
): Pick<ListResponse<unknown>, 'total' | 'totalCapped'> {
  return filtered && total > cap ? { total: cap, totalCapped: true } : { total, totalCapped: false };
}

/** Escapes LIKE wildcards in user text, for prefix and substring search. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
