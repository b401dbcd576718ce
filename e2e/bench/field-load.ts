/**
 * The field app's first load (issue 21) in Chromium on a 390×844 phone screen, cache empty:
 * - bytes: the compressed JavaScript it downloads before it is ready (Network.loadingFinished's
 *   encodedDataLength, as login-bytes.ts counts them), against 120 kB;
 * - time to ready under DevTools' "Fast 3G" preset (Network.emulateNetworkConditions), from the
 *   navigation to the screen a cleaner uses: the sign-in form, and a signed-in cleaner's My day with
 *   their jobs, against 3 s; beside a bare baseline, the back office's login page of the same build
 *   under the same throttling, visited in turn in the same run.
 * The JavaScript bytes have no bare figure: the machine's load does not change them.
 * Prints a BenchReport (load before and after); exits 1 over a budget. Run: npm run build -w web && npx tsx bench/field-load.ts (from e2e/)
 */
import type { Browser, Page } from 'playwright-core';
import { BenchReport } from '../../server/bench/lib/report';
import { apiLogin, launchBrowser } from '../support/browser';
import { buildServer, startServer } from '../support/server';

const JS_BUDGET_BYTES = 120 * 1000;
const READY_BUDGET_MS = 3000;
const RUNS = 3;
/** Chrome DevTools' "Fast 3G" (front_end/core/sdk/NetworkManager.ts): 1.6 Mbps down, 750 kbps up, 562.5 ms. */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Resource {
  url: string;
  type: string;
  bytes: number;
}

interface Visit {
  readyMs: number;
  resources: Resource[];
}

/**
 * Opens `path` in a fresh context (empty cache, no service worker yet), throttled or not, and waits
 * for `ready`. `session` signs the page in first (the token and user info the app keeps in
 * localStorage). Counts what the page downloaded until it was ready.
 */
async function visit(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  options: { throttle: boolean; session?: { token: string; userInfo: unknown } },
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (options.session) {
      await context.addInitScript(({ token, userInfo }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
      }, options.session);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (options.throttle) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const seen = new Map<string, { url: string; type: string }>();
    const resources: Resource[] = [];
    cdp.on('Network.responseReceived', (event) => seen.set(event.requestId, { url: event.response.url, type: event.type }));
    cdp.on('Network.loadingFinished', (event) => {
      const response = seen.get(event.requestId);
      if (response) resources.push({ ...response, bytes: event.encodedDataLength });
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page);
    const readyMs = performance.now() - started;
    return { readyMs, resources: [...resources] };
  } finally {
    await context.close();
  }
}

const scriptBytes = (v: Visit) => v.resources.filter((r) => r.type === 'Script').reduce((sum, r) => sum + r.bytes, 0);

buildServer();
const server = await startServer();
const browser = await launchBrowser();
try {
  const report = new BenchReport('Field app first load (issue 21), Chromium, 390×844', 'pglite (the server)');
  const cleaner = await apiLogin('rosa.martinez', server.url);
  const signIn = (page: Page) => page.getByTestId('login-uname').waitFor();
  const myDay = (page: Page) => page.locator('[data-testid^="job-card-"]').first().waitFor({ timeout: 60_000 });
  const officeLogin = (page: Page) => page.locator('#uname').waitFor();

  // Bytes: the first load unthrottled, listed by file.
  const first = await visit(browser, `${server.url}/field`, signIn, { throttle: false });
  for (const r of first.resources.filter((x) => x.type === 'Script').sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${kB(r.bytes).padStart(10)}  ${new URL(r.url).pathname}`);
  }
  const jsBytes = scriptBytes(first);
  const signedIn = await visit(browser, `${server.url}/field`, myDay, { throttle: false, session: cleaner });
  const jsSignedIn = scriptBytes(signedIn);

  const runs = { signIn: [] as number[], myDay: [] as number[], baseline: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    runs.baseline.push((await visit(browser, `${server.url}/login`, officeLogin, { throttle: true })).readyMs);
    runs.signIn.push((await visit(browser, `${server.url}/field`, signIn, { throttle: true })).readyMs);
    runs.myDay.push((await visit(browser, `${server.url}/field`, myDay, { throttle: true, session: cleaner })).readyMs);
  }
  const runsOf = (values: number[]) => `median of ${RUNS}: ${values.map((v) => v.toFixed(0)).join(', ')} ms`;
  const bare = `bare ${runsOf(runs.baseline)}`;
  report.add({
    measure: '/field first load: compressed JavaScript',
    ours: jsBytes / 1000,
    unit: 'kB',
    budget: JS_BUDGET_BYTES / 1000,
  });
  report.add({
    measure: "/field signed in, to My day's jobs: compressed JavaScript",
    ours: jsSignedIn / 1000,
    unit: 'kB',
    budget: JS_BUDGET_BYTES / 1000,
  });
  const fast3g = `Fast 3G (${FAST_3G.latency} ms, ${kB(FAST_3G.downloadThroughput)}/s down)`;
  report.add({
    measure: `/field to the sign-in form, ${fast3g}`,
    ours: median(runs.signIn),
    bare: median(runs.baseline),
    budget: READY_BUDGET_MS,
    note: `${runsOf(runs.signIn)}; ${bare}; bare: the back office's /login`,
  });
  report.add({
    measure: `/field signed in, to My day's jobs, ${fast3g}`,
    ours: median(runs.myDay),
    bare: median(runs.baseline),
    budget: READY_BUDGET_MS,
    note: `${runsOf(runs.myDay)}; bare: the back office's /login`,
  });
  report.finish();
  const over =
    Math.max(jsBytes, jsSignedIn) > JS_BUDGET_BYTES || Math.max(median(runs.signIn), median(runs.myDay)) > READY_BUDGET_MS;
  if (over) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
