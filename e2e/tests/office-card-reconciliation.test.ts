import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, newPage, toast, useLocale } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A request to the gateway the server is configured with, as the server's own secret key would send it. */
async function gateway<T>(base: string, path: string, form?: Record<string, string>): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: { authorization: 'Bearer sk_test_tidyhouse', 'content-type': 'application/x-www-form-urlencoded' },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return (await response.json()) as T;
}

describe('card reconciliation (issue 26)', () => {
  it('lists a charge the gateway made that we never recorded, and refunds it through the gateway with a reason', async () => {
    const { token } = await apiLogin('admin');
    const { data: config } = await apiCall<{ baseUrl: string }>('/cardQueue/gatewayConfig', token);
    // A charge at the gateway naming a queue entry we do not have (made outside the product).
    const intent = await gateway<{ latest_charge: string; status: string }>(config.baseUrl, '/v1/payment_intents', {
      amount: '4321',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      off_session: 'true',
      'metadata[entry]': '999999999',
    });
    expect(intent.status).toBe('succeeded');
    const chargeId = intent.latest_charge;

    const { context, page } = await newPage(browser);
    try {
      await useLocale(context, 'en');
      await page.goto(`/login?tk=${encodeURIComponent(token)}`);
      await page.waitForURL('**/quick/dashboard');
      await page.goto('/office/cardreconciliation');
      await page.getByTestId('reconciliation-page').waitFor();
      await page.getByTestId('recon-run').click();
      const row = page.locator('.ant-table-tbody tr').filter({ hasText: chargeId });
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/Charge not in our records.*\$43\.21.*Open/);
      await expect.poll(() => page.getByTestId('recon-summary').textContent()).toMatch(/Open differences\s*[1-9]/);

      // No customer of ours is named: recording it is not offered; refunding needs a reason.
      await expect(row.getByRole('button', { name: 'Record the payment' }).count()).resolves.toBe(0);
      await row.getByRole('button', { name: 'Refund through the gateway' }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.textContent()).toContain('Send $43.21 back to the card through the gateway');
      await expect(dialog.locator('#recon-confirm').isDisabled()).resolves.toBe(true);
      await dialog.getByTestId('recon-note').fill('Not ours: charged outside the office');
      await dialog.locator('#recon-confirm').click();
      await toast(page, 'Difference resolved.').waitFor();
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/Refunded.*Not ours: charged outside the office/);

      // The gateway holds exactly one refund of the whole charge.
      const refunds = await gateway<{ data: { amount: number; metadata: Record<string, string> }[] }>(
        config.baseUrl,
        `/v1/refunds?charge=${chargeId}`,
      );
      expect(refunds.data.map((r) => r.amount)).toEqual([4321]);
    } finally {
      await context.close();
    }
  });
});
