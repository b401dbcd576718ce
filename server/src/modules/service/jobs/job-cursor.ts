import { createHash } from 'node:crypto';
import type { JobListRequest } from '@tidyhouse/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { jobs } from './jobs.tables';

/**
 * Keyset (seek) paging of the Job List (docs/api-conventions.md "Cursor of the Job List"). The list's
 * orders are written on expressions without nulls, so "after the last row" is one row comparison the
 * indexes of migration 0048 answer: a job without a date or start sorts as `infinity` / 1440, which is
 * exactly where PostgreSQL's default puts nulls (last ascending, first descending).
 */
export const listDateKey = sql`coalesce(${jobs.serviceDate}, 'infinity'::date)`;
export const listMinutesKey = sql`coalesce(${jobs.startMinutes}, 1440)`;

export type ListField = 'serviceDate' | 'reference';
export type ListOrder = 'ascend' | 'descend';

/** The keys of the list's order, most significant first: a total order (the reference and the id are unique). */
export const listOrderKeys = (field: ListField): SQL[] =>
  field === 'reference' ? [sql`${jobs.reference}`] : [listDateKey, listMinutesKey, sql`${jobs.id}`];

export function listOrderBy(field: ListField, order: ListOrder): SQL[] {
  const direction = order === 'descend' ? desc : asc;
  return listOrderKeys(field).map((key) => direction(key));
}

/** The last row of a page, as the keys of its order. */
export interface LastRow {
  id: number;
  reference: string;
  serviceDate: string | null;
  startMinutes: number | null;
}

interface Cursor {
  /** The page this cursor follows: it serves `pageNum` p + 1. */
  p: number;
  n: number;
  s: ListField;
  o: ListOrder;
  /** Fingerprint of the filters: a cursor of another search is ignored. */
  f: string;
  k: (string | number)[];
}

/** The filters of a request in a stable form (key order, no paging), hashed short. */
function fingerprint(req: JobListRequest): string {
  const { pageNum: _p, pageSize: _n, sort: _s, cursor: _c, ...filters } = req;
  const stable = JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((key) => [key, filters[key as keyof typeof filters]]),
  );
  return createHash('sha256').update(stable).digest('base64url').slice(0, 16);
}

export function nextCursor(req: JobListRequest, field: ListField, order: ListOrder, last: LastRow): string {
  const k = field === 'reference' ? [last.reference] : [last.serviceDate ?? 'infinity', last.startMinutes ?? 1440, last.id];
  const cursor: Cursor = { p: req.pageNum, n: req.pageSize, s: field, o: order, f: fingerprint(req), k };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(text: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    return c && typeof c === 'object' && Array.isArray(c.k) ? c : null;
  } catch {
    return null;
  }
}

const isDate = (v: unknown) => typeof v === 'string' && (v === 'infinity' || /^\d{4}-\d{2}-\d{2}$/.test(v));
const isInt = (v: unknown) => Number.isInteger(v) && Math.abs(v as number) <= 2_147_483_647;

/**
 * The condition "after the cursor's row" when the request's cursor was made for the page before this
 * one with the same size, sort and filters; otherwise undefined and the page is found by offset.
 */
export function afterCursor(req: JobListRequest, field: ListField, order: ListOrder): SQL | undefined {
  const c = req.cursor ? decode(req.cursor) : null;
  if (!c || c.p + 1 !== req.pageNum || c.n !== req.pageSize || c.s !== field || c.o !== order) return undefined;
  if (c.f !== fingerprint(req)) return undefined;
  const after = order === 'descend' ? sql.raw('<') : sql.raw('>');
  if (field === 'reference') {
    const [reference] = c.k;
    if (c.k.length !== 1 || typeof reference !== 'string' || reference.length > 20) return undefined;
    return sql`${jobs.reference} ${after} ${reference}`;
  }
  const [date, minutes, id] = c.k;
  if (c.k.length !== 3 || !isDate(date) || !isInt(minutes) || !isInt(id)) return undefined;
  return dateKeyBeyond(after, date as string, minutes as number, id as number);
}

/** The rows whose date-order key compares so to a row's (date, start minutes, id): one row comparison. */
export function dateKeyBeyond(comparison: SQL, date: string, minutes: number, id: number): SQL {
  return sql`(${listDateKey}, ${listMinutesKey}, ${jobs.id}) ${comparison} (${date}::date, ${minutes}::int, ${id}::int)`;
}
