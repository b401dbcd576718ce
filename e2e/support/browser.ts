import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ADMIN_PASSWORD } from './server';

/** Debian's Chromium, never a downloaded browser; the flags keep it off this closed network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

/**
 * The browser's own zone in every browser test: not the business zone (America/Los_Angeles), so a
 * screen that shows or proposes a date in the browser's zone instead of the business's is caught.
 */
export const BROWSER_TIME_ZONE = 'America/New_York';

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; base?: string; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.base ?? baseUrl(),
    viewport: { width: options.width ?? 1600, height: options.height ?? 900 },
    locale: 'zh-CN',
    timezoneId: options.timezoneId ?? BROWSER_TIME_ZONE,
    // The system setting the screens honour (AntdProviders): dialogs open without a zoom, so a click
    // never lands on a dialog still moving (settledDialog was the workaround, one test at a time).
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the API (not the form) and returns the token, for setting up a test. */
export async function apiLogin(
  uname: string,
  base = baseUrl(),
  password = ADMIN_PASSWORD,
): Promise<{ token: string; userInfo: { id: number } }> {
  const response = await fetch(`${base}/_/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uname, password }),
  });
  const body = (await response.json()) as { code: number; data: { token: string; userInfo: { id: number } } };
  if (body.code !== 0) throw new Error(`login of ${uname} failed: ${JSON.stringify(body)}`);
  return body.data;
}

export async function apiCall<T>(
  path: string,
  token: string,
  body: unknown = {},
  base = baseUrl(),
  locale?: 'en' | 'zh',
): Promise<{ code: number; message: string; data: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: token };
  // Without a language the server answers in its default (Chinese), as it would a bare client.
  if (locale) headers['accept-language'] = locale;
  const response = await fetch(`${base}/_${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; data: T };
}

/** Fills the login form and submits it. */
export async function loginByForm(page: Page, uname: string, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('#uname').fill(uname);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Starts the app in a language (the stored locale); the user may still switch later. */
export async function useLocale(context: BrowserContext, locale: 'en' | 'zh'): Promise<void> {
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', value);
  }, locale);
}

export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

/**
 * The open dialog matching `selector`, once it has finished its opening zoom. A click made while the
 * zoom is still starting can be measured on a still dialog and land after it has moved, so the press
 * and the release miss each other and no click happens (seen in full runs: a confirmation, a
 * campaign's approval, a payment's Save).
 */
export async function settledDialog(page: Page, selector = '.ant-modal'): Promise<Locator> {
  const dialog = page.locator(selector);
  await dialog.waitFor();
  await page.waitForFunction((css) => {
    const open = document.querySelector(css);
    return open !== null && !/ant-zoom-(appear|enter)/.test(open.className);
  }, selector);
  return dialog;
}

/** The open confirmation dialog (Modal.confirm), once it has finished its opening zoom. */
export const settledConfirm = (page: Page): Promise<Locator> => settledDialog(page, '.ant-modal-confirm');

/** The text of the message toasts antd shows. */
export const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * A short run-unique tag for names. Base 36, never a long run of digits: the server refuses any text
 * that looks like a card number (13 to 19 digits passing Luhn), and `Date.now()` has 13 digits.
 */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
