import type { BrowserContext, Page } from 'playwright-core';

/**
 * Counts the app's requests in flight (it calls the API with fetch), so a screen can be measured once
 * everything it asked for has arrived and been drawn.
 */
export async function countRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __inFlight: number };
    w.__inFlight = 0;
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      w.__inFlight++;
      try {
        return await original(...args);
      } finally {
        w.__inFlight--;
      }
    };
  });
}

/**
 * Goes to a screen inside the running app (the router follows history, no reload), waits for its
 * breadcrumb to name it, then for several frames in a row with no request in flight and nothing loading.
 */
export async function openScreen(page: Page, url: string, title: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.getByTestId('breadcrumb').locator('li').last().filter({ hasText: title }).waitFor();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let calm = 0;
        const tick = () => {
          const busy =
            (window as unknown as { __inFlight: number }).__inFlight > 0 ||
            document.querySelector(
              '#nprogress, .page-loading, .ant-spin-spinning, .ant-skeleton, .ant-card-loading-content, .ant-btn-loading',
            ) !== null;
          calm = busy ? 0 : calm + 1;
          if (calm >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/**
 * What of the screen's content does not fit a window `width` px wide, each as a short sentence; empty
 * when all fits:
 * - the page scrolls sideways;
 * - a table header or cell off screen; a table may scroll inside itself only with its last column fixed
 *   on the right and on screen, and every button of its rows in a fixed column;
 * - a button off screen (outside any area that scrolls by itself) or its text cut;
 * - a label, title, header, tab or chosen value cut with an ellipsis (free texts such as names and
 *   addresses in cells or cards may be cut, whole on hover);
 * - tabs moved into the "more" menu for want of room.
 */
export function layoutProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const content = document.querySelector('.ant-layout-content');
    if (!content) return ['(no content)'];
    const name = (el: Element) =>
      (el.textContent?.trim() || el.getAttribute('aria-label') || el.getAttribute('title') || el.tagName).slice(0, 60);
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const offScreen = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.left < -0.5 || box.right > width + 0.5;
    };
    /** The nearest box around el that scrolls sideways by itself, if any. */
    const scroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(p).overflowX) && p.scrollWidth > p.clientWidth + 1) return p;
      }
      return null;
    };
    const fixedEnd = (el: Element) => el.closest('.ant-table-cell-fix-right, .ant-table-cell-fix-end') !== null;

    const page = document.documentElement;
    if (page.scrollWidth > window.innerWidth + 1) problems.push(`page scrolls sideways (${page.scrollWidth} px)`);

    for (const table of content.querySelectorAll('.ant-table')) {
      if (!shown(table)) continue;
      if (offScreen(table)) problems.push(`table off screen (${name(table.querySelector('thead') ?? table)})`);
      const scrolling = [...table.querySelectorAll('.ant-table-content, .ant-table-body')].some(
        (box) => box.scrollWidth > box.clientWidth + 1,
      );
      const headers = [...table.querySelectorAll('thead th')].filter(shown);
      const fixed = headers.filter(fixedEnd);
      if (scrolling) {
        // A genuinely wide list: its actions stay on screen, fixed on the right.
        const last = fixed.at(-1);
        if (!last || getComputedStyle(last).position !== 'sticky')
          problems.push(`table scrolls inside without a fixed actions column (${name(headers.at(-1) ?? table)})`);
        else if (offScreen(last)) problems.push(`fixed column off screen: ${name(last)}`);
        // Buttons only in fixed columns: an action never scrolls away (a cell's copy icon is no action).
        for (const button of table.querySelectorAll('tbody td button:not(.ant-typography-copy), tbody td a.ant-btn')) {
          if (!fixedEnd(button) && shown(button)) problems.push(`action in a column that scrolls away: ${name(button)}`);
        }
        continue;
      }
      for (const cell of [...headers, ...table.querySelectorAll('tbody tr.ant-table-row > td')]) {
        if (shown(cell) && offScreen(cell)) problems.push(`cell off screen: ${name(cell)}`);
      }
    }

    for (const button of content.querySelectorAll('button, a.ant-btn')) {
      if (!shown(button)) continue;
      const area = scroller(button);
      if ((!area || fixedEnd(button)) && offScreen(button)) problems.push(`button off screen: ${name(button)}`);
      if (button.scrollWidth > button.clientWidth + 1) problems.push(`button text cut: ${name(button)}`);
    }

    // Labels, titles and chosen values: free texts (names, addresses, notes) may be cut and shown on hover.
    const labels =
      'th, .ant-tabs-tab, .ant-btn, .ant-form-item-label, .ant-select, .ant-card-head-title, h1, h2, h3, h4, h5, .ant-statistic-title, .ant-descriptions-item-label';
    for (const el of content.querySelectorAll('*')) {
      if (!el.closest(labels) || el.closest('tbody') || !shown(el)) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`cut: ${name(el)}`);
    }

    for (const more of content.querySelectorAll('.ant-tabs-nav-operations')) {
      if (!more.classList.contains('ant-tabs-nav-operations-hidden') && shown(more)) {
        problems.push(`tabs hidden in a menu: ${name(more.closest('.ant-tabs-nav') ?? more)}`);
      }
    }
    return [...new Set(problems)];
  }, width);
}
