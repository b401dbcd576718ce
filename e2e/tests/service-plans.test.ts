import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast, unique } from '../support/browser';
import { adminPage, adminToken, dialog, row, servedZip, soldQuote, typePicker, uniquePhone } from './service-support';

let browser: Browser;
let token: string;
let zip: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  zip = await servedZip(token);
});
afterAll(() => browser.close());

interface PlanJob {
  id: number;
  reference: string;
  serviceDate: string;
  status: string;
  subtotalCents: number;
}
const planJobs = async (planId: number) =>
  (
    await apiCall<{ list: PlanJob[] }>('/job/queryList', token, {
      pageNum: 1,
      pageSize: 100,
      planId,
      sort: { field: 'serviceDate', order: 'ascend' },
    })
  ).data.list;

describe('Service Plan List (issue 9)', () => {
  it('a sold every-2-weeks quote shows as a plan with its jobs; a change from a date is previewed, then applied to the later jobs only', async () => {
    const name = `E2E Plan ${unique()}`;
    const phone = uniquePhone();
    await soldQuote(token, { name, phone, frequency: 'biweekly', zip });

    const { context, page } = await adminPage(browser, 'en', '/service/planlist');
    await page.getByLabel('Reference, customer, phone or address').fill(phone);
    await page.getByRole('button', { name: /Search/ }).click();
    const line = row(page, name);
    await line.waitFor();
    expect(await line.textContent()).toContain('Every 2 weeks on');
    expect(await line.textContent()).toContain('Used');

    const plans = await apiCall<{ list: { id: number; reference: string; servicePriceCents: number }[] }>(
      '/servicePlan/queryList',
      token,
      {
        pageNum: 1,
        pageSize: 5,
        keyword: phone,
      },
    );
    const plan = plans.data.list[0]!;
    const before = await planJobs(plan.id);
    expect(before.length).toBeGreaterThan(3);

    await line.getByTestId(`plan-open-${plan.reference}`).click();
    const drawer = page.getByTestId('plan-drawer');
    await drawer.getByRole('tab', { name: /Visits ahead/ }).click();
    await drawer.getByTestId('plan-visits').getByText(before[0]!.reference).waitFor();

    // From the third visit on, a new price.
    const fromDate = before[2]!.serviceDate;
    await drawer.getByTestId('plan-change').click();
    const change = dialog(page, 'from a date');
    expect(await change.getByTestId('plan-apply').isDisabled()).toBe(true);
    await typePicker(change.getByLabel('From date'), fromDate);
    const price = change.getByLabel('Service price');
    await price.fill('150');
    await price.blur();
    await change.getByTestId('plan-preview').click();
    const later = before.filter((job) => job.serviceDate >= fromDate);
    const result = change.getByTestId('plan-preview-result');
    await result.getByText(`To re-price (${later.length})`).waitFor();
    expect(await result.textContent()).toContain('To cancel (0)');
    await change.getByTestId('plan-apply').click();
    await toast(page, 'The change is applied to the jobs.').waitFor();
    await drawer.getByRole('tab', { name: 'Plan', exact: true }).click();
    await drawer.getByTestId('plan-price').getByText('$150.00').waitFor();

    const after = await planJobs(plan.id);
    for (const job of after) {
      const was = before.find((b) => b.id === job.id);
      if (job.serviceDate >= fromDate) expect(job.subtotalCents, job.reference).toBe(15_000);
      else expect(job.subtotalCents, job.reference).toBe(was?.subtotalCents);
    }
    await drawer.getByRole('tab', { name: 'Change log' }).click();
    await drawer.getByTestId('change-log').getByText('Changed from a date').waitFor();
    await context.close();
  }, 240_000);
});
