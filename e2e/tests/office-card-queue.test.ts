import { type BoardDay, DEFAULT_TIME_ZONE, formatCents, type JobSaved, todayIn } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, toast, useLocale } from '../support/browser';
import { captureCard } from '../support/cards';
import { chooseOption } from '../support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openAs(path: string, locale: 'en' | 'zh' = 'en'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { token } = await apiLogin('admin');
  const { context, page } = await newPage(browser);
  await useLocale(context, locale);
  await page.goto(`/login?tk=${encodeURIComponent(token)}`);
  await page.waitForURL('**/quick/dashboard');
  await page.goto(path);
  return { page, close: () => context.close() };
}

const rowOf = (page: Page, text: string) => page.locator('.ant-table-tbody tr').filter({ hasText: text });

const LABELS = {
  en: { process: /Process selected/, confirm: 'Process', close: 'Close' },
  zh: { process: /处理所选/, confirm: /处\s*理/, close: /关\s*闭/ },
};

/** An amount cell ($1,234.50) in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** Selects the rows, asks to process them, checks the confirmation names their count and total, and confirms. */
async function processRows(page: Page, texts: string[], summary: RegExp, locale: 'en' | 'zh' = 'en') {
  let total = 0;
  for (const text of texts) {
    const row = rowOf(page, text).first();
    await row.locator('input[type=checkbox]').check();
    total += centsOf((await row.locator('td').nth(3).textContent())!);
  }
  await page.getByRole('button', { name: LABELS[locale].process }).click();
  // Nothing is charged before the confirmation: it names the count and the total.
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.waitFor();
  const title = (await confirm.locator('.ant-modal-confirm-title').textContent())!;
  expect(title).toContain(String(texts.length));
  expect(title).toContain(formatCents(total, locale));
  await confirm.getByRole('button', { name: LABELS[locale].confirm }).click();
  await expect.poll(() => page.getByTestId('process-summary').textContent(), { timeout: 15_000 }).toMatch(summary);
  await page.locator('.ant-modal-footer').getByRole('button', { name: LABELS[locale].close }).click();
}

describe('the e-payment queue', () => {
  it('charges one good and one declined test card, then retries the declined one after a new card is captured', async () => {
    const { page, close } = await openAs('/office/creditcardcollection');
    try {
      // The demo queue: pending entries on Stripe's test cards (4242 succeeds, 9995 has insufficient funds).
      await rowOf(page, '•••• 9995').first().waitFor();
      await expect
        .poll(() => rowOf(page, '•••• 9995').filter({ hasText: 'Pending processing' }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      const good = rowOf(page, '•••• 4242').filter({ hasText: 'Pending processing' }).first();
      const goodSerial = (await good.locator('td').nth(1).textContent())!.trim();
      const bad = rowOf(page, '•••• 9995').filter({ hasText: 'Pending processing' }).first();
      const badSerial = (await bad.locator('td').nth(1).textContent())!.trim();
      await processRows(page, [goodSerial, badSerial], /2 of 2 processed: 1 approved, 1 declined/);

      await expect.poll(() => rowOf(page, goodSerial).textContent(), { timeout: 15_000 }).toMatch(/Approved.*ch_/);
      await expect
        .poll(() => rowOf(page, badSerial).textContent(), { timeout: 15_000 })
        .toMatch(/Failed.*The card has insufficient funds\./);
      const account = (await rowOf(page, badSerial).textContent())!.match(/#(\d+)/)![1];

      // Card capture on the customer's screen, as Stripe.js sends it: number and CVC to the gateway's
      // /v1/tokens with the publishable key in the form body (no Authorization header, so no CORS
      // preflight), and only the token it returns to us.
      await page.goto(`/customer/customerdetail?id=${account}`);
      const toGateway: { method: string; url: string; headers: Record<string, string>; body: string }[] = [];
      const toUs: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/v1/'))
          toGateway.push({ method: r.method(), url: r.url(), headers: r.headers(), body: r.postData() ?? '' });
        if (r.url().endsWith('/cardQueue/saveCard')) toUs.push(r.postData() ?? '');
      });
      await page.getByTestId('saved-card').getByRole('button').click();
      const dialog = page.getByRole('dialog');
      // Stripe declines 4000 0000 0000 0002 when it is attached: the card on file stays as it was.
      await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
      await dialog.getByLabel('Expiry month').fill('11');
      await dialog.getByLabel('Expiry year').fill('2031');
      await dialog.getByLabel('Security code (CVC)').fill('123');
      await dialog.getByRole('button', { name: /OK|Save/ }).click();
      await expect
        .poll(() => toast(page, 'The card gateway refused: The card was declined by the bank.').count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByTestId('saved-card').textContent()).toMatch(/•••• 9995/);
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByRole('button', { name: /OK|Save/ }).click();
      await expect.poll(() => toast(page, 'The card was saved.').count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => page.getByTestId('saved-card').textContent(), { timeout: 15_000 })
        .toMatch(/Visa •••• 4242 \(11\/2031\)/);
      expect(toGateway.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /v1/tokens', 'POST /v1/tokens']);
      for (const r of toGateway) {
        expect(r.headers).not.toHaveProperty('authorization');
        expect(r.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
        const form = new URLSearchParams(r.body);
        expect(form.get('key')).toMatch(/^pk_test_/);
        expect(form.get('card[exp_month]')).toBe('11');
      }
      // Our server received the gateway's tokens, never a card number.
      expect(toUs).toHaveLength(2);
      for (const body of toUs) {
        expect(JSON.parse(body).paymentMethodId).toMatch(/^tok_/);
        expect(body).not.toMatch(/4242424242424242|4000000000000002|"cvc"/);
      }

      // Retry: the same entry, pending again on the card saved now, charged with approval.
      await page.goto('/office/creditcardcollection');
      await rowOf(page, badSerial).getByRole('button', { name: 'Retry' }).click();
      await expect
        .poll(() => toast(page, "The charge was queued again on the customer's current card.").count(), { timeout: 15_000 })
        .toBe(1);
      await expect.poll(() => rowOf(page, badSerial).textContent(), { timeout: 15_000 }).toMatch(/Pending processing.*•••• 4242/);
      await processRows(page, [badSerial], /1 of 1 processed: 1 approved, 0 declined/);
      await expect.poll(() => rowOf(page, badSerial).textContent(), { timeout: 15_000 }).toMatch(/Approved/);

      // Part of that charge goes back to the card through the gateway, from the customer's refunds.
      await page.goto(`/customer/customerdetail?id=${account}`);
      await page.getByRole('tab', { name: /Refunds/ }).click();
      await page.getByRole('button', { name: 'Add refund' }).click();
      const refund = page.getByRole('dialog');
      await chooseOption(page, refund.getByLabel('Refund to'), /Card •••• 4242/);
      await refund.getByText('The money goes back to this card through the card gateway when you save.').waitFor();
      await refund.getByLabel('Amount').fill('12.50');
      await chooseOption(page, refund.getByLabel('Reason'), 'Damage');
      await refund.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Refund sent back to the card').waitFor();
      const refunded = page.locator('.ant-table-tbody tr').filter({ hasText: 'Card •••• 4242' }).filter({ hasText: '$12.50' });
      await expect.poll(() => refunded.textContent(), { timeout: 15_000 }).toMatch(/Refunded/);
    } finally {
      await close();
    }
  });

  // The demo's other cards: the failed entry on 0002 (declined by the bank) and the pending American Express 8431.
  it('in Chinese: retries a declined card, then approves one and declines the retried one with the reason in Chinese', async () => {
    const { page, close } = await openAs('/office/creditcardcollection', 'zh');
    try {
      const failed = rowOf(page, '•••• 0002').filter({ hasText: '失败' }).first();
      await failed.waitFor({ timeout: 15_000 });
      const failedSerial = (await failed.locator('td').nth(1).textContent())!.trim();
      await expect.poll(() => failed.textContent()).toMatch(/银行拒绝了该银行卡。/);
      await rowOf(page, failedSerial)
        .getByRole('button', { name: /重\s*试/ })
        .click();
      await expect.poll(() => toast(page, '已用客户当前的银行卡重新加入扣款队列。').count(), { timeout: 15_000 }).toBe(1);
      // The same entry is pending again (its card is still on file: a generic decline may be tried again).
      await expect.poll(() => rowOf(page, failedSerial).textContent(), { timeout: 15_000 }).toMatch(/待处理/);
      const retriedSerial = failedSerial;
      const good = rowOf(page, '•••• 8431').filter({ hasText: '待处理' }).first();
      const goodSerial = (await good.locator('td').nth(1).textContent())!.trim();
      await processRows(page, [goodSerial, retriedSerial], /已处理 2 \/ 2：批准 1，拒绝 1/, 'zh');
      await expect.poll(() => rowOf(page, goodSerial).textContent(), { timeout: 15_000 }).toMatch(/已批准.*ch_/);
      await expect
        .poll(() => rowOf(page, retriedSerial).textContent(), { timeout: 15_000 })
        .toMatch(/失败.*银行拒绝了该银行卡。/);
    } finally {
      await close();
    }
  });
  it('settles a declined charge as paid another way: the check is recorded in the customer payments', async () => {
    const { token } = await apiLogin('admin');
    const today = todayIn(DEFAULT_TIME_ZONE);
    const name = `Paid Other ${Date.now().toString(36)}`;
    const board = (await apiCall<BoardDay>('/jhSchedule/queryBoard', token, { date: today })).data;
    const teamId = board.teams.find((t) => t.members.length > 0 && !t.outage)!.id;
    const prices = (await apiCall<{ id: number; kind: string }[]>('/servicePrice/priceOn', token, { date: today })).data;
    const customer = await apiCall<{ id: number; locationId: number }>('/customer/add', token, {
      name,
      phone1: '(650) 555-0143',
      status: 'active',
      location: {
        name: 'Home',
        address1: '14 Queue Street',
        city: 'San Mateo',
        state: 'CA',
        zip: '94401',
        primaryContact: name,
        houseType: 'house',
      },
    });
    expect(customer.code, customer.message).toBe(0);
    // A card the gateway attaches but the bank declines when charged (Stripe's 4000 0000 0000 0341).
    await captureCard(token, customer.data.id, '4000000000000341');
    const job = await apiCall<JobSaved>('/job/add', token, {
      locationId: customer.data.locationId,
      teamId,
      serviceDate: today,
      startTime: '11:00',
      lines: [{ priceItemId: prices.find((p) => p.kind === 'item')!.id, quantity: 2 }],
    });
    expect(job.code, job.message).toBe(0);
    const confirmed = await apiCall<{ cardQueueSerial: string }>('/officeDay/confirmJob', token, {
      id: job.data.id,
      version: job.data.version,
      outcome: 'completed',
      actualMinutes: 90,
      payment: { method: 'card_queue' },
    });
    expect(confirmed.code, confirmed.message).toBe(0);
    const serial = confirmed.data.cardQueueSerial;

    const { page, close } = await openAs('/office/creditcardcollection');
    try {
      await rowOf(page, serial).waitFor({ timeout: 15_000 });
      const amount = (await rowOf(page, serial).locator('td').nth(3).textContent())!.trim();
      await processRows(page, [serial], /1 of 1 processed: 0 approved, 1 declined/);
      await expect.poll(() => rowOf(page, serial).textContent(), { timeout: 15_000 }).toMatch(/Failed/);

      await rowOf(page, serial).getByRole('button', { name: 'Settle' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Paid another way').check();
      await dialog.getByLabel('Check', { exact: true }).check();
      await dialog.getByLabel('Check number').fill('7781');
      await dialog.getByRole('button', { name: /OK|Save/ }).click();
      await expect.poll(() => toast(page, 'The failed charge was settled.').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => rowOf(page, serial).textContent(), { timeout: 15_000 }).toMatch(/Paid another way/);

      await page.goto(`/customer/customerdetail?id=${customer.data.id}`);
      await page.getByRole('tab', { name: /Payments/ }).click();
      const payment = page.locator('.ant-table-tbody tr').filter({ hasText: '7781' });
      await expect.poll(() => payment.textContent(), { timeout: 15_000 }).toContain(amount);
      // The payment names the card queue entry it settled.
      expect(await payment.textContent()).toContain(serial);
    } finally {
      await close();
    }
  });
});
