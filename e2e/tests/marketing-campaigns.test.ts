import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, loginByForm, newPage, settledDialog, unique, useLocale } from '../support/browser';
import { chooseOption, selectById } from '../support/select';
import { typePicker } from './service-support';

let browser: Browser;
let zip: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = (await apiLogin('admin')).token;
  const zones = await apiCall<{ list: { primaryZips: string[] }[] }>('/zone/queryList', token, {
    pageNum: 1,
    pageSize: 50,
    active: true,
  });
  zip = zones.data.list.find((z) => z.primaryZips.length > 0)!.primaryZips[0]!;
});
afterAll(() => browser.close());

async function openAs(uname: string): Promise<Page> {
  const { context, page } = await newPage(browser);
  await useLocale(context, 'en');
  await loginByForm(page, uname);
  await page.waitForURL('**/quick/dashboard');
  return page;
}

/** The campaign's row in the list, found by its source name. */
async function campaignRow(page: Page, sourceName: string) {
  await page.goto('/marketing/channellist');
  await page.getByLabel('Source or coupon').fill(sourceName);
  await page.getByRole('button', { name: /Search/ }).click();
  const row = page.locator('tr').filter({ hasText: sourceName });
  await row.waitFor();
  return row;
}

describe('marketing campaigns (issue 13)', () => {
  it('creates a campaign, approves it as another user, applies its coupon on a quote and explains a refused one', async () => {
    const sourceName = `E2E mailer ${unique()}`;
    const code = `E2E-${unique()}`.toUpperCase().slice(0, 20);

    // The office manager adds it: pending.
    const office = await openAs('office');
    await office.goto('/marketing/channellist');
    await office.getByRole('button', { name: 'Add campaign' }).click();
    const dialog = office.locator('.ant-modal');
    await dialog.locator('#sourceName').fill(sourceName);
    await typePicker(dialog.locator('#startDate'), '2020-01-01');
    await typePicker(dialog.locator('#endDate'), '2099-12-31');
    await dialog.locator('#couponCode').fill(code);
    await dialog.locator('#couponValue').fill('10');
    await dialog.locator('#cost').fill('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const pending = await campaignRow(office, sourceName);
    await pending.getByText('Pending').waitFor();

    // The administrator approves it.
    const admin = await openAs('admin');
    const row = await campaignRow(admin, sourceName);
    await row.getByRole('button', { name: 'Approve / fail' }).click();
    const audit = await settledDialog(admin);
    await audit.getByRole('button', { name: 'Save' }).click();
    await audit.waitFor({ state: 'detached' });
    await row.getByText('Approved').waitFor();

    // Its coupon on a new quote: accepted with the campaign named; an unknown one refused with the reason.
    await admin.goto('/sales/newcustomerquotat');
    await admin.locator('#customerName').fill(`E2E Coupon ${unique()}`);
    await admin.locator('#phone1').fill(`(650) 7${String(Date.now()).slice(-2)}-${String(Date.now()).slice(-4)}`);
    await admin.locator('#address1').fill('12 Coupon Way');
    await admin.locator('#zip').fill(zip);
    await chooseOption(admin, selectById(admin, 'houseType'), 'House');
    await admin.locator('#houseSizeSqft').fill('1800');
    const coupon = admin.locator('#couponCode');
    await coupon.fill(code.toLowerCase());
    await coupon.blur();
    await admin.getByText(`Coupon of the campaign "${sourceName}": 10.00 % off.`).waitFor();
    await expect.poll(() => admin.locator('#couponDiscount').inputValue()).not.toBe('');

    await coupon.fill('NO-SUCH-COUPON');
    await coupon.blur();
    const couponItem = admin.locator('.ant-form-item').filter({ has: admin.locator('#couponCode') });
    await couponItem.getByText('Coupon code: no campaign has this coupon code').waitFor();
  }, 180_000);
});
