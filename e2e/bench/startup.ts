/**
 * Start-up time (spawn to "Tidyhouse is running at", i.e. migrated and ready) and resident memory of
 * the server run through the tsx loader versus the compiled bundle, on the same existing data dir
 * (a first start also creates the embedded database, which costs the same either way). The bare
 * baseline, started in turn in the same rounds: a bare Node process (spawn to its first line, and
 * its resident memory), what any server costs before its own code. Prints a BenchReport.
 * Run: npm run bench -w e2e (figures in docs/performance.md).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchReport } from '../../server/bench/lib/report';
import { apiLogin } from '../support/browser';
import { buildServer, startServer } from '../support/server';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A bare Node process: ms from spawn to its first line, and its resident memory then (MB). */
async function bareNode(): Promise<{ ms: number; mb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', "console.log('ready'); setInterval(() => {}, 1000)"], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  const result = { ms: performance.now() - started, mb: rssMb(child.pid!) };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return result;
}

buildServer();
const report = new BenchReport('Server start-up and memory: tsx versus compiled', 'pglite (a data dir)');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-startup-'));
try {
  // The first start creates, migrates and seeds the database; it is not measured.
  await (await startServer({}, { runner: 'compiled', dataDir, startTimeoutMs: 600_000 })).stop();
  const results: Record<string, { startMs: number[]; readyMb: number[]; servingMb: number[] }> = {
    tsx: { startMs: [], readyMb: [], servingMb: [] },
    compiled: { startMs: [], readyMb: [], servingMb: [] },
  };
  const bare = { startMs: [] as number[], mb: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const b = await bareNode();
    bare.startMs.push(b.ms);
    bare.mb.push(b.mb);
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
  for (const [runner, r] of Object.entries(results)) {
    const note = `median of ${ROUNDS} start(s); bare: a bare Node process`;
    report.add({ measure: `${runner}: spawn to ready`, ours: median(r.startMs), bare: median(bare.startMs), note });
    report.add({
      measure: `${runner}: resident memory when ready`,
      ours: median(r.readyMb),
      bare: median(bare.mb),
      unit: 'MB',
      note,
    });
    report.add({
      measure: `${runner}: resident memory after 50 list calls`,
      ours: median(r.servingMb),
      bare: median(bare.mb),
      unit: 'MB',
      note,
    });
  }
  report.finish();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
