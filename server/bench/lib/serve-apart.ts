/**
 * Starts `served.ts` (our app and the bare baseline on PostgreSQL) in a child process and returns
 * their URLs: an HTTP bench then measures a server that shares nothing with the load generator but
 * the machine's cores, as in production. PGlite in memory cannot be shared with another process, so
 * a bench on it keeps its server in-process.
 */
import { fork } from 'node:child_process';
import path from 'node:path';

export interface ServedApart {
  ours: string;
  bare: string;
  /** The child's process id (a bench reads its CPU time or memory). */
  pid: number;
  close(): Promise<void>;
}

const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;

export async function serveApart(databaseUrl: string, options: { logger?: boolean } = {}): Promise<ServedApart> {
  const child = fork(path.join(import.meta.dirname, 'served.ts'), [], {
    // BENCH_CPU_PROF_DIR: where the server writes a V8 CPU profile of the run (where its time goes).
    execArgv: ['--import', 'tsx', ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    env: { ...process.env, BENCH_SERVE_DATABASE_URL: databaseUrl, BENCH_SERVE_LOGGER: options.logger ? '1' : '0' },
    // The request log goes where a production log would not cost a terminal.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const urls = await new Promise<{ ours: string; bare: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { ours: string; bare: string }));
    child.once('exit', (code) => reject(new Error(`the bench's server process exited (${code}) before listening`)));
  });
  child.removeAllListeners('exit');
  return {
    ...urls,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}
