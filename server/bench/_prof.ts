import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openPostgres } from '../src/platform/database';

async function main() {
  const config = { ...loadConfig(process.env), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const database = openPostgres(process.env.BENCH_DATABASE_URL!);
  const app = await buildApp({ config, database, logger: true, serveStatic: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const r = await fetch(`${url}/_/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uname: 'admin', password: 'Bench-pass-123' }) });
  const { data } = (await r.json()) as { data: { token: string } };
  const path = process.env.P ?? '/getUserInfo';
  const body = process.env.B;
  const result = await autocannon({ url: `${url}/_${path}`, method: body ? 'POST' : 'GET', body, headers: { authorization: data.token, 'content-type': 'application/json' }, connections: 10, duration: Number(process.env.S ?? 8), workers: 1 });
  process.stderr.write(`${path} ${result.requests.average} req/s p99 ${result.latency.p99}\n`);
  await app.close();
  await database.close();
}
main();
