import { MENU_TREE } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, loginByForm, newPage, useLocale } from '../support/browser';
import { ADMIN_PASSWORD } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const collapsed = (page: Page) => page.getByTestId('sider').getAttribute('data-collapsed');

describe('the shell (spec §2)', () => {
  it('reaches every screen of the spec from the menu, with its breadcrumb', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    await loginByForm(page, 'admin');
    await page.waitForURL('**/quick/dashboard');
    const sider = page.getByTestId('sider');
    // The shell opens the current screen's group on its own: wait for that first, or a click on the
    // group's title while it opens would close it again.
    await expect.poll(() => sider.locator('li.ant-menu-submenu-open').count(), { timeout: 15_000 }).toBe(1);
    for (const group of MENU_TREE) {
      const submenu = sider
        .locator('li.ant-menu-submenu')
        .filter({ has: page.locator('.ant-menu-submenu-title', { hasText: group.title.en }) });
      if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) {
        await submenu.locator('.ant-menu-submenu-title').click();
      }
      for (const screen of group.children) {
        await submenu
          .locator('li.ant-menu-item')
          .filter({ hasText: new RegExp(`^${screen.title.en.replace(/[&]/g, '\\$&')}$`) })
          .click();
        await page.waitForURL((url) => url.pathname === screen.url);
        await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain(screen.title.en);
      }
      // One submenu open at a time.
      expect(await sider.locator('li.ant-menu-submenu-open').count()).toBe(1);
    }
    await page.getByTestId('breadcrumb').locator('a').first().click();
    await page.waitForURL('**/quick/dashboard');
    await context.close();
  });

  it('switches the language from the avatar menu, and keeps it after a reload', async () => {
    const { context, page } = await newPage(browser);
    await loginByForm(page, 'office');
    await page.waitForURL('**/quick/dashboard');
    expect(await page.getByTestId('sider').textContent()).toContain('快捷入口');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('sider').textContent()).toContain('Quick Links');
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('Office Manager');
    await page.reload();
    await expect.poll(() => page.getByTestId('sider').textContent()).toContain('Quick Links');
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => page.getByTestId('sider').textContent()).toContain('快捷入口');
    await context.close();
  });

  it('collapses the menu below 1500 px and by the toggle', async () => {
    const { context, page } = await newPage(browser, { width: 1400 });
    await loginByForm(page, 'admin');
    await page.waitForURL('**/quick/dashboard');
    await expect.poll(() => collapsed(page)).toBe('true');
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(() => collapsed(page)).toBe('false');
    await page.getByTestId('menu-toggle').click();
    await expect.poll(() => collapsed(page)).toBe('true');
    await page.getByTestId('menu-toggle').click();
    await expect.poll(() => collapsed(page)).toBe('false');
    await page.setViewportSize({ width: 1200, height: 900 });
    await expect.poll(() => collapsed(page)).toBe('true');
    await context.close();
  });

  for (const [locale, title, retry, listTitle] of [
    ['en', 'This page could not be loaded', /^Retry$/, 'Customer List'],
    ['zh', '页面加载失败', /^重\s*试$/, '客户列表'],
  ] as const) {
    it(`keeps the shell when a screen's chunk fails to load, and the retry opens the screen (${locale})`, async () => {
      const { context, page } = await newPage(browser);
      await useLocale(context, locale);
      await loginByForm(page, 'admin');
      await page.waitForURL('**/quick/dashboard');
      await page.getByTestId('sider').waitFor();
      // A redeploy or a network blip: the Customer List page's chunk cannot be fetched.
      const chunk = /\/assets\/CustomerListPage-[^/]*\.js$/;
      await page.route(chunk, (route) => route.abort('failed'));
      await page.evaluate(() => {
        (window as { shellMark?: boolean }).shellMark = true;
      });
      await page.getByTestId('sider').locator('li.ant-menu-item').filter({ hasText: listTitle }).first().click();
      await page.getByText(title).waitFor();
      // The shell stays: menu, header and breadcrumb, and no full reload happened.
      expect(await page.getByTestId('sider').isVisible()).toBe(true);
      expect(await page.getByTestId('breadcrumb').textContent()).toContain(listTitle);
      expect(await page.evaluate(() => (window as { shellMark?: boolean }).shellMark)).toBe(true);

      // The network is back: the retry opens the screen.
      await page.unroute(chunk);
      await page.getByRole('button', { name: retry }).click();
      await page.locator('.ant-table').first().waitFor();
      expect(await page.getByText(title).count()).toBe(0);
      expect(await page.getByTestId('sider').isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toMatch(/\/customerlist$/);
      await context.close();
    });
  }

  it('changes the own password in the user centre, with the spec messages', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    await loginByForm(page, 'sales');
    await page.waitForURL('**/quick/dashboard');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'User centre' }).click();
    await page.waitForURL('**/user/center');
    await expect.poll(() => page.getByText('Kevin Wu').count()).toBeGreaterThan(0);
    await page.locator('#oldPassword').fill(ADMIN_PASSWORD);
    await page.locator('#password').fill('Another-pass-7');
    await page.locator('#verifyPassword').fill('Another-pass-8');
    await page.locator('#verifyPassword').blur();
    await page.getByText('The password is inconsistent twice!').waitFor();
    await page.locator('#verifyPassword').fill('Another-pass-7');
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator('.ant-message-success').count()).toBeGreaterThan(0);
    // The new password works at the login page.
    const response = await fetch(new URL('/_/login', page.url()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uname: 'sales', password: 'Another-pass-7' }),
    });
    const { code, data } = (await response.json()) as { code: number; data: { token: string } };
    expect(code).toBe(0);
    // Put the shared demo password back for the other tests.
    const restored = await apiCall('/userCenter/changePassword', data.token, {
      oldPassword: 'Another-pass-7',
      password: ADMIN_PASSWORD,
      verifyPassword: ADMIN_PASSWORD,
    });
    expect(restored.code).toBe(0);
    await context.close();
  });
});
