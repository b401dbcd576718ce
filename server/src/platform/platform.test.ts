import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAuthHook } from './auth-hook';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import type { Db } from './database';
import { installErrorHandling } from './http';
import { createSecrets, maskSecret, resolveSecretKey } from './secrets';
import { serveWeb } from './static';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      seedDemo: true,
      sessionIdleMs: 720 * 60_000,
      databaseUrl: undefined,
      databasePoolSize: 10,
    });
    expect(config.dataDir).toMatch(/[/\\]data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ SESSION_IDLE_MINUTES: '-5' }, /SESSION_IDLE_MINUTES/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be 1 to 100 connections/],
    [{ DATABASE_POOL_SIZE: '2.5' }, /DATABASE_POOL_SIZE must be a whole number/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
  ])('stops on %j with one line naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads flags and fractional minutes', () => {
    expect(loadConfig({ SEED_DEMO: 'off', SESSION_IDLE_MINUTES: '0.5', DATABASE_POOL_SIZE: '4' })).toMatchObject({
      seedDemo: false,
      sessionIdleMs: 30_000,
      databasePoolSize: 4,
    });
  });
});

describe('embedded data directory lock', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-lock-'));

  it('refuses a second holder while the first is alive, and frees on release', () => {
    const dir = tmp();
    const release = lockDataDir(dir);
    // A live process other than us holds it: pid 1 always exists.
    fs.writeFileSync(path.join(dir, 'tidyhouse.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'tidyhouse.lock'), String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'tidyhouse.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock left by a dead process', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'tidyhouse.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'tidyhouse.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('routes', () => {
  it('refuses to register an API route that declares no permission', async () => {
    const app = Fastify();
    installAuthHook(app, {} as Db, { idleMs: 1000 }, []);
    expect(() => app.post('/x', async () => ({}))).toThrow(/declares no permission/);
    expect(() => app.post('/y', { config: { permission: 'public' } }, async () => ({}))).not.toThrow();
  });

  it('serves the web app, with index.html for deep links and envelopes for unknown APIs', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tidyhouse</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = Fastify();
    app.decorateRequest('locale', 'en');
    installErrorHandling(app);
    await serveWeb(app, dist);
    const deep = await app.inject({ method: 'GET', url: '/customer/customerlist' });
    expect(deep.body).toContain('<title>Tidyhouse</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/_/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(10004);
    await app.close();
  });
});

describe('secrets at rest', () => {
  const key = Buffer.alloc(32, 7);
  it('round-trips, with a fresh IV each time, and detects tampering', () => {
    const box = createSecrets(key);
    const a = box.encrypt('1234#');
    expect(a).not.toContain('1234');
    expect(box.encrypt('1234#')).not.toBe(a);
    expect(box.decrypt(a)).toBe('1234#');
    const [v, iv, tag, data] = a.split(':');
    const tampered = [v, iv, tag, Buffer.from('xxxx').toString('base64') + data!.slice(8)].join(':');
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => createSecrets(Buffer.alloc(32, 8)).decrypt(a)).toThrow();
  });

  it('masks all but the last characters', () => {
    expect(maskSecret('sk_live_abcdef12')).toBe('••••••••••••••12');
    expect(maskSecret('1234')).toBe('••••');
    expect(maskSecret('')).toBe('');
  });

  it('takes SECRET_KEY, else a key file for the embedded engine, and requires it with DATABASE_URL', () => {
    expect(resolveSecretKey({ secretKey: 'ab'.repeat(32), dataDir: '/nonexistent' })).toHaveLength(32);
    expect(() => resolveSecretKey({ secretKey: 'short', dataDir: '/x' })).toThrow(/SECRET_KEY/);
    expect(() => resolveSecretKey({ databaseUrl: 'postgres://x', dataDir: '/x' })).toThrow(/SECRET_KEY is required/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-key-'));
    const first = resolveSecretKey({ dataDir: dir });
    expect(resolveSecretKey({ dataDir: dir }).equals(first)).toBe(true);
  });
});
