import type { Db } from './database';

/** One round trip to the database: its SQL text, parameters and how long the driver took. */
export interface RecordedQuery {
  sql: string;
  params: unknown[];
  ms: number;
}

interface Queryable {
  query(...args: unknown[]): Promise<unknown>;
}

/**
 * Records every query `db` sends to its driver until `stop()` (tests count round trips so a query
 * per employee or per day cannot come back; benches time each one). Both drivers (node-postgres and
 * PGlite) are reached through the drizzle session's `client`, which is swapped for a recording proxy;
 * queries inside a transaction run on the transaction's own client and are not seen.
 */
export function recordQueries(db: Db): { queries: RecordedQuery[]; stop: () => void } {
  const session = (db as unknown as { session: { client: Queryable } }).session;
  const client = session.client;
  const queries: RecordedQuery[] = [];
  const query = async (...args: unknown[]) => {
    const start = performance.now();
    try {
      return await client.query(...args);
    } finally {
      const [text, params] = args as [string | { text: string }, unknown[] | undefined];
      queries.push({ sql: typeof text === 'string' ? text : text.text, params: params ?? [], ms: performance.now() - start });
    }
  };
  session.client = new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { queries, stop: () => (session.client = client) };
}

/** A short name for a query: the first table it reads or writes (`time_punches`, `jobs`…). */
export function queryTable(sqlText: string): string {
  const match = /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(sqlText.replace(/extract\(\w+ from/gi, ''));
  return match?.[1] ?? sqlText.slice(0, 40);
}
