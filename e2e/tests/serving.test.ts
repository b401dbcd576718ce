import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, launchBrowser, loginByForm, newPage, useLocale } from '../support/browser';
import { ADMIN_PASSWORD } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Records every content security policy violation the page reports, as events and as console errors. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

describe('the address the server prints', () => {
  it('serves the app: a visitor lands on the login page, a logged-in user on the dashboard, reload included', async () => {
    const printed = inject('printedUrl');
    expect(printed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const { context, page } = await newPage(browser, { base: printed });
    await useLocale(context, 'en');

    const first = await page.goto(printed);
    expect(first?.status()).toBe(200);
    expect(first?.headers()['content-type']).toContain('text/html');
    await page.waitForURL('**/login');
    await page.locator('#uname').waitFor();

    await loginByForm(page, 'admin', ADMIN_PASSWORD);
    // Logging in lands on "/" and the app moves on; a reload at that moment must show the app again.
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/quick/dashboard');
    const reloaded = await page.reload();
    expect(reloaded?.headers()['content-type']).toContain('text/html');
    await page.waitForURL('**/quick/dashboard');

    const again = await page.goto(printed);
    expect(again?.headers()['content-type']).toContain('text/html');
    await page.waitForURL('**/quick/dashboard');
    expect(await page.locator('body').textContent()).not.toContain('"code"');
    await context.close();
  });

  it('answers index.html on every app route and JSON only under /_/', async () => {
    const base = inject('printedUrl').replace(/\/$/, '');
    for (const route of ['/', '/login', '/quick/dashboard', '/customer/customerlist', '/no/such/screen']) {
      const response = await fetch(`${base}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toContain('text/html');
    }
    const api = await fetch(`${base}/_/no/such/api`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: number }).code).toBe(10004);
  });

  it("serves the icon the page names, so the browser's tab shows it and asks for no /favicon.ico", async () => {
    const base = inject('printedUrl').replace(/\/$/, '');
    const page = await (await fetch(`${base}/login`)).text();
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(page)?.[1];
    expect(href).toBe('/favicon.svg');
    const icon = await fetch(`${base}${href}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
  });
});

describe('security headers', () => {
  it('sends a content security policy without inline script, nosniff and no referrer', async () => {
    const response = await fetch(inject('printedUrl'));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('reports no policy violation on the login page and on several screens', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    const violations = await watchCsp(page);
    await loginByForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/quick/dashboard');
    for (const screen of ['/customer/customerlist', '/sales/newcustomerquotat', '/employee/employeelist', '/sys/region']) {
      await page.goto(screen);
      await page.locator('.ant-layout-content').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });
});

describe('API reference', () => {
  it('shows the OpenAPI document at /_/docs to the administrator, offline and under the policy', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(page);
    const { token } = await apiLogin('admin');
    await page.goto('/login');
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.goto('/_/docs');
    // One collapsed section per domain (all six); opening one shows its operations.
    const sections = page.locator('.opblock-tag-section');
    await sections.first().waitFor();
    expect(await sections.count()).toBeGreaterThanOrEqual(6);
    const customers = page.locator('.opblock-tag[data-tag="customers"]');
    await customers.click();
    await page.locator('.opblock-summary-path', { hasText: /^\/customer\/queryList$/ }).waitFor();
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('refuses the document to a caller without the key', async () => {
    const base = inject('printedUrl').replace(/\/$/, '');
    for (const path of ['/_/openapi.json', '/_/docs/json']) {
      const anonymous = (await (await fetch(`${base}${path}`)).json()) as { code: number };
      expect(anonymous.code, path).toBe(20005);
      const { token } = await apiLogin('scheduler');
      const scheduler = (await (await fetch(`${base}${path}`, { headers: { authorization: token } })).json()) as {
        code: number;
      };
      expect(scheduler.code, path).toBe(10003);
    }
  });
});
