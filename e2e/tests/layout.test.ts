import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, useLocale } from '../support/browser';

/**
 * Issue 8 item 11: at 1600 × 900 every column and action of the wide lists is on screen, menu labels
 * are whole, and no white margin surrounds the app. Screenshots go to SHOTS_DIR when it is set.
 */
const WIDTH = 1600;
const SHOTS = process.env.SHOTS_DIR;

let browser: Browser;
let token: string;
let customerWithLocation: number;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ token } = await apiLogin('admin'));
  const keys = await apiCall<{ list: { customer: { id: number } }[] }>('/customerKey/queryList', token, {
    pageSize: 1,
    hasKey: true,
  });
  customerWithLocation = keys.data.list[0]!.customer.id;
});
afterAll(() => browser.close());

/** Fully inside the window horizontally. */
async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH;
}

/**
 * The headers of the page's first table that are not wholly on screen or sit under its right-hand fixed
 * column (the fixed column itself must be on screen): empty when every column and action shows.
 */
async function hiddenColumns(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const table = document.querySelector('.ant-table');
    if (!table) return ['(no table)'];
    const headers = [...table.querySelectorAll<HTMLElement>('thead th')].filter((th) => th.offsetWidth > 0);
    const fixed = headers.find((th) => /ant-table-cell-fix-(right|end)/.test(th.className));
    const fixedLeft = fixed ? fixed.getBoundingClientRect().left : Number.POSITIVE_INFINITY;
    return headers
      .filter((th) => {
        const box = th.getBoundingClientRect();
        if (box.left < 0 || box.right > width + 0.5) return true;
        return th !== fixed && box.right > fixedLeft + 1;
      })
      .map((th) => th.textContent?.trim() || '(untitled)');
  }, WIDTH);
}

let longQuotesAdded = false;
/** Quotes dated today with long texts (once per file). */
async function addLongQuotes() {
  if (longQuotesAdded) return;
  longQuotesAdded = true;
  const zones = await apiCall<{ list: { primaryZips: string[] }[] }>('/zone/queryList', token, {
    pageNum: 1,
    pageSize: 50,
    active: true,
  });
  const zip = zones.data.list.find((z) => z.primaryZips.length > 0)!.primaryZips[0]!;
  // Pending and not sold show the most actions and the longest status; a sold one would make a customer and jobs.
  for (const [i, status] of (['pending', 'not_sold'] as const).entries()) {
    const added = await apiCall<{ id: number; version: number }>('/quote/add', token, {
      customerName: `Maximiliana Featherstonehaugh-Worthington ${i}`,
      phone1: `(650) 555-71${String(Date.now()).slice(-2)}`,
      address1: '12345 Extraordinarily Long Boulevard Northwest, Building C',
      city: 'South San Francisco',
      zip,
      houseType: 'house',
      houseSizeSqft: 2400,
      frequency: 'every_four_weeks',
      language: 'en',
    });
    if (added.code !== 0) throw new Error(`quote/add: ${added.message}`);
    if (status === 'not_sold') {
      const changed = await apiCall('/quote/changeStatus', token, {
        id: added.data.id,
        version: added.data.version,
        status,
        reason: 'Chose another company after comparing three quotes',
      });
      if (changed.code !== 0) throw new Error(`quote/changeStatus: ${changed.message}`);
    }
  }
}

/** Opens a list screen at 1600 px in the language, after its first row shows. */
async function openList(locale: 'zh' | 'en', url: string) {
  const { context, page } = await newPage(browser, { width: WIDTH, height: 900 });
  await useLocale(context, locale);
  await page.goto(`/login?tk=${encodeURIComponent(token)}`);
  await page.getByTestId('sider').waitFor();
  await page.goto(url);
  await page.locator('tbody tr.ant-table-row').first().waitFor();
  return { context, page };
}

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

for (const locale of ['zh', 'en'] as const) {
  describe(`layout at ${WIDTH} px (${locale})`, () => {
    it('has no margin around the app, and whole menu labels', async () => {
      const { context, page } = await newPage(browser, { width: WIDTH, height: 900 });
      await useLocale(context, locale);
      await page.goto(`/login?tk=${encodeURIComponent(token)}`);
      await page.getByTestId('sider').waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      // Open every group so each label is laid out, then compare each label's text with its box.
      const groups = page.getByTestId('sider').locator('.ant-menu-submenu-title');
      for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).click();
      const cut = await page
        .getByTestId('sider')
        .evaluate((sider) =>
          [...sider.querySelectorAll<HTMLElement>('.ant-menu-title-content')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
        );
      expect(cut).toEqual([]);
      await shot(page, `${locale}-menu`);
      await context.close();
    });

    it('shows the key list codes and reveal buttons on screen', async () => {
      const { context, page } = await newPage(browser, { width: WIDTH, height: 900 });
      await useLocale(context, locale);
      await page.goto(`/login?tk=${encodeURIComponent(token)}`);
      await page.getByTestId('sider').waitFor();
      await page.goto('/customer/secretkey');
      const reveal = page
        .locator('button[aria-label]')
        .filter({ has: page.locator('.anticon-eye') })
        .first();
      await reveal.waitFor();
      expect(await inViewport(reveal)).toBe(true);
      const code = page.locator('[data-testid^="code-"]').first();
      expect(await inViewport(code)).toBe(true);
      await shot(page, `${locale}-keys`);
      await context.close();
    });

    for (const url of [
      '/service/worklist',
      '/service/planlist',
      '/service/tasklist',
      '/marketing/giftcertificate',
      '/marketing/channellist',
    ]) {
      it(`shows every column and action of ${url}`, async () => {
        const { context, page } = await openList(locale, url);
        expect(await hiddenColumns(page)).toEqual([]);
        await shot(page, `${locale}-${url.split('/').pop()}`);
        await context.close();
      });
    }

    // The first page holds quotes with the longest texts a real office has: the widest statuses, the longest
    // frequency, long names and addresses (added here, newest first, so they are on it).
    it('shows every column of the past quotes, and the location delete button', async () => {
      await addLongQuotes();
      const { context, page } = await openList(locale, '/sales/quotationlist');
      await shot(page, `${locale}-quotes`);
      expect(await hiddenColumns(page)).toEqual([]);

      await page.goto(`/customer/customerdetail?id=${customerWithLocation}`);
      await page.getByRole('tab', { name: locale === 'zh' ? /地点/ : /Locations/ }).click();
      const remove = page
        .getByTestId('locations-table')
        .locator('tbody tr.ant-table-row')
        .first()
        .getByRole('button', {
          name: locale === 'zh' ? /删\s*除/ : /Delete/,
        });
      await remove.waitFor();
      expect(await inViewport(remove)).toBe(true);
      await shot(page, `${locale}-locations`);
      await context.close();
    });
  });
}
