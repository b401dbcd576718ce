import { addDays, DEFAULT_TIME_ZONE, startOfDayIn, todayIn } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, settledDialog, unique, useLocale } from '../support/browser';

// Issue 19 item 7: the screens propose and show business dates and times in the business time zone
// (the seeded profile's, Los Angeles), whatever the browser's zone and its date at that moment.
const BUSINESS_ZONE = DEFAULT_TIME_ZONE;

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin')).token;
  const profile = await apiCall<{ timeZone: string }>('/sysParam/businessProfile', adminToken);
  expect(profile.data.timeZone).toBe(BUSINESS_ZONE);
});
afterAll(() => browser.close());

/** A moment as the English screens write it (MM/DD/YYYY h:mm A) in a zone. */
function englishMoment(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** A customer with one payment (made through the API now, by the real server clock). */
async function customerWithPayment(paidOn: string): Promise<{ id: number; createdAt: string }> {
  const customer = await apiCall<{ id: number }>('/customer/add', adminToken, {
    name: `Dates ${unique()}`,
    phone1: '(650) 555-0199',
    status: 'active',
    location: null,
  });
  expect(customer.code, customer.message).toBe(0);
  const id = customer.data.id;
  const paid = await apiCall('/customerPayment/add', adminToken, {
    customerId: id,
    paidOn,
    amountCents: 5000,
    gratuityCents: 0,
    method: 'cash',
    checkNumber: '',
    cardLast4: '',
    giftCertificateNumber: '',
    note: '',
  });
  expect(paid.code, paid.message).toBe(0);
  const list = await apiCall<{ list: { createdAt: string }[] }>('/customerPayment/queryList', adminToken, {
    customerId: id,
    pageNum: 1,
    pageSize: 10,
  });
  return { id, createdAt: list.data.list[0]!.createdAt };
}

/** The customer's page in English, in a browser on `timeZone` whose clock stands still at `now`. */
async function openCustomer(id: number, timeZone: string, now: Date): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { timezoneId: timeZone });
  await useLocale(context, 'en');
  await page.clock.setFixedTime(now);
  await page.goto(`/login?tk=${encodeURIComponent(adminToken)}`);
  await page.waitForURL('**/quick/dashboard');
  await page.goto(`/customer/customerdetail?id=${id}`);
  return { page, close: () => context.close() };
}

/** The date the browser's own calendar shows (what `dayjs()` would propose). */
const browserDate = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('en-CA'));

describe('business dates whatever the browser zone', () => {
  // Today in California by the real clock: the server (whose clock is real) accepts a payment on it,
  // and its office day is open (the demo data closes yesterday). The browser's clock is set to its evening.
  const day = todayIn(BUSINESS_ZONE);
  const at = (hours: number, minutes: number) =>
    new Date(startOfDayIn(day, BUSINESS_ZONE).getTime() + (hours * 60 + minutes) * 60_000);

  it('proposes the Pacific date for a payment and a refund at 8:24 PM Pacific with the browser on UTC, and records it', async () => {
    const { id, createdAt } = await customerWithPayment(day);
    const { page, close } = await openCustomer(id, 'UTC', at(20, 24));
    expect(await browserDate(page)).toBe(addDays(day, 1));

    await page.getByRole('tab', { name: /Payments/ }).click();
    // The entered-at moment of the history is the Pacific wall-clock time, not the browser's.
    const table = page.locator('.ant-table-tbody');
    await table.getByText(englishMoment(createdAt, BUSINESS_ZONE)).waitFor();
    expect(await table.textContent()).not.toContain(englishMoment(createdAt, 'UTC'));

    await page.getByRole('button', { name: 'Add payment' }).click();
    let dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(day);
    await dialog.getByLabel('Amount').fill('20');
    await settledDialog(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The dialog closing is the lasting sign of the save; its 3-second toast can come and go while
    // a starved test process is between the click and the wait (stop 32's CI run).
    await dialog.waitFor({ state: 'hidden' });
    const payments = await apiCall<{ list: { paidOn: string; amountCents: number }[] }>(
      '/customerPayment/queryList',
      adminToken,
      { customerId: id, pageNum: 1, pageSize: 10 },
    );
    expect(payments.data.list.find((p) => p.amountCents === 2000)?.paidOn).toBe(day);

    await page.getByRole('tab', { name: /Refunds/ }).click();
    await page.getByRole('button', { name: 'Add refund' }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(day);
    await close();
  });

  it('proposes the Pacific date at 12:30 AM Eastern (9:30 PM Pacific) with the browser on New York time', async () => {
    const { id, createdAt } = await customerWithPayment(day);
    const { page, close } = await openCustomer(id, 'America/New_York', at(21, 30));
    expect(await browserDate(page)).toBe(addDays(day, 1));

    await page.getByRole('tab', { name: /Payments/ }).click();
    const table = page.locator('.ant-table-tbody');
    await table.getByText(englishMoment(createdAt, BUSINESS_ZONE)).waitFor();
    expect(await table.textContent()).not.toContain(englishMoment(createdAt, 'America/New_York'));

    await page.getByRole('button', { name: 'Add payment' }).click();
    expect(await page.getByRole('dialog').getByLabel('Date', { exact: true }).inputValue()).toBe(day);
    await close();
  });
});
