import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = 'E2e-admin-pass-1';

export interface RunningServer {
  url: string;
  /** Exactly the address the server printed for the user ("Tidyhouse is running at …"). */
  printedUrl: string;
  dataDir: string;
  /** The server process, for tests that signal it themselves. */
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export const COMPILED_SERVER = path.join(REPO_ROOT, 'server/dist/main.js');

/** Bundles the server (server/scripts/build.mjs, about a second) so the tests run what production runs. */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.join(REPO_ROOT, 'server'), stdio: 'inherit' });
}

/**
 * How to run the server: the compiled bundle when it is built (as `npm start` does), otherwise the
 * TypeScript source through tsx. `runner` forces one (the start-up bench compares both).
 */
export function serverCommand(runner?: 'compiled' | 'tsx'): string[] {
  const compiled = runner === 'compiled' || (runner === undefined && fs.existsSync(COMPILED_SERVER));
  return compiled ? ['--enable-source-maps', COMPILED_SERVER] : ['--import', 'tsx', 'server/src/main.ts'];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the real server (production web build, embedded database, demo data) on a fresh data dir. */
export async function startServer(
  env: Record<string, string> = {},
  options: { runner?: 'compiled' | 'tsx'; dataDir?: string; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` before the browser tests');
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-e2e-'));
  const child: ChildProcess = spawn(process.execPath, serverCommand(options.runner), {
    cwd: REPO_ROOT,
    // MAIL_CATCHER_PORT 0: the built-in SMTP catcher on a free port, so test servers never collide.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      MAIL_CATCHER_PORT: '0',
      // The card gateway simulator the server starts, on a port of its own so test servers never collide.
      GATEWAY_SIM_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, options.startTimeoutMs ?? 300_000);
    const check = () => {
      if (output.includes('Tidyhouse is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const printedUrl = /Tidyhouse is running at (\S+)/.exec(output)?.[1] ?? '';
  return {
    url: `http://127.0.0.1:${port}`,
    printedUrl,
    dataDir,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
