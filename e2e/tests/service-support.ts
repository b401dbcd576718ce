import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, apiLogin, loginByForm, newPage, useLocale } from '../support/browser';
import { chooseOption } from '../support/select';

/** Helpers of the service browser tests (jobs, plans, tasks). */

export async function adminPage(browser: Browser, locale: 'en' | 'zh', url: string) {
  const { context, page } = await newPage(browser);
  await useLocale(context, locale);
  await loginByForm(page, 'admin');
  await page.waitForURL('**/quick/dashboard');
  await page.goto(url);
  return { context, page };
}

export const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title });
export const row = (scope: Page | Locator, text: string) => scope.locator('tr.ant-table-row').filter({ hasText: text });

/** Picks an option of an antd Select (the select element itself, or something inside it). */
export async function choose(page: Page, select: Locator, option: string | RegExp) {
  await chooseOption(page, select, option);
}

/** Types a date (YYYY-MM-DD) or a time (HH:mm) into an antd picker and takes it with Tab. */
export async function typePicker(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Tab');
}

/** A quote sold through the API (the sales screen has its own browser test): its customer, location and plan jobs. */
export async function soldQuote(token: string, fields: { name: string; phone: string; frequency: string; zip: string }) {
  const added = await apiCall<{ id: number; version: number; reference: string }>('/quote/add', token, {
    customerName: fields.name,
    phone1: fields.phone,
    address1: '77 Service Lane',
    city: 'Burlingame',
    zip: fields.zip,
    houseType: 'house',
    houseSizeSqft: 1800,
    frequency: fields.frequency,
    language: 'en',
  });
  if (added.code !== 0) throw new Error(`quote/add: ${added.message}`);
  const sold = await apiCall<{ customerId: number; locationId: number }>('/quote/changeStatus', token, {
    id: added.data.id,
    version: added.data.version,
    status: 'sold',
  });
  if (sold.code !== 0) throw new Error(`quote/changeStatus: ${sold.message}`);
  return { quote: added.data, ...sold.data };
}

/** A phone number no demo record has. */
export function uniquePhone(): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10_000)}`.padStart(10, '7').slice(-7);
  return `(650) ${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** A served ZIP code (first zone with primary ZIPs). */
export async function servedZip(token: string): Promise<string> {
  const zones = await apiCall<{ list: { primaryZips: string[] }[] }>('/zone/queryList', token, {
    pageNum: 1,
    pageSize: 50,
    active: true,
  });
  const zip = zones.data.list.find((z) => z.primaryZips.length > 0)?.primaryZips[0];
  if (!zip) throw new Error('no served zip');
  return zip;
}

export const adminToken = async () => (await apiLogin('admin')).token;
