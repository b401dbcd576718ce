/**
 * The server under an HTTP bench, in a process of its own (issue 25): our app and the bare baseline
 * (the same service calls behind nothing but Fastify's JSON) on two ports of PostgreSQL's data. The
 * load generator stays in the bench's process, so it shares no thread, heap or garbage collector with
 * the server, as a browser never does: in one process the bench's own heap (half a gigabyte after the
 * load) and autocannon's worker stretched the server's pauses into the p99 (docs/performance.md).
 * Started by `serveApart` (serve-apart.ts); answers `{ ours, bare }` over IPC, stops on "close".
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { openPostgres } from '../../src/platform/database';
import { bareApp } from './bare-app';

const databaseUrl = process.env.BENCH_SERVE_DATABASE_URL!;
const config = { ...loadConfig(process.env), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32), planGeneration: false };
// DATABASE_POOL_SIZE as a server would read it (default 10).
const database = openPostgres(databaseUrl, config.databasePoolSize);
const db = database.db;
const ours = await buildApp({ config, database, logger: process.env.BENCH_SERVE_LOGGER === '1', serveStatic: false });

const bare = bareApp(db, config.sessionIdleMs);

const urls = {
  ours: await ours.listen({ host: '127.0.0.1', port: 0 }),
  bare: await bare.listen({ host: '127.0.0.1', port: 0 }),
};
process.send!(urls);
process.on('message', async (message) => {
  if (message !== 'close') return;
  await ours.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
