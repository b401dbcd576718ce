import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, toast, unique, useLocale } from '../support/browser';
import { captureCard } from '../support/cards';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin')).token;
});
afterAll(() => browser.close());

/** A customer of this test file (with an optional location holding a key code), made through the API. */
async function makeCustomer(name: string, keyCode: string | null = null): Promise<{ id: number; locationId: number | null }> {
  const location = keyCode
    ? {
        name: 'Home',
        address1: '101 Test Street',
        city: 'San Mateo',
        state: 'CA',
        zip: '94401',
        primaryContact: name,
        houseType: 'house',
        keyCode,
      }
    : null;
  const res = await apiCall<{ id: number; locationId: number | null }>('/customer/add', adminToken, {
    name,
    phone1: '(650) 555-0199',
    status: 'active',
    location,
  });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

/** Opens a page of the app logged in as `uname` (token login), in the given language. */
async function openAs(
  uname: string,
  path: string,
  locale: 'en' | 'zh' = 'en',
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { token } = await apiLogin(uname);
  const { context, page } = await newPage(browser);
  await useLocale(context, locale);
  await page.goto(`/login?tk=${encodeURIComponent(token)}`);
  await page.waitForURL('**/quick/dashboard');
  await page.goto(path);
  return { page, close: () => context.close() };
}

describe('customer management screens', () => {
  for (const [locale, brandName, profileTab] of [
    ['en', 'American Express', /Profile/],
    ['zh', '美国运通', /资料/],
  ] as const) {
    it(`names the card brand and shows the service dates kept from the jobs, read-only (${locale})`, async () => {
      const name = `Dates ${unique()}`;
      const added = await apiCall<{ id: number; locationId: number }>('/customer/add', adminToken, {
        name,
        phone1: '(650) 555-0177',
        status: 'active',
        location: {
          name: 'Home',
          address1: '102 Test Street',
          city: 'San Mateo',
          state: 'CA',
          zip: '94401',
          primaryContact: name,
          houseType: 'house',
        },
      });
      expect(added.code, added.message).toBe(0);
      // The card on file comes only from the gateway capture (an American Express test card).
      await captureCard(adminToken, added.data.id, '378282246310005');
      // A visit in ten days: the customer's next service date follows it.
      const next = addDays(todayIn(DEFAULT_TIME_ZONE), 10);
      const job = await apiCall('/job/add', adminToken, { locationId: added.data.locationId, serviceDate: next });
      expect(job.code, job.message).toBe(0);

      const { page, close } = await openAs('admin', `/customer/customerdetail?id=${added.data.id}`, locale);
      await page.getByRole('tab', { name: profileTab }).click();
      const form = page.getByTestId('profile-form');
      await expect.poll(() => page.locator('#nextServiceDate').inputValue()).toBe(next);
      expect(await page.locator('#nextServiceDate').isDisabled()).toBe(true);
      expect(await page.locator('#lastServiceDate').isDisabled()).toBe(true);
      expect(await page.locator('#lastServiceDate').inputValue()).toBe('');
      // The brand by its name, never its code; the profile form itself has no card field.
      await expect.poll(() => page.getByTestId('saved-card').textContent()).toContain(brandName);
      expect(await form.locator('#cardBrand, #cardLast4').count()).toBe(0);
      const shown = `${await form.textContent()} ${await page.getByTestId('saved-card').textContent()}`;
      expect(shown).not.toMatch(/AMEX|amex/);
      await close();
    });
  }

  it('finds a demo customer by search and opens its detail', async () => {
    const demo = await apiCall<{ list: { id: number; name: string; phone1: string }[] }>('/customer/queryList', adminToken, {
      pageNum: 1,
      pageSize: 1,
      status: 'active',
    });
    const customer = demo.data.list[0];
    expect(customer).toBeDefined();
    const { page, close } = await openAs('admin', '/customer/customerlist');
    await page.getByPlaceholder('Name, phone, email, address or zip').fill(customer!.name);
    await page.getByTestId('list-search').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: customer!.phone1 }).first().getByRole('link', { name: customer!.name }).click();
    await page.waitForURL(`**/customer/customerdetail?id=${customer!.id}`);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe(customer!.name);
    expect(await page.getByTestId('balance-summary').textContent()).toContain('Total received');
    await close();
  });

  it('shows the spec messages when a new location is saved empty (in Chinese)', async () => {
    const { id } = await makeCustomer(`Loc ${unique()}`);
    const { page, close } = await openAs('admin', `/customer/customerdetail?id=${id}`, 'zh');
    await page.getByRole('tab', { name: /地点/ }).click();
    await page.getByRole('button', { name: '新增地点' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    for (const message of ['地点名称为必填项', '主要联系人为必填项', '房屋类型为必填项', '地址为必填项', '邮编为必填项']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    expect(await dialog.textContent()).toContain('可选；加密存储，显示时遮盖。');
    await close();
  });

  it('reveals a key code as admin and logs who saw it; a scheduler is not offered the reveal', async () => {
    const name = `Keys ${unique()}`;
    const { locationId } = await makeCustomer(name, '4821');
    const admin = await openAs('admin', '/customer/secretkey');
    await admin.page.getByPlaceholder('Customer, location, address or tag').fill(name);
    await admin.page.getByTestId('list-search').getByRole('button', { name: 'Search' }).click();
    const code = admin.page.getByTestId(`code-key-${locationId}`);
    await code.waitFor();
    expect(await code.textContent()).not.toContain('4821');
    await admin.page.getByRole('button', { name: 'Reveal key code' }).click();
    await expect.poll(() => code.textContent()).toBe('4821');
    await admin.close();

    const log = await apiCall<{ list: { summary: string; uname: string }[] }>(
      '/sysLog/queryOperation',
      adminToken,
      { pageNum: 1, pageSize: 20 },
      undefined,
      'en',
    );
    const entry = log.data.list.find((e) => e.summary.includes(`#${locationId}`));
    expect(entry?.summary).toContain('revealed the key code');
    expect(entry?.summary).toContain('(admin)');
    expect(entry?.summary).toContain(name);

    const scheduler = await openAs('scheduler', '/customer/secretkey');
    await scheduler.page.getByPlaceholder('Customer, location, address or tag').fill(name);
    await scheduler.page.getByTestId('list-search').getByRole('button', { name: 'Search' }).click();
    await scheduler.page.getByTestId(`code-key-${locationId}`).waitFor();
    expect(await scheduler.page.getByRole('button', { name: /^Reveal/ }).count()).toBe(0);
    await scheduler.close();
  });

  it('uploads a document, lists it with its size and downloads it', async () => {
    const { id } = await makeCustomer(`Docs ${unique()}`);
    const { page, close } = await openAs('admin', `/customer/customerdetail?id=${id}`);
    await page.getByRole('tab', { name: /Documents/ }).click();
    const content = 'Cleaning agreement text.\n'.repeat(100); // 2,500 bytes
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'agreement.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    const row = page.getByRole('row').filter({ hasText: 'agreement.txt' });
    await row.waitFor();
    expect(await row.textContent()).toContain('2.4 KB');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('agreement.txt');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(content);

    // A type the server does not accept is refused before sending.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await toast(page, 'the file type must be PDF').waitFor();
    await close();
  });

  it('adds a payment, and a refund larger than received is refused with the server message', async () => {
    const { id } = await makeCustomer(`Pay ${unique()}`);
    const { page, close } = await openAs('admin', `/customer/customerdetail?id=${id}`);
    await page.getByRole('tab', { name: /Payments/ }).click();
    await page.getByRole('button', { name: 'Add payment' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByLabel('Gratuity').fill('15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Payment recorded').waitFor();
    await expect.poll(() => page.getByTestId('money-summary').textContent()).toContain('$100.00');

    await page.getByRole('tab', { name: /Refunds/ }).click();
    await page.getByRole('button', { name: 'Add refund' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('150');
    await dialog.getByLabel('Reason').click();
    await page.getByTitle('Damage').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The refund of $150.00 is more than can be refunded').waitFor();
    const refunds = await apiCall<{ total: number }>('/customerRefund/queryList', adminToken, {
      customerId: id,
      pageNum: 1,
      pageSize: 10,
    });
    expect(refunds.data.total).toBe(0);
    const payments = await apiCall<{ list: { amountCents: number; gratuityCents: number }[] }>(
      '/customerPayment/queryList',
      adminToken,
      {
        customerId: id,
        pageNum: 1,
        pageSize: 10,
      },
    );
    expect(payments.data.list).toMatchObject([{ amountCents: 10000, gratuityCents: 1500 }]);
    await close();
  });

  it('adds a communication with a follow-up today and finds it highlighted in the log', async () => {
    const name = `Comm ${unique()}`;
    const { id } = await makeCustomer(name);
    const settings = await apiCall<{ today: string }>('/sysParam/quoteSettings', adminToken);
    const today = settings.data.today;
    const subject = `Call back ${unique()}`;
    const { page, close } = await openAs('admin', `/customer/customerdetail?id=${id}`);
    await page.getByRole('tab', { name: /Communications/ }).click();
    await page.getByRole('button', { name: 'Add entry' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Follow-up').click();
    await dialog.getByLabel('Follow-up').fill(today);
    await dialog.getByLabel('Follow-up').press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();

    await page.goto('/customer/connectrecord');
    await page.getByTestId('list-search').getByLabel('Subject or customer').fill(subject);
    await page.getByTestId('list-search').getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('follow-up-today');
    expect(await row.textContent()).toContain('Due today');
    expect(await row.textContent()).toContain(name);
    await close();
  });
});
