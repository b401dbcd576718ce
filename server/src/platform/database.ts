import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { lockDataDir } from './data-dir-lock';
import { MIGRATIONS_DIR } from './paths';
import { pgliteSessionCache, postgresSessionCache, registerSessionCache } from './session-cache';

export type Schema = typeof schema;
/** Both engines' drizzle instances share this type; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs fn while no other process runs migrations or the first-start seed on this database. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** An advisory lock id only Tidyhouse start-up uses. */
const STARTUP_LOCK = 7_341_902;

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const sessionCache = postgresSessionCache(url);
  const db = drizzlePg(pool, { schema, logger: { logQuery: sessionCache.logQuery } }) as unknown as Db;
  registerSessionCache(db, sessionCache.cache);
  return {
    db,
    engine: 'postgres',
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        client.release();
      }
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      await sessionCache.close();
      await pool.end();
    },
  };
}

export function wrapPglite(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  registerSessionCache(db, pgliteSessionCache(client));
  return {
    db,
    engine: 'pglite',
    exclusive: (fn) => fn(),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      await client.close();
      onClose();
    },
  };
}

/** The embedded engine with its data under dataDir, locked against a second process. */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}

/** Raw SQL rows; both drivers answer `{ rows }`. Note: bigint comes back as number or string by engine. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `queryRows` for a read the screens run constantly (the Job List): on PostgreSQL outside a
 * transaction, a named prepared statement per distinct SQL text, so each pooled connection parses it
 * once and PostgreSQL may keep a generic plan rather than plan it on every call (planning was half the
 * list's database time, docs/performance.md "Jobs"). Only for statements whose text takes a bounded
 * number of forms: values as parameters, never a number that varies freely (each text is one prepared
 * statement per connection); a closed set's values may be literals (sqlLiteral). Past PREPARED_MAX
 * distinct texts in a process, a new text runs unprepared, so no mix of filters grows a connection's
 * memory without bound. Top-level columns come with pg's own type parsing (choose json, integer or
 * text columns: a date would come back as a Date). On PGlite or in a transaction, the same as queryRows.
 */
export const PREPARED_MAX = 200;
const preparedNames = new Set<string>();

/** The name of a text's prepared statement, or null when the process has prepared PREPARED_MAX others. */
function preparedName(text: string): string | null {
  const name = `th_${createHash('sha1').update(text).digest('base64url')}`;
  if (preparedNames.has(name)) return name;
  if (preparedNames.size >= PREPARED_MAX) return null;
  preparedNames.add(name);
  return name;
}

/** The root pool of `db` (prepared statements by name go there), or null in a transaction or on PGlite. */
function rootPool(db: Db): pg.Pool | null {
  // A transaction's session holds its one connection (a PoolClient), the root's the pool itself.
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * A Drizzle select run as a named prepared statement on PostgreSQL, by queryRowsPrepared's rules
 * (outside a transaction, at most PREPARED_MAX texts), with Drizzle's own mapping of its fields; on
 * PGlite or in a transaction, the query as it is. Only for a text of few forms: no free number in it
 * but as a parameter (a page size as a literal is fine, an offset is not).
 */
export async function selectPrepared<T>(
  db: Db,
  query: PromiseLike<T> & { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } },
): Promise<T> {
  const name = rootPool(db) ? preparedName(query.toSQL().sql) : null;
  return name ? query.prepare(name).execute() : await query;
}

export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = rootPool(db);
  if (!pool) return queryRows<T>(db, query);
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  // Drizzle's logger sees every statement it runs; this one too (the bench's EXPLAIN records them).
  (db as unknown as { session: { logger?: Logger } }).session.logger?.logQuery(text, params);
  const name = preparedName(text);
  if (!name) return (await pool.query<T & pg.QueryResultRow>(text, params)).rows;
  const result = await pool.query<T & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}

const textDialect = new PgDialect();

/**
 * A validated value of a small closed set (an id, a status code) as a literal in the statement's text,
 * not a parameter: a prepared statement (queryRowsPrepared) then has one plan for it, made knowing the
 * value. A parameter there left PostgreSQL to re-plan on every call (custom plans: "no team" and a
 * frequency spent 2–3 ms planning each time) or to keep a plan made blind to it. Anything that is not
 * an integer or a lowercase code is refused (a programming error, never user text).
 */
export function sqlLiteral(value: number | string): SQL {
  if (typeof value === 'number' ? Number.isSafeInteger(value) : /^[a-z][a-z0-9_]*$/.test(value)) {
    return sql.raw(typeof value === 'number' ? String(value) : `'${value}'`);
  }
  throw new Error(`not a literal: ${String(value)}`);
}

/** `column in (…)` or `column = …` over closed-set values as literals (sqlLiteral). */
export function inLiterals(column: SQLWrapper, values: readonly (number | string)[]): SQL {
  return values.length === 1
    ? sql`${column} = ${sqlLiteral(values[0]!)}`
    : sql`${column} in (${sql.join(values.map(sqlLiteral), sql`, `)})`;
}

/**
 * A constant piece of SQL rendered to its text once (its values inlined as literals), for a statement
 * built on every request: drizzle spends time on each column and chunk it renders, a quarter of the
 * Job List's own CPU before (docs/performance.md "Jobs"). Only for pieces without user values.
 */
export function frozenSql(piece: SQL): SQL {
  return sql.raw(textDialect.sqlToQuery(piece.inlineParams()).sql);
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
