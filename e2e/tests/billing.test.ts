import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BoardDay,
  DEFAULT_TIME_ZONE,
  formatCents,
  type InvoiceListResponse,
  type JobSaved,
  type MailInbox,
  todayIn,
} from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, settledConfirm, toast } from '../support/browser';
import { chooseOption } from '../support/select';
import { adminPage, adminToken, dialog, row } from './service-support';

/**
 * Billing (issue 19): a completed job's invoice on the Invoices screen, sent by e-mail with its PDF, a
 * partial payment leaving the rest owed, the statement of account, and the Accounts Receivable screen.
 */

let browser: Browser;
let token: string;
const tag = Date.now().toString(36);
const name = `Billing Owner ${tag}`;
let customerId: number;
let invoice: InvoiceListResponse['list'][number];
/** The partial payment the test takes ($20.00). */
const PAID_CENTS = 2_000;

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'billing-')), 'document.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function downloadBytes(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

/** A new customer whose job of today is completed with nothing paid: its id and the job's invoice. */
async function invoicedCustomer(customerName: string, address: string) {
  const today = todayIn(DEFAULT_TIME_ZONE);
  const board = (await apiCall<BoardDay>('/jhSchedule/queryBoard', token, { date: today })).data;
  const teamId = board.teams.find((t) => t.members.length > 0 && !t.outage)!.id;
  const prices = (await apiCall<{ id: number; kind: string }[]>('/servicePrice/priceOn', token, { date: today })).data;
  const added = await apiCall<{ id: number; locationId: number }>('/customer/add', token, {
    name: customerName,
    phone1: '(650) 555-0119',
    email: `${customerName.toLowerCase().replaceAll(' ', '.')}@example.com`,
    status: 'active',
    location: {
      name: 'Home',
      address1: address,
      city: 'San Mateo',
      state: 'CA',
      zip: '94401',
      primaryContact: customerName,
      houseType: 'house',
    },
  });
  if (added.code !== 0) throw new Error(`customer/add: ${added.message}`);
  const job = await apiCall<JobSaved>('/job/add', token, {
    locationId: added.data.locationId,
    teamId,
    serviceDate: today,
    startTime: '08:00',
    lines: [{ priceItemId: prices.find((p) => p.kind === 'item')!.id, quantity: 2 }],
  });
  if (job.code !== 0) throw new Error(`job/add: ${job.message}`);
  // Completing the job issues its invoice (nothing paid on site).
  const done = await apiCall('/officeDay/confirmJob', token, {
    id: job.data.id,
    version: job.data.version,
    outcome: 'completed',
    actualMinutes: 120,
    payment: { method: 'none' },
  });
  if (done.code !== 0) throw new Error(`officeDay/confirmJob: ${done.message}`);
  const invoices = await apiCall<InvoiceListResponse>('/invoice/queryList', token, {
    customerId: added.data.id,
    pageNum: 1,
    pageSize: 10,
  });
  const issued = invoices.data.list[0];
  if (!issued || issued.totalCents <= PAID_CENTS) throw new Error(`no invoice above the payment: ${JSON.stringify(invoices)}`);
  return { customerId: added.data.id, invoice: issued };
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  ({ customerId, invoice } = await invoicedCustomer(name, '19 Ledger Lane'));
});
afterAll(() => browser?.close());

/** The words of the main flow in each office language. */
const WORDS = {
  en: {
    keyword: 'Keyword',
    search: 'Search',
    open: 'Open',
    partlyPaid: 'Partly paid',
    emailed: (n: string, to: string) => `Invoice ${n} e-mailed to ${to}`,
    payments: /Payments/,
    addPayment: 'Add payment',
    newPayment: 'New payment',
    amount: 'Amount',
    method: 'Method',
    creditCard: 'Credit card',
    cardLast4: 'Card last 4',
    save: 'Save',
    recorded: 'Payment recorded',
    invoicesTab: 'Invoices',
    invoiceTitle: (n: string) => `Invoice ${n}`,
  },
  zh: {
    keyword: '关键词',
    search: /查\s*询/,
    open: '未付',
    partlyPaid: '部分已付',
    emailed: (n: string, to: string) => `发票 ${n} 已通过电子邮件发送至 ${to}`,
    payments: /付款/,
    addPayment: '新增付款',
    newPayment: '新增付款',
    amount: '金额',
    method: '方式',
    creditCard: '信用卡',
    cardLast4: '卡末四位',
    save: /保\s*存/,
    recorded: '付款已登记',
    invoicesTab: '发票',
    invoiceTitle: (n: string) => `发票 ${n}`,
  },
} as const;

describe('Invoices', () => {
  for (const locale of ['en', 'zh'] as const) {
    it(`lists the completed job’s invoice, e-mails it with its PDF, takes a partial card payment and reads the statement (${locale})`, async () => {
      const w = WORDS[locale];
      // English uses the customer made for the whole file; Chinese its own, so each starts unpaid.
      const ownName = locale === 'en' ? name : `Billing Zh ${tag}`;
      const own = locale === 'en' ? { customerId, invoice } : await invoicedCustomer(ownName, '23 Ledger Lane');
      const ownEmail = `${ownName.toLowerCase().replaceAll(' ', '.')}@example.com`;
      const { context, page } = await adminPage(browser, locale, '/customer/invoices');
      await page.getByLabel(w.keyword).fill(ownName);
      await page.getByTestId('list-search').getByRole('button', { name: w.search }).click();
      const line = row(page, own.invoice.number);
      await line.getByText(w.open, { exact: true }).waitFor();
      expect(await line.textContent()).toContain(formatCents(own.invoice.totalCents, locale));

      await line.getByTestId('invoice-open').click();
      await page.getByTestId('invoice-facts').getByText(own.invoice.jobReference).waitFor();
      await page.getByTestId('invoice-send').click();
      await toast(page, w.emailed(own.invoice.number, ownEmail)).waitFor();
      const inbox = await apiCall<MailInbox>('/sysParam/mailInbox', token);
      const mail = inbox.data.list.find((m) => m.to.includes(ownEmail));
      expect(mail?.subject).toContain(own.invoice.number);
      expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
      const pdf = await downloadBytes(page, () => page.getByTestId('invoice-pdf').click());
      expect(pdfText(pdf)).toContain(own.invoice.number);
      await page.keyboard.press('Escape');

      // A card payment of $20.00 on account pays the invoice in part: the rest is owed.
      await page.goto(`/customer/customerdetail?id=${own.customerId}`);
      await page.getByRole('tab', { name: w.payments }).click();
      await page.getByRole('button', { name: w.addPayment }).click();
      const modal = dialog(page, w.newPayment);
      await modal.getByLabel(w.amount).fill('20.00');
      await chooseOption(page, modal.getByLabel(w.method), w.creditCard);
      await modal.getByLabel(w.cardLast4).fill('4242');
      await modal.getByRole('button', { name: w.save }).click();
      await toast(page, w.recorded).waitFor();
      const owed = formatCents(own.invoice.totalCents - PAID_CENTS, locale);
      await expect.poll(() => page.getByTestId('balance-owed').textContent(), { timeout: 15_000 }).toContain(owed);
      const payments = await apiCall<{ list: { method: string; cardLast4: string; amountCents: number }[] }>(
        '/customerPayment/queryList',
        token,
        { customerId: own.customerId, pageNum: 1, pageSize: 10 },
      );
      expect(payments.data.list[0]).toMatchObject({ method: 'credit_card', cardLast4: '4242', amountCents: PAID_CENTS });

      await page.getByRole('tab', { name: w.invoicesTab }).click();
      await row(page, own.invoice.number).getByText(w.partlyPaid).waitFor();
      const statement = pdfText(await downloadBytes(page, () => page.getByTestId('statement-download').click()));
      expect(statement).toContain(own.invoice.number);
      expect(statement).toContain(formatCents(own.invoice.totalCents - PAID_CENTS, 'en'));

      // Job Detail shows the job's invoice with what is left to pay; its number opens that invoice.
      await page.goto(`/service/workdeatil?id=${own.invoice.jobId}`);
      const jobInvoice = page.getByTestId('job-invoice');
      await jobInvoice.getByText(w.partlyPaid).waitFor();
      expect(await jobInvoice.textContent()).toContain(owed);
      await jobInvoice.getByTestId('job-invoice-link').filter({ hasText: own.invoice.number }).click();
      await page.waitForURL(`**/customer/invoices?invoice=${own.invoice.id}`);
      await page.getByTestId('invoice-facts').getByText(own.invoice.jobReference).waitFor();
      await page.getByText(w.invoiceTitle(own.invoice.number), { exact: true }).waitFor();
      await context.close();
    }, 180_000);
  }
});

describe('Accounts Receivable', () => {
  it('shows what the customer owes in its bucket with the totals, and exports it (Chinese)', async () => {
    const { context, page } = await adminPage(browser, 'zh', '/customer/aging');
    await page.getByTestId('aging-totals').waitFor();
    await page.getByTestId('list-search').getByLabel('客户', { exact: true }).fill(name);
    await page
      .getByTestId('list-search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const line = row(page, name);
    const owed = formatCents(invoice.totalCents - PAID_CENTS, 'zh');
    await expect.poll(() => line.textContent(), { timeout: 15_000 }).toContain(owed);
    expect(await page.getByTestId('aging-totals').textContent()).toContain('合计');
    const xlsx = await downloadBytes(page, () => page.getByRole('button', { name: /导出 XLSX/ }).click());
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    await line.getByRole('link', { name }).click();
    await page.waitForURL(`**/customer/customerdetail?id=${customerId}`);
    await context.close();
  }, 120_000);
});

describe('Voiding an invoice', () => {
  it('voids from Customer Detail with a reason after a confirmation; nothing is owed any more (Chinese)', async () => {
    const other = await invoicedCustomer(`Billing Void ${tag}`, '21 Ledger Lane');
    const { context, page } = await adminPage(browser, 'zh', `/customer/customerdetail?id=${other.customerId}`);
    await expect
      .poll(() => page.getByTestId('balance-owed').textContent())
      .toContain(formatCents(other.invoice.totalCents, 'zh'));
    await page.getByRole('tab', { name: '发票' }).click();
    await row(page, other.invoice.number).getByTestId('invoice-open').click();
    await page.getByTestId('invoice-void').click();
    const modal = dialog(page, `作废发票 ${other.invoice.number}`);
    await modal.getByTestId('invoice-void-reason').fill('重复开票');
    await modal.getByRole('button', { name: /作\s*废/ }).click();
    const confirm = await settledConfirm(page);
    expect(await confirm.textContent()).toContain(formatCents(other.invoice.totalCents, 'zh'));
    await confirm.getByRole('button', { name: /作\s*废/ }).click();
    await toast(page, '发票已作废').waitFor();
    await page.getByTestId('invoice-facts').getByText('重复开票').waitFor();
    expect(await page.getByTestId('invoice-send').count()).toBe(0);
    await expect.poll(() => page.getByTestId('balance-owed').textContent()).toContain(formatCents(0, 'zh'));
    await context.close();
  }, 120_000);
});

describe("Sending a closed day's invoices", () => {
  it('is offered once the day is closed, asks first, and says when nothing is left to send (Chinese)', async () => {
    // A day of this file only, with no job: closing it needs nothing done first.
    const day = '2031-03-04';
    const closed = await apiCall('/officeDay/close', token, {
      date: day,
      countedCashCents: 0,
      countedCheckCents: 0,
      differenceNote: '',
    });
    expect(closed.code, closed.message).toBe(0);
    const { context, page } = await adminPage(browser, 'zh', `/office/confirmshutdown?date=${day}`);
    await page.getByTestId('day-closed').waitFor();
    await page.getByTestId('send-day-invoices').click();
    const confirm = await settledConfirm(page);
    expect(await confirm.textContent()).toContain(`按每位客户的开票方式发送 ${day} 所有未发送的发票？`);
    await confirm.getByRole('button', { name: '发送当日发票' }).click();
    await toast(page, '当日没有未发送的发票').waitFor();
    await context.close();
  }, 120_000);
});
