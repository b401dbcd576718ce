import type { MinimumWage } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast } from '../support/browser';
import { adminPage, adminToken, choose, dialog, row, typePicker } from './service-support';

/** Minimum wages by jurisdiction in the payroll settings (issue 24): the seeded table, a city's rate added, both languages. */
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(() => browser.close());

// The button's name carries its icon's ("setting Settings").
const settingsButton = (page: Page, text: string) =>
  page
    .getByRole('button')
    .filter({ has: page.locator('.anticon-setting') })
    .filter({ hasText: text });
const rates = async () => (await apiCall<MinimumWage[]>('/wage/queryMinimumWages', token, {})).data;

describe('minimum wages by jurisdiction', () => {
  it("lists the seeded cities with their tiers and adds a city's rate by name (English)", async () => {
    const { context, page } = await adminPage(browser, 'en', '/employee/wages');
    await page.getByTestId('wage-period').waitFor();
    await settingsButton(page, 'Settings').click();
    const modal = dialog(page, 'Payroll settings');
    const table = modal.getByTestId('minimum-wages');
    await row(table, 'Hayward').filter({ hasText: '$17.79 / h' }).filter({ hasText: '26 employees or more' }).waitFor();
    await row(table, 'Mountain View').filter({ hasText: '2026-01-01' }).filter({ hasText: '$19.70 / h' }).waitFor();

    // A new rate of a city not in the table yet, from a date no period has reached.
    await choose(page, modal.getByLabel('Applies in'), 'A city');
    await modal.getByLabel('Jurisdiction').fill('Colma');
    await typePicker(modal.getByLabel('Effective from'), '2031-01-01');
    await modal.getByLabel('Minimum wage', { exact: true }).fill('18.25');
    await modal.getByRole('button', { name: 'Set from this date' }).click();
    await toast(page, 'The minimum wage was saved.').waitFor();
    await row(table, 'Colma').filter({ hasText: '2031-01-01' }).filter({ hasText: '$18.25 / h' }).waitFor();
    const added = (await rates()).find((r) => r.jurisdiction === 'Colma')!;
    expect(added).toMatchObject({ scope: 'city', centsPerHour: 1825, minEmployees: 0, effectiveFrom: '2031-01-01' });
    await apiCall('/wage/removeMinimumWage', token, { id: added.id });
    await context.close();
  }, 240_000);

  it('names the kinds of jurisdiction and the employer sizes (Chinese)', async () => {
    const { context, page } = await adminPage(browser, 'zh', '/employee/wages');
    await page.getByTestId('wage-period').waitFor();
    await settingsButton(page, '设置').click();
    const table = dialog(page, '工资设置').getByTestId('minimum-wages');
    await row(table, 'Hayward').filter({ hasText: '26 名员工及以上' }).first().waitFor();
    await row(table, 'San Mateo County (unincorporated)').filter({ hasText: '县的非建制地区' }).first().waitFor();
    await row(table, 'California').filter({ hasText: '全州' }).filter({ hasText: '所有雇主' }).first().waitFor();
    await context.close();
  }, 180_000);
});
