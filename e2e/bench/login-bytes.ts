/**
 * Bytes on the wire for the first load of /login in Chromium (Network.loadingFinished's
 * encodedDataLength: compressed body plus headers, as the browser received it), by resource type.
 * Budget: at most 200 kB of JavaScript (docs/performance.md). Exits 1 above it.
 * Run: npm run build -w web && npm run bench -w e2e
 */
import { launchBrowser } from '../support/browser';
import { buildServer, startServer } from '../support/server';

const JS_BUDGET_BYTES = 200 * 1000;

interface Resource {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
}

buildServer();
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
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
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.locator('#uname').waitFor();

  const sum = (type: string) => resources.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  for (const r of resources.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${r.type.padEnd(10)} ${kB(r.bytes).padStart(10)}  ${r.encoding.padEnd(5)} ${new URL(r.url).pathname}`);
  }
  const scriptBytes = sum('Script');
  const scripts = resources.filter((r) => r.type === 'Script').length;
  console.log(`\n/login first load: ${kB(scriptBytes)} of JavaScript in ${scripts} files (budget ${kB(JS_BUDGET_BYTES)}),`);
  console.log(`${kB(resources.reduce((total, r) => total + r.bytes, 0))} in all (${resources.length} requests)`);
  if (scriptBytes > JS_BUDGET_BYTES) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
