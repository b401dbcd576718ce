import type { SickLeaveBalance } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, loginByForm, newPage, toast, unique, useLocale } from '../support/browser';
import { chooseOption } from '../support/select';

/**
 * Paid sick leave on the employee's Leave tab (issue 24): the balance card, a sick leave recorded
 * with its type, the card after it, in en and zh. A new employee of its own; dates from the server's today.
 */

let browser: Browser;
let admin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = (await apiLogin('admin')).token;
});
afterAll(() => browser.close());

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function ok<T>(path: string, body: unknown): Promise<T> {
  const answer = await apiCall<T>(path, admin, body);
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

/** A cleaner hired long ago who worked 10 h on each weekday of the two weeks before this one: 100 h, 3 h 20 min accrued. */
async function cleanerWithHours() {
  const roles = await ok<Array<{ id: number; code: string }>>('/sysUser/roleOptions', {});
  const { id } = await ok<{ id: number }>('/sysUser/add', {
    name: `Sick Leave ${unique()}`,
    uname: `e2e.${unique()}`,
    password: 'Staff-pass-2026',
    verifyPassword: 'Staff-pass-2026',
    roleId: roles.find((r) => r.code === 'cleaner')!.id,
    hireDate: '2024-01-15',
  });
  const today = (await ok<SickLeaveBalance>('/sickLeave/balance', { userId: id })).date;
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  for (const week of [-14, -7])
    for (let day = 0; day < 5; day++) {
      const workDate = addDays(monday, week + day);
      await ok('/timeCard/addPunch', { userId: id, workDate, kind: 'shift', startTime: '08:00', endTime: '18:00' });
    }
  return { id, sickDay: monday };
}

const statistic = (page: Page, title: string) =>
  page.getByTestId('sick-leave-card').locator('.ant-statistic').filter({ hasText: title });

describe('paid sick leave on the employee screen', () => {
  it('shows the balance, records a sick day with its type, and shows what it used (en, then zh)', async () => {
    const { id, sickDay } = await cleanerWithHours();
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    await loginByForm(page, 'admin');
    await page.waitForURL('**/quick/dashboard');
    await page.goto(`/employee/employeelist/update?id=${id}&activeName=Leave`);
    await statistic(page, 'Available').getByText('3 h 20 min').waitFor();
    await page.getByText('Accrual: 1 hour per 30 hours worked').waitFor();

    await page.getByRole('button', { name: 'Add leave' }).click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog.getByLabel('Type', { exact: true }), 'Paid sick leave');
    for (const label of ['Start date', 'End date']) {
      const input = dialog.getByLabel(label, { exact: true });
      await input.click();
      await input.fill(sickDay);
      await input.press('Enter');
    }
    await dialog.getByLabel('Reason').fill('Flu');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The leave entry was saved.').waitFor();
    await page.locator('tr', { hasText: 'Flu' }).getByText('Paid sick leave').waitFor();
    // 8 h asked, 3 h 20 min banked: all of it used, none left.
    await statistic(page, 'Used this year').getByText('3 h 20 min').waitFor();
    await statistic(page, 'Available').getByText('0 h 0 min').waitFor();
    await context.close();

    const zh = await newPage(browser);
    await loginByForm(zh.page, 'admin');
    await zh.page.waitForURL('**/quick/dashboard');
    await zh.page.goto(`/employee/employeelist/update?id=${id}&activeName=Leave`);
    await statistic(zh.page, '本年已用').getByText('3 小时 20 分钟').waitFor();
    await zh.page.getByText('按工时累计：工作时间每满 30 小时得 1 小时').waitFor();
    await zh.page.locator('tr', { hasText: 'Flu' }).getByText('带薪病假').waitFor();
    expect(await zh.page.getByTestId('sick-leave-card').getByText('带薪病假').count()).toBe(1);
    await zh.context.close();
  });
});
