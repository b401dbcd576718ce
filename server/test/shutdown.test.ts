import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_ROOT } from '../src/platform/paths';
import { TEST_PASSWORD, TEST_SECRET_KEY } from './fixtures';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A login whose body arrives in two parts: in flight from the first byte until the last. */
function slowLogin(port: number, uname: string) {
  const body = JSON.stringify({ uname, password: TEST_PASSWORD });
  const split = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/_/login',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; body: { code: number } }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, split));
  return { finish: () => request.end(body.slice(split)), answered };
}

// A spawned server on a copy of the seeded test database; the embedded engine only (one data dir).
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('SIGTERM', () => {
  let dataDir: string;
  let child: ChildProcess;
  let port: number;
  let output = '';

  const untilOutput = (done: (text: string) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done(output)) return;
        child.stdout?.off('data', check);
        resolve();
      };
      child.stdout?.on('data', check);
      check();
    });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidyhouse-shutdown-'));
    const dump = await fs.readFile(inject('pgliteTemplate'));
    const copy = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([dump]) });
    await copy.close();
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SECRET_KEY: TEST_SECRET_KEY,
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const started = () => output.includes('Tidyhouse is running at') && resolve();
      child.stdout?.on('data', started);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, refuses new connections, closes the database and exits 0', async () => {
    const logins = ['admin', 'office', 'scheduler'].map((uname) => slowLogin(port, uname));
    // The server has read every request's headers (and half its body) before the signal: it logs each one.
    await untilOutput((text) => text.split('"url":"/_/login"').length - 1 >= logins.length);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await untilOutput((text) => text.includes('shutting down'));
    await expect(fetch(`http://127.0.0.1:${port}/_/health`)).rejects.toThrow();

    for (const login of logins) login.finish();
    const answers = await Promise.all(logins.map((login) => login.answered));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(Code.OK);
    }
    expect(await exited).toBe(0);
    // The database was closed, not abandoned: the data dir lock is gone and PGlite reopens it cleanly.
    await expect(fs.access(path.join(dataDir, 'tidyhouse.lock'))).rejects.toThrow();
    const reopened = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const sessions = await reopened.query<{ n: number }>('select count(*)::int as n from sessions');
    expect(sessions.rows[0]!.n).toBeGreaterThanOrEqual(3);
    await reopened.close();
  });
});
