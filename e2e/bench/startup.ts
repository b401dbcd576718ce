/**
 * Start-up time (spawn to "Tidyhouse is running at", i.e. migrated and ready) and resident memory of
 * the server run through the tsx loader versus the compiled bundle, on the same existing data dir
 * (a first start also creates the embedded database, which costs the same either way).
 * Run: npm run bench -w e2e (figures in docs/performance.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiLogin } from '../support/browser';
import { buildServer, startServer } from '../support/server';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-startup-'));
try {
  // The first start creates, migrates and seeds the database; it is not measured.
  await (await startServer({}, { runner: 'compiled', dataDir, startTimeoutMs: 600_000 })).stop();
  const results: Record<string, { startMs: number[]; readyMb: number[]; servingMb: number[] }> = {
    tsx: { startMs: [], readyMb: [], servingMb: [] },
    compiled: { startMs: [], readyMb: [], servingMb: [] },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const runner of ['tsx', 'compiled'] as const) {
      const started = performance.now();
      const server = await startServer({}, { runner, dataDir, startTimeoutMs: 300_000 });
      results[runner]!.startMs.push(performance.now() - started);
      results[runner]!.readyMb.push(rssMb(server.child.pid!));
      const { token } = await apiLogin('admin', server.url);
      for (let i = 0; i < 50; i++) {
        await fetch(`${server.url}/_/customer/queryList`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({ pageNum: 1, pageSize: 20 }),
        });
      }
      results[runner]!.servingMb.push(rssMb(server.child.pid!));
      await server.stop();
    }
  }
  console.log(`median of ${ROUNDS} starts on an existing data dir (embedded database):`);
  for (const [runner, r] of Object.entries(results)) {
    console.log(
      `${runner.padEnd(9)} start ${(median(r.startMs) / 1000).toFixed(2)} s   RSS ready ${median(r.readyMb).toFixed(0)} MB   after 50 list calls ${median(r.servingMb).toFixed(0)} MB`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
