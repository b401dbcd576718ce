/**
 * Where a list's time goes (issue 25): runs a service call once on a drizzle instance that records
 * its SQL, then prints `EXPLAIN (ANALYZE, BUFFERS)` of each statement it ran, on either engine.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from '../../src/db/schema';
import type { Db } from '../../src/platform/database';

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Explainer {
  /** The plans of every statement `call` runs (call runs twice: once recorded, once under EXPLAIN). */
  explain(call: (db: Db) => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
}

/** An explainer on the PGlite client the bench uses, or on its own one-connection pool to `url`. */
export function explainer(target: { pglite: PGlite } | { url: string }): Explainer {
  const recorded: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => recorded.push({ query, params }) };
  let raw: RawClient;
  let db: Db;
  let close = async () => {};
  if ('pglite' in target) {
    raw = target.pglite;
    db = drizzlePglite(target.pglite, { schema, logger }) as unknown as Db;
  } else {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    raw = pool;
    db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    close = () => pool.end();
  }
  return {
    async explain(call) {
      recorded.length = 0;
      await call(db);
      const plans: string[] = [];
      for (const { query, params } of [...recorded]) {
        const { rows } = await raw.query(`explain (analyze, buffers) ${query}`, params);
        plans.push((rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n'));
      }
      return plans;
    },
    close: () => close(),
  };
}
