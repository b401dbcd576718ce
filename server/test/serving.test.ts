import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { API_DOCS_KEY, Code } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Readiness } from '../src/platform/readiness';
import { DOCUMENT_ONLY_HEADERS } from '../src/platform/security';
import { createTestApp, type TestApp } from './helper';

const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head></html>';
const FIELD_HTML = '<!doctype html><html><head><script type="module" src="/assets/field-1.js"></script></head></html>';
const APP_JS = `export const text = ${JSON.stringify('x'.repeat(4000))};`;

/** A built web app in miniature: index.html and one hashed asset with its .br and .gz copies. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidyhouse-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'field.html'), FIELD_HTML);
  fs.writeFileSync(path.join(dir, 'assets/app-1.js'), APP_JS);
  fs.writeFileSync(path.join(dir, 'assets/app-1.js.br'), zlib.brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(dir, 'assets/app-1.js.gz'), zlib.gzipSync(APP_JS));
  return dir;
}

describe('serving the web app and the API from one origin', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp();
    // The same database behind a second app that serves the web build, as production does.
    app = await buildApp({ config: { ...t.config, webDist }, database: { db: t.db } as never, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers index.html at / and at every app route, never the API envelope', async () => {
    for (const url of ['/', '/login', '/quick/dashboard', '/customer/customerdetail?id=3', '/no/such/screen', '/_']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the field app its own page at /field and its deep links, and not to look-alike paths', async () => {
    for (const url of ['/field', '/field/', '/field/job/12', '/field/time?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(FIELD_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // A back-office path that merely starts with the same letters stays the back office's.
    const office = await app.inject({ method: 'GET', url: '/fieldwork' });
    expect(office.body).toBe(INDEX_HTML);
  });

  it('keeps /_/ for the API: an unknown path there is a 10004 envelope, as is a missing file', async () => {
    for (const url of ['/_/no/such/api', '/assets/missing-2.js', '/favicon.ico']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe(Code.NOT_FOUND);
    }
  });

  it('serves the brotli or gzip copy an asset was built with, saying so and varying on Accept-Encoding', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(decode(response.rawPayload).toString()).toBe(APP_JS);
    }
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('compresses a JSON answer above the threshold, and leaves a small one as it is', async () => {
    const token = await t.loginAs('super_admin');
    const large = await app.inject({
      method: 'GET',
      url: '/_/getUserInfo',
      headers: { authorization: token, 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(large.rawPayload).toString()).code).toBe(Code.OK);
    const small = await app.inject({ method: 'GET', url: '/_/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toEqual({ status: 'ok', database: true });
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/', '/_/health']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('leaves the document-only security headers off hashed assets, and keeps what a script uses', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('readiness while the database is prepared', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const readiness: Readiness = { ready: false };
  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp({ config: t.config, database: { db: t.db } as never, logger: false, serveStatic: false, readiness });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('answers 503 "starting" on /_/health and on every other call until start-up is done, then 200', async () => {
    const health = await app.inject({ method: 'GET', url: '/_/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toEqual({ status: 'starting', database: true });
    const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: 'x' } });
    expect(login.statusCode).toBe(503);
    expect(login.headers['retry-after']).toBeDefined();

    readiness.ready = true;
    const ready = await app.inject({ method: 'GET', url: '/_/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ok', database: true });
  });

  it('reports an unreachable database with 503 "unavailable"', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection refused')) };
    const down = await buildApp({ config: t.config, database: { db: broken } as never, logger: false, serveStatic: false });
    const health = await down.inject({ method: 'GET', url: '/_/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toEqual({ status: 'unavailable', database: false });
    await down.close();
  });
});

describe('API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every API route with a summary and one domain tag', async () => {
    const token = await t.loginAs('super_admin');
    const response = await t.app.inject({ method: 'GET', url: '/_/openapi.json', headers: { authorization: token } });
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const domains = new Set([
      'system',
      'auth',
      'employees',
      'customers',
      'sales',
      'service',
      'office',
      'billing',
      'dashboard',
      'marketing',
      'payroll',
      'field',
      'messaging',
    ]);
    const missing: string[] = [];
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      if (!operation) missing.push(`${route.method} ${route.path}: not in the document`);
      else if (!operation.summary?.trim()) missing.push(`${route.method} ${route.path}: no summary`);
      else if (operation.tags?.length !== 1 || !domains.has(operation.tags[0]!)) {
        missing.push(`${route.method} ${route.path}: tags ${JSON.stringify(operation.tags)}`);
      }
    }
    expect(missing).toEqual([]);
    expect(t.app.apiRoutes.length).toBeGreaterThan(100);
  });

  it('is the reference of every route: each has its input and its answer described', async () => {
    const token = await t.sessionAs('super_admin');
    const response = await t.app.inject({ method: 'GET', url: '/_/openapi.json', headers: { authorization: token } });
    type Operation = {
      parameters?: unknown[];
      requestBody?: { content?: Record<string, { schema?: unknown }> };
      responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      'x-input'?: string;
    };
    const document = response.json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.path}`;
      if (!operation) {
        missing.push(`${name}: not in the document`);
        continue;
      }
      // A POST describes its body; a GET its query parameters, or says it takes none.
      const input =
        route.method === 'POST'
          ? operation.requestBody?.content?.['application/json']?.schema
          : (operation.parameters?.length ?? 0) > 0 || operation['x-input'] === 'none';
      if (!input) missing.push(`${name}: no request schema`);
      const answer = Object.values(operation.responses?.['200']?.content ?? {})[0]?.schema;
      if (!answer) missing.push(`${name}: no response schema`);
    }
    expect(missing).toEqual([]);
  });

  it('generates a document that is valid OpenAPI 3 (schemas, references, parameters)', async () => {
    const token = await t.loginAs('super_admin');
    const response = await t.app.inject({ method: 'GET', url: '/_/openapi.json', headers: { authorization: token } });
    // validate() checks the document against the OpenAPI 3.0 schema and resolves every $ref; it
    // throws naming the first offending path.
    const validated = await SwaggerParser.validate(response.json());
    expect(Object.keys(validated.paths ?? {}).length).toBeGreaterThan(100);
  });

  it('serves the reference page, and its copy of the document only with the key', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/_/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect((await t.app.inject({ method: 'GET', url: '/_/docs/json' })).json().code).toBe(Code.NOT_LOGGED_IN);
    const office = await t.loginAs('office_manager');
    const refused = await t.app.inject({ method: 'GET', url: '/_/docs/json', headers: { authorization: office } });
    expect(refused.json().code).toBe(Code.FORBIDDEN);
    const admin = await t.loginAs('super_admin');
    const allowed = await t.app.inject({ method: 'GET', url: '/_/docs/yaml', headers: { authorization: admin } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('/customer/queryList');
    expect(API_DOCS_KEY).toBe('sys:api:docs');
  });
});
