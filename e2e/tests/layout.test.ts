import fs from 'node:fs';
import { ALL_SCREENS } from '@tidyhouse/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, useLocale } from '../support/browser';
import { countRequests, layoutProblems, openScreen } from '../support/layout';

/**
 * Issue 8 item 11 and issue 23 item 5: at 1600 and at 1366 px, in both languages, every screen of the
 * menu shows its columns, cells, buttons, tabs and labels whole and on screen, menu labels are whole,
 * and no white margin surrounds the app. Screenshots go to SHOTS_DIR when it is set.
 */
const WIDTHS = [1600, 1366] as const;
const SHOTS = process.env.SHOTS_DIR;

/** Every screen of the menu once: a Quick Link opens the very page of the screen it leads to. */
const SCREENS = ALL_SCREENS.filter((screen) => !screen.url.startsWith('/quick/'));

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
  await addLongQuotes();
});
afterAll(() => browser.close());

/** Fully inside a window `width` px wide. */
async function inViewport(locator: Locator, width: number): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

/**
 * Quotes dated today with the longest texts a real office has: the widest statuses, the longest
 * frequency, long names and addresses, so they are on the first page of the past quotes.
 */
async function addLongQuotes() {
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

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

// One page per language and width, signed in once; the tests move it from screen to screen.
for (const locale of ['zh', 'en'] as const) {
  for (const width of WIDTHS) {
    describe(`layout at ${width} px (${locale})`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        ({ context, page } = await newPage(browser, { width, height: 900 }));
        await useLocale(context, locale);
        await countRequests(context);
        await page.goto(`/login?tk=${encodeURIComponent(token)}`);
        await page.getByTestId('sider').waitFor();
      });
      afterAll(() => context.close());

      it('has no margin around the app, and whole menu labels', async () => {
        expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
        // Open each group in turn and compare each shown label's text with its box. Below 1500 px the menu
        // starts collapsed and a group opens as a pop-up on hover.
        const sider = page.getByTestId('sider');
        const collapsed = (await sider.getAttribute('data-collapsed')) === 'true';
        const groups = sider.locator('.ant-menu-submenu');
        const cut: (string | null)[] = [];
        for (let i = 0; i < (await groups.count()); i++) {
          const group = groups.nth(i);
          if (collapsed) {
            await group.locator('.ant-menu-submenu-title').hover();
            await page.locator('.ant-menu-submenu-popup .ant-menu-title-content').filter({ visible: true }).first().waitFor();
          } else {
            if (!/ant-menu-submenu-open/.test((await group.getAttribute('class')) ?? ''))
              await group.locator('.ant-menu-submenu-title').click();
            await group.locator('.ant-menu-sub .ant-menu-title-content').first().waitFor();
          }
          cut.push(
            ...(await page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('.ant-menu-title-content')]
                .filter((label) => label.offsetWidth > 0 && label.scrollWidth > label.clientWidth + 1)
                .map((label) => label.textContent),
            )),
          );
        }
        if (collapsed) await page.mouse.move(width - 1, 899);
        expect([...new Set(cut)]).toEqual([]);
        await shot(page, `${locale}-${width}-menu`);
      });

      for (const screen of SCREENS) {
        it(`fits ${screen.url} (${screen.title.en})`, async () => {
          await openScreen(page, screen.url, screen.title[locale]);
          await shot(page, `${locale}-${width}-${screen.url.slice(1).replaceAll('/', '-')}`);
          expect(await layoutProblems(page, width)).toEqual([]);
        });
      }

      it('shows the key list codes and reveal buttons on screen', async () => {
        await openScreen(page, '/customer/secretkey', locale === 'zh' ? '客户钥匙列表' : 'Customer Key List');
        const reveal = page
          .locator('button[aria-label]')
          .filter({ has: page.locator('.anticon-eye') })
          .first();
        await reveal.waitFor();
        expect(await inViewport(reveal, width)).toBe(true);
        expect(await inViewport(page.locator('[data-testid^="code-"]').first(), width)).toBe(true);
      });

      it("shows a customer's locations whole, with their delete buttons", async () => {
        await openScreen(
          page,
          `/customer/customerdetail?id=${customerWithLocation}`,
          locale === 'zh' ? '客户详情' : 'Customer Detail',
        );
        await page.getByRole('tab', { name: locale === 'zh' ? /地点/ : /Locations/ }).click();
        const remove = page
          .getByTestId('locations-table')
          .locator('tbody tr.ant-table-row')
          .first()
          .getByRole('button', { name: locale === 'zh' ? /删\s*除/ : /Delete/ });
        await remove.waitFor();
        expect(await inViewport(remove, width)).toBe(true);
        expect(await layoutProblems(page, width)).toEqual([]);
        await shot(page, `${locale}-${width}-locations`);
      });
    });
  }
}
