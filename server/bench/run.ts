/**
 * Benchmarks print figures; they assert nothing. Each runs the real app on a fresh in-memory PGlite
 * (or DATABASE_URL's PostgreSQL when set) through app.inject, so the figures cover routing, the
 * session check, validation, the query and serialization, without network noise.
 */
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openPostgres, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';

const PASSWORD = 'Bench-pass-123';

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!.toFixed(2);
  const total = samples.reduce((a, b) => a + b, 0);
  console.log(
    `${label.padEnd(40)} runs=${runs}  mean=${(total / runs).toFixed(2)}ms  p50=${pct(0.5)}ms  p95=${pct(0.95)}ms  p99=${pct(0.99)}ms`,
  );
}

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  console.log(`engine: ${database.engine}`);
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const app = await buildApp({ config, database, logger: false, serveStatic: false });

  const login = async () => {
    const response = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
    return (response.json() as { data: { token: string } }).data.token;
  };
  await time('POST /_/login (argon2id verify)', 50, login);
  const token = await login();
  await time('GET /_/getUserInfo (session + menu)', 500, () =>
    app.inject({ method: 'GET', url: '/_/getUserInfo', headers: { authorization: token } }),
  );
  await time('POST /_/sysParam/businessProfile', 500, () =>
    app.inject({ method: 'POST', url: '/_/sysParam/businessProfile', headers: { authorization: token }, payload: {} }),
  );
  await app.close();
  await database.close();
}

void main();
