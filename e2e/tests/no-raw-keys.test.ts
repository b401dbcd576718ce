import { ALL_SCREENS } from '@tidyhouse/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, newPage, useLocale } from '../support/browser';

/**
 * Issue 23 item 3: no raw translation key on any screen. In both languages, as the administrator, each
 * screen of the menu is loaded afresh (so only its own domain's strings are there, as for a user who
 * goes straight to it), its filters are opened, then its add dialog, whose empty form is submitted so
 * the required-field messages show; no visible text may look like a key (`system.common.any`).
 */
const SCREENS = ALL_SCREENS.filter((screen) => !screen.url.startsWith('/quick/'));

/** Dotted words: a key's shape. E-mail addresses, web addresses and file names are left out below. */
const KEY_SHAPE = /\b[a-z][a-zA-Z]+(?:\.[a-zA-Z0-9]+)+\b/g;
const NOT_KEYS = /\.(?:pdf|png|jpe?g|gif|webp|svg|csv|txt|json|xlsx?|docx?|zip|com|net|org|io|dev|us|cn|local)$/i;

/** The first words of keys: domains, and the contract's messages (`validation.phoneRequired`). */
const NAMESPACE =
  /^(?:common|auth|billing|customers|dashboard|employees|marketing|office|payroll|sales|service|system|validation|rule)\./;

/**
 * Key-shaped words in a text, with e-mail addresses and URLs taken out first. A key has three parts
 * (`<domain>.<area>.<key>`, locales.test.ts) or starts with a namespace; a user name (`ana.lopez`) is neither.
 */
function keyShaped(text: string): string[] {
  const cleaned = text.replace(/\S+@\S+/g, ' ').replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ');
  return [...cleaned.matchAll(KEY_SHAPE)]
    .map((m) => m[0])
    .filter((word) => !NOT_KEYS.test(word) && (word.split('.').length >= 3 || NAMESPACE.test(word)));
}

/** What the user can read: the visible text, and the placeholders, titles and labels of visible elements. */
const readable = (page: Page) =>
  page.evaluate(() => {
    const attributes = [...document.querySelectorAll<HTMLElement>('[placeholder], [title], [aria-label]')]
      .filter((el) => el.offsetWidth > 0 || el.offsetHeight > 0)
      .flatMap((el) => ['placeholder', 'title', 'aria-label'].map((name) => el.getAttribute(name) ?? ''));
    // biome-ignore lint/performance/useDomNodeTextContent: only what is visible counts, which innerText gives
    return [document.body.innerText, ...attributes].join('\n');
  });

/** Waits until nothing is loading for a few frames in a row. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let calm = 0;
        const tick = () => {
          const busy = document.querySelector('#nprogress, .page-loading, .ant-spin-spinning, .ant-skeleton, .ant-btn-loading');
          calm = busy ? 0 : calm + 1;
          if (calm >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );

/** Opens each select of the screen's search form in turn, so their options are on screen once. */
async function openFilters(page: Page, seen: string[]): Promise<void> {
  const selects = page.locator('.ant-layout-content form .ant-select:not(.ant-select-disabled)');
  const count = Math.min(await selects.count(), 10);
  for (let i = 0; i < count; i++) {
    const select = selects.nth(i);
    if (!(await select.isVisible())) continue;
    await select.click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    if (
      await dropdown.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      )
    )
      seen.push(await readable(page));
    await page.keyboard.press('Escape');
  }
}

/** The screen's add / new button, when it has one. */
const addButton = (page: Page) =>
  page
    .locator('.ant-layout-content button:visible')
    .filter({ hasText: /^\s*(?:新\s*增|新\s*建|添\s*加|Add|New)/ })
    .first();

/**
 * Opens the add dialog (or the add page it leads to), submits it empty so the required-field messages
 * show, and reads it; then closes the dialog.
 */
async function openAddDialog(page: Page, seen: string[]): Promise<boolean> {
  const add = addButton(page);
  if ((await add.count()) === 0) return false;
  const before = page.url();
  await add.click();
  const dialogSelector = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open .ant-drawer-content';
  const dialog = page.locator(dialogSelector).last();
  // A dialog opens, or the button leads to a page of its own (the new employee, the new quote): wait for
  // whichever comes, not the whole wait for a dialog that a page-leading button never opens.
  await page
    .waitForFunction(
      ({ selector, from }) => window.location.href !== from || document.querySelector(selector) !== null,
      { selector: dialogSelector, from: before },
      { timeout: 5000 },
    )
    .catch(() => undefined);
  if (page.url() !== before) await settled(page);
  const attached = await page.evaluate((selector) => document.querySelector(selector) !== null, dialogSelector);
  const opened =
    attached &&
    (await dialog.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    ));
  // Without a dialog the button led to a page of its own or did nothing.
  if (!opened && page.url() === before) return false;
  const form = opened ? dialog : page.locator('.ant-layout-content');
  await settled(page);
  seen.push(await readable(page));
  const submit = form
    .locator('.ant-modal-footer .ant-btn-primary, .ant-drawer-footer .ant-btn-primary, button[type="submit"]')
    .last();
  if ((await submit.count()) > 0) {
    await submit.click();
    // Forms with a required field show their messages; others have nothing more to show.
    await form
      .locator('.ant-form-item-explain-error')
      .first()
      .waitFor({ timeout: 3000 })
      .catch(() => undefined);
    seen.push(await readable(page));
  }
  if (opened) await page.keyboard.press('Escape');
  return true;
}

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ token } = await apiLogin('admin'));
});
afterAll(() => browser.close());

describe('key shape', () => {
  it('finds keys and leaves addresses and file names alone', () => {
    expect(keyShaped('请填写 system.common.fieldRequired 和 sales.enums.status.pending')).toEqual([
      'system.common.fieldRequired',
      'sales.enums.status.pending',
    ]);
    expect(keyShaped('ana.lopez validation.phoneRequired')).toEqual(['validation.phoneRequired']);
    expect(keyShaped('office@tidyhouse.com https://tidyhouse.com/a.b contract.pdf photo.JPG e.g. 12.5')).toEqual([]);
  });
});

for (const locale of ['zh', 'en'] as const) {
  describe(`no raw keys (${locale})`, () => {
    let context: BrowserContext;
    let page: Page;
    let dialogs = 0;
    beforeAll(async () => {
      ({ context, page } = await newPage(browser));
      await useLocale(context, locale);
      await page.goto(`/login?tk=${encodeURIComponent(token)}`);
      await page.getByTestId('sider').waitFor();
    });
    afterAll(() => context.close());

    for (const screen of SCREENS) {
      it(`${screen.url} (${screen.title.en}), its filters and its add dialog`, async () => {
        // A fresh load: only this screen's domain strings are registered, as for a user who comes straight here.
        await page.goto(screen.url);
        await page.getByTestId('breadcrumb').locator('li').last().filter({ hasText: screen.title[locale] }).waitFor();
        await settled(page);
        const seen = [await readable(page)];
        await openFilters(page, seen);
        if (await openAddDialog(page, seen)) dialogs++;
        expect([...new Set(seen.flatMap(keyShaped))]).toEqual([]);
      });
    }

    it('opened the add dialogs (the scan reaches them)', () => {
      expect(dialogs).toBeGreaterThan(10);
    });
  });
}

/** Identifiers as code writes them (issue 23 item 4): camelCase, snake_case, RRULE text. */
const CODE_SHAPED = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+_[a-z_]+\b|\b(?:FREQ|BYDAY|INTERVAL|COUNT)=/g;

for (const locale of ['zh', 'en'] as const) {
  describe(`operation log (${locale})`, () => {
    it('names modules, actions, summaries and changed fields in the language, recurrences in words', async () => {
      const { context, page } = await newPage(browser);
      await useLocale(context, locale);
      await page.goto(`/login?tk=${encodeURIComponent(token)}`);
      await page.getByTestId('sider').waitFor();
      await page.goto('/sys/logs');
      const tab = locale === 'zh' ? '操作记录' : 'Operations';
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      const rows = panel.locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      await settled(page);
      const seen: string[] = [];
      const read = async () => {
        // Each entry's field changes too: expand every row that has them.
        const expanders = panel.locator('tbody .ant-table-row-expand-icon-collapsed');
        while ((await expanders.count()) > 0) await expanders.first().click();
        // biome-ignore lint/performance/useDomNodeTextContent: only what is visible counts
        seen.push(await panel.locator('.ant-table-tbody').first().innerText());
        const modules = await panel.locator('tbody tr.ant-table-row td:nth-child(4) .ant-tag').allInnerTexts();
        expect(modules.length).toBeGreaterThan(0);
        if (locale === 'zh') expect(modules.filter((m) => !/[\u4e00-\u9fff]/.test(m))).toEqual([]);
      };
      await read();
      // The demo's service plans, whose entries hold recurrences.
      await panel.locator('#text').fill('P-2');
      await panel.getByTestId('list-search').locator('button[type="submit"]').click();
      await rows
        .filter({ hasText: /P-2\d{3}-/ })
        .first()
        .waitFor();
      await settled(page);
      await read();
      expect(seen.join('\n')).toMatch(locale === 'zh' ? /每周|每 \d+ 周|每月|一次/ : /every|monthly|once/);
      expect([...new Set(seen.join('\n').match(CODE_SHAPED) ?? [])]).toEqual([]);
      await context.close();
    });
  });
}
