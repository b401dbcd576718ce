import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByForm, newPage, useLocale } from '../support/browser';
import { adminPage } from './service-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const figureText = async (scope: Locator) => ((await scope.locator('.ant-statistic-content').first().textContent()) ?? '').trim();
/** A figure as a number: '1,234.5 h' → 1234.5, '$2,310.00' → 2310. */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function jobListTotals(page: Page) {
  const totals = page.getByTestId('job-totals');
  // The totals show '—' until the list has answered.
  await totals.locator('.ant-statistic-content').nth(2).filter({ hasNotText: '—' }).waitFor();
  const [jobs, hours, revenue] = await totals.locator('.ant-statistic-content').allTextContents();
  return { jobs: numberOf(jobs!), hours: numberOf(hours!), revenue: revenue!.trim() };
}

describe('My Dashboard (issue 13)', () => {
  it("shows today's figures, and each leads to the Job List rows that add up to it", async () => {
    const { context, page } = await adminPage(browser, 'en', '/quick/dashboard');
    await page.getByTestId('dashboard-jobs').waitFor();
    await page.getByText('Jobs by status').waitFor();
    for (const section of [
      'dashboard-quotes',
      'dashboard-cards',
      'dashboard-reminders',
      'dashboard-follow-ups',
      'dashboard-leave',
      'dashboard-outages',
    ])
      await page.getByTestId(section).waitFor();

    const counted = (
      await Promise.all(
        ['scheduled', 'completed', 'closed'].map(async (s) => numberOf(await figureText(page.getByTestId(`dash-status-${s}`)))),
      )
    ).reduce((sum, n) => sum + n, 0);
    const completed = numberOf(await figureText(page.getByTestId('dash-status-completed')));
    const hours = numberOf(await figureText(page.getByTestId('dash-clean-hours')));
    const revenue = await figureText(page.getByTestId('dash-revenue'));
    // The demo data puts work on today.
    expect(counted).toBeGreaterThan(0);

    // Clean hours and revenue: the Job List of the same day and statuses shows the same sums.
    await page.getByTestId('dash-revenue').click();
    await page.waitForURL(/\/service\/worklist\?dateFrom=/);
    expect(await jobListTotals(page)).toEqual({ jobs: counted, hours, revenue });

    // One status: the Job List filtered by it counts the same jobs.
    await page.goBack();
    await page.getByTestId('dash-status-completed').click();
    await page.waitForURL(/statuses=completed/);
    expect((await jobListTotals(page)).jobs).toBe(completed);
    await context.close();
  });

  it('shows a Sales Representative only what the role opens, in Chinese', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'zh');
    await loginByForm(page, 'sales');
    await page.waitForURL('**/quick/dashboard');
    await page.getByTestId('dashboard-quotes').waitFor();
    await page.getByText('成交率').waitFor();
    await page.getByTestId('dashboard-follow-ups').waitFor();
    expect(await page.getByTestId('dashboard-jobs').count()).toBe(0);
    expect(await page.getByTestId('dashboard-cards').count()).toBe(0);
    expect(await page.getByTestId('dashboard-leave').count()).toBe(0);
    await context.close();
  });
});
