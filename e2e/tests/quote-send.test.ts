import type { MailInbox, QuoteListItem } from '@tidyhouse/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, loginByForm, newPage, toast, useLocale } from '../support/browser';

/** Sending a quote from the past-quotes list: the PDF, and e-mail through the built-in SMTP catcher. */
let browser: Browser;
let token: string;
let quote: QuoteListItem;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ token } = await apiLogin('admin'));
  const list = await apiCall<{ list: QuoteListItem[] }>('/quote/queryList', token, { pageSize: 100 });
  const withEmail = list.data.list.find((q) => q.email);
  if (!withEmail) throw new Error('no seeded quote with an e-mail address');
  quote = withEmail;
});
afterAll(() => browser.close());

describe('sending a quote (sales)', () => {
  it('downloads the PDF and sends it by e-mail with the recipient prefilled, as an office user would', async () => {
    const { context, page } = await newPage(browser);
    await useLocale(context, 'en');
    await loginByForm(page, 'sales');
    await page.waitForURL('**/quick/dashboard');
    await page.goto('/sales/quotationlist');
    await page.getByLabel('Reference, name, phone, address or zip').fill(quote.reference);
    await page.getByTestId('list-search').getByRole('button', { name: 'Search' }).click();
    const actions = page.getByTestId(`quote-actions-${quote.reference}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      actions.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${quote.reference}.pdf`);
    const bytes = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

    await actions.getByRole('button', { name: /Send/ }).click();
    const to = page.getByTestId('quote-send-to');
    expect(await to.inputValue()).toBe(quote.email);
    await to.fill('office.test@example.com');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /^Send$/ })
      .click();
    await toast(page, `Quote ${quote.reference} was sent to office.test@example.com.`).waitFor();

    const inbox = await apiCall<MailInbox>('/sysParam/mailInbox', token);
    expect(inbox.data.running).toBe(true);
    const mail = inbox.data.list.find((m) => m.subject.includes(quote.reference));
    expect(mail?.to).toEqual(['office.test@example.com']);
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
    await context.close();
  }, 120_000);
});
