/**
 * Bytes on the wire for the first load of /login in Chromium (Network.loadingFinished's
 * encodedDataLength: compressed body plus headers, as the browser received it), by resource type.
 * Budget: at most 200 kB of JavaScript (docs/performance.md). Exits 1 above it. The bytes have no
 * bare figure (the machine's load does not change them); the time to the form has one: a bare page
 * of the same build and server (/favicon.svg, one static file), loaded in turn in the same run.
 * Prints a BenchReport. Run: npm run build -w web && npm run bench -w e2e
 */
import type { Browser, Page } from 'playwright-core';
import { BenchReport, percentile } from '../../server/bench/lib/report';
import { launchBrowser } from '../support/browser';
import { buildServer, startServer } from '../support/server';

const JS_BUDGET_BYTES = 200 * 1000;
const RUNS = 5;

interface Resource {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** A fresh context, the cache off: `url` until `ready`; what came over the wire and how long it took. */
async function visit(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const seen = new Map<string, { url: string; type: string; encoding: string }>();
    const resources: Resource[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      seen.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] ?? 'none' });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = seen.get(event.requestId);
      if (response) resources.push({ ...response, bytes: event.encodedDataLength });
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page);
    const ms = performance.now() - started;
    await page.waitForLoadState('networkidle');
    return { ms, resources: [...resources] };
  } finally {
    await context.close();
  }
}

buildServer();
const server = await startServer();
const browser = await launchBrowser();
try {
  const report = new BenchReport('First load of /login, Chromium', 'pglite (the server)');
  const form = (page: Page) => page.locator('#uname').waitFor();
  const { resources } = await visit(browser, `${server.url}/login`, form);

  const sum = (type: string) => resources.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  for (const r of resources.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${r.type.padEnd(10)} ${kB(r.bytes).padStart(10)}  ${r.encoding.padEnd(5)} ${new URL(r.url).pathname}`);
  }
  const scriptBytes = sum('Script');
  const scripts = resources.filter((r) => r.type === 'Script').length;
  const all = resources.reduce((total, r) => total + r.bytes, 0);
  report.add({
    measure: '/login first load: JavaScript',
    ours: scriptBytes / 1000,
    unit: 'kB',
    budget: JS_BUDGET_BYTES / 1000,
    note: `${scripts} files; ${kB(all)} in all (${resources.length} requests)`,
  });

  const times = { ours: [] as number[], bare: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    times.bare.push((await visit(browser, `${server.url}/favicon.svg`, async () => undefined)).ms);
    times.ours.push((await visit(browser, `${server.url}/login`, form)).ms);
  }
  report.add({
    measure: '/login until the form shows',
    ours: percentile(times.ours, 0.5),
    bare: percentile(times.bare, 0.5),
    note: `median of ${RUNS}, cache off; bare: /favicon.svg of the same build and server`,
  });
  report.finish();
  if (scriptBytes > JS_BUDGET_BYTES) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
