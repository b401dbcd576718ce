import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, toast, unique, useLocale } from '../support/browser';
import { chooseOption, selectById } from '../support/select';
import { servedZip, soldQuote, uniquePhone } from './service-support';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin')).token;
});
afterAll(() => browser.close());

async function openAs(uname: string, url: string, locale: 'en' | 'zh'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { token } = await apiLogin(uname);
  const { context, page } = await newPage(browser);
  await useLocale(context, locale);
  await page.goto(`/login?tk=${encodeURIComponent(token)}`);
  await page.waitForURL('**/quick/dashboard');
  await page.goto(url);
  return { page, close: () => context.close() };
}

async function pdfText(download: Download): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gift-e2e-')), 'gift.pdf');
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** Fills the sell dialog of the screen. */
async function sell(page: Page, fields: { amount: string; paid: string; purchaser: string; recipient: string; message: string }) {
  await page.locator('#certificateAmount').fill(fields.amount);
  await page.locator('#purchaseAmount').fill(fields.paid);
  await page.locator('#purchaserName').fill(fields.purchaser);
  await page.locator('#recipientName').fill(fields.recipient);
  await page.locator('#message').fill(fields.message);
}

const findRow = async (page: Page, keywordLabel: string, searchLabel: RegExp, text: string) => {
  await page.getByLabel(keywordLabel).fill(text);
  await page.getByRole('button', { name: searchLabel }).click();
  const row = page.locator('tr.ant-table-row').filter({ hasText: text });
  await row.waitFor();
  return row;
};

describe('gift certificates (issue 13)', () => {
  it('sells a certificate, redeems part of it on a job, sees the balance drop, voids it, prints it (English)', async () => {
    const recipient = `Grace ${unique()}`;
    const { page, close } = await openAs('office', '/marketing/giftcertificate', 'en');
    await page.getByRole('button', { name: 'Sell gift certificate' }).click();
    const dialog = page.getByRole('dialog');
    await sell(page, { amount: '100', paid: '90', purchaser: 'Helen Park', recipient, message: 'Happy birthday!' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'sold').waitFor();
    await dialog.waitFor({ state: 'detached' });

    let row = await findRow(page, 'Number, purchaser or recipient', /Search/, recipient);
    const number = (await row.locator('td').first().textContent())!.trim();
    expect(number).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(await row.textContent()).toContain('$100.00');

    // The customer pays $64.50 of a visit with it, on the job: the dialog shows the balance before saving.
    const { customerId } = await soldQuote(adminToken, {
      name: `Gift payer ${unique()}`,
      phone: uniquePhone(),
      frequency: 'one_time',
      zip: await servedZip(adminToken),
    });
    const jobs = await apiCall<{ list: { id: number; reference: string }[] }>('/job/queryList', adminToken, {
      pageNum: 1,
      pageSize: 5,
      customerId,
    });
    const job = jobs.data.list[0]!;
    await page.goto(`/service/workdeatil?id=${job.id}`);
    await page.getByRole('tab', { name: /Payments/ }).click();
    await page.getByRole('button', { name: 'Take a payment' }).click();
    const payment = page.getByRole('dialog');
    await chooseOption(page, selectById(page, 'job-payment_method'), 'Gift certificate');
    await payment.getByLabel('Amount').fill('64.50');
    await payment.getByLabel('Gift certificate number').fill(number);
    await payment.getByText(`${recipient}: $100.00 available`).waitFor();
    await payment.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The payment is recorded.').waitFor();

    // Back on the certificates: $35.50 left, the redemption in the history.
    await page.goto('/marketing/giftcertificate');
    row = await findRow(page, 'Number, purchaser or recipient', /Search/, recipient);
    await row.getByText('$35.50').waitFor();
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect.poll(() => drawer.getByTestId('gift-detail-balance').textContent()).toBe('$35.50');
    await drawer.getByRole('row').filter({ hasText: 'Redeemed' }).filter({ hasText: job.reference }).waitFor();

    // The printable certificate in English.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: 'Certificate (English)' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain(number);
    expect(text).toContain('never expires');
    expect(text).toContain('Happy birthday!');

    // Void: the spec's question, a reason required, then the balance is gone.
    await drawer.getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to void the gift certificate?' });
    await voiding.getByRole('button', { name: 'Void' }).click();
    await voiding.getByText('reason is required').waitFor();
    await voiding.getByLabel('Reason').fill('Reported stolen');
    await voiding.getByRole('button', { name: 'Void' }).click();
    await toast(page, 'Gift certificate voided').waitFor();
    await expect.poll(() => drawer.getByTestId('gift-detail-balance').textContent()).toBe('$0.00');
    await drawer.getByText('Voided: Reported stolen').waitFor();
    await close();
  }, 240_000);

  it('names the missing purchaser and recipient, sells, and prints in Chinese', async () => {
    const recipient = `陈美玲 ${unique()}`;
    const { page, close } = await openAs('office', '/marketing/giftcertificate', 'zh');
    await page.getByRole('button', { name: '售出礼品券' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('购买人为必填项').waitFor();
    await dialog.getByText('收券人为必填项').waitFor();
    await sell(page, { amount: '200', paid: '180', purchaser: '王丽', recipient, message: '新年快乐！' });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = await findRow(page, '号码、购买人或收券人', /查\s*询|搜\s*索/, recipient);
    await row.getByText('有效').waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: '礼品券（中文）' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain('礼品券');
    expect(text).toContain('新年快乐');
    expect(text).toContain('永不过期');
    expect(text).toContain('$200.00');
    await close();
  }, 240_000);
});
