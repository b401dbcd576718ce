import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, loginByForm, newPage, storedToken, toast, useLocale } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('sessions ending', () => {
  it('logs out quietly: the login page, no token, no error toast', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    const responses: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/_/')) responses.push(response.url());
    });
    await loginByForm(page, 'office');
    await page.waitForURL('**/quick/dashboard');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.waitForLoadState('networkidle');
    expect(await storedToken(page)).toBeNull();
    expect(await page.locator('.ant-message-notice').allInnerTexts()).toEqual([]);
    await context.close();
  });

  it('throws a frozen user out on the next call (9999)', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    await loginByForm(page, 'scheduler');
    await page.waitForURL('**/quick/dashboard');
    const admin = await apiLogin('admin');
    const scheduler = await apiLogin('scheduler');
    const frozen = await apiCall('/sysUser/isBlocking', admin.token, { id: scheduler.userInfo.id, blocked: true });
    expect(frozen.code).toBe(0);
    try {
      // Any next call of the page: the shell refreshes the user info on load.
      await page.reload();
      await page.waitForURL('**/login');
      await toast(page, 'This account is frozen').waitFor();
      expect(await storedToken(page)).toBeNull();
    } finally {
      // Unfrozen whatever happened: the later files log in as the scheduler.
      await apiCall('/sysUser/isBlocking', admin.token, { id: scheduler.userInfo.id, blocked: false });
      await context.close();
    }
  });

  describe('with a short idle timeout', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ SESSION_IDLE_MINUTES: '0.05' });
    });
    afterAll(() => server.stop());

    it('returns an expired session to the login page (20006)', async () => {
      const { context, page } = await newPage(browser, { base: server.url });
      await useLocale(context, 'en');
      await loginByForm(page, 'office');
      await page.waitForURL('**/quick/dashboard');
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await page.reload();
      await page.waitForURL('**/login');
      await toast(page, 'Your session has expired').waitFor();
      expect(await storedToken(page)).toBeNull();
      await context.close();
    });
  });
});
