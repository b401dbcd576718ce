import type { Locator, Page } from 'playwright-core';

/**
 * Ant Design Select helpers for browser tests (issue 14, defect 10). A select is driven as a person
 * does: click it, wait until ITS dropdown is open and has finished its opening motion, click the
 * option. Never "any visible dropdown" (another select's dropdown may still be fading out) and never a
 * fixed sleep: each wait is on the page's own state (aria-expanded, the motion classes).
 *
 * Defect 10 was the old helper, not the product: it clicked
 * `.ant-select-dropdown:visible .ant-select-item-option` with the option's text. On a fast machine the
 * first row's dropdown is still in its closing motion (visible) when the second row's opens; it comes
 * first in the document and holds the same options, so the locator resolved to the FIRST row's
 * "Full bathroom". A moment later that dropdown turns `display: none` but stays attached, and
 * Playwright keeps waiting for the element it resolved to become visible, which it never does. The
 * second row's dropdown stayed open all along (shown with CSS animations slowed to a tenth through
 * CDP `Animation.setPlaybackRate`: the old helper fails every time, this one passes).
 */

const MOTION = /ant-slide-up-(appear|enter|leave)|ant-select-dropdown-hidden/;

/** The search input of the select: `trigger` itself (a control found by its label) or the one inside it. */
function inputOf(trigger: Locator): Locator {
  return trigger.locator('xpath=descendant-or-self::input').first();
}

/**
 * Opens the select and answers its dropdown once it is open and still (no opening motion left).
 * A select that closes again before it settles is reported with the name of its list.
 */
export async function openSelect(page: Page, trigger: Locator): Promise<Locator> {
  const input = inputOf(trigger);
  if ((await input.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await input.elementHandle(), {
    timeout: 10_000,
  });
  const listId = await input.getAttribute('aria-controls');
  if (!listId) throw new Error('the select names no list (aria-controls)');
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${listId}"])`);
  await dropdown.waitFor({ state: 'visible' });
  await page.waitForFunction(
    ({ id, motion }) => {
      const list = document.getElementById(id);
      const popup = list?.closest('.ant-select-dropdown');
      if (!popup) return false;
      const combobox = document.querySelector(`[aria-controls="${id}"]`);
      if (combobox?.getAttribute('aria-expanded') !== 'true') throw new Error(`the dropdown of ${id} closed while opening`);
      return !new RegExp(motion).test(popup.className);
    },
    { id: listId, motion: MOTION.source },
    { timeout: 10_000 },
  );
  return dropdown;
}

/**
 * Picks the option whose text contains `option` in the select `trigger`. With `search`, the text is
 * typed first, as a person does in a long list: Ant Design draws only the rows in view (a virtual
 * list), so an option further down is not in the page until the list is filtered or scrolled. The
 * shared browser-test server gains people as test files run, which pushed one out of view.
 */
export async function chooseOption(
  page: Page,
  trigger: Locator,
  option: string | RegExp,
  { search }: { search?: string } = {},
): Promise<void> {
  const dropdown = await openSelect(page, trigger);
  if (search) await inputOf(trigger).fill(search);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  // A single select closes on the pick; its list fades out over the fields below it, so the next
  // click waits until it is gone (a multiple select stays open by design).
  const multiple = await trigger.evaluate((element) => !!element.closest('.ant-select-multiple'));
  if (!multiple) await dropdown.waitFor({ state: 'hidden' });
}

/** The select of a Form.Item whose control has the id `id` (antd puts the id on the search input). */
export const selectById = (page: Page, id: string): Locator =>
  page.locator(`#${id}`).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
