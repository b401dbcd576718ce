import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openDatabase, queryRows } from './database';

/** The connections a PostgreSQL process keeps (docs/operations.md "PostgreSQL, several processes"). */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('database pool', () => {
  /** The server processes that answer `requests` statements sent at once, each holding its connection a moment. */
  async function backendsServing(env: Record<string, string>, requests: number) {
    const config = loadConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL!, ...env });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: '', poolSize: config.databasePoolSize });
    try {
      const answers = await Promise.all(
        Array.from({ length: requests }, () =>
          queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid from pg_sleep(0.05)`),
        ),
      );
      return new Set(answers.map(([row]) => row!.pid)).size;
    } finally {
      await database.close();
    }
  }

  it('keeps at most DATABASE_POOL_SIZE connections, 10 by default', async () => {
    expect(await backendsServing({ DATABASE_POOL_SIZE: '2' }, 6)).toBe(2);
    expect(await backendsServing({}, 6)).toBe(6);
    expect(await backendsServing({}, 12)).toBe(10);
  });
});
