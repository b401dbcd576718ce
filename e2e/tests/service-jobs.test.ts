import {
  calculateJobCosting,
  DEFAULT_TIME_ZONE,
  formatCents,
  type JobDetail,
  type PricedItem,
  todayIn,
} from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, loginByForm, newPage, toast, unique, useLocale } from '../support/browser';
import { adminPage, adminToken, choose, dialog, row, servedZip, soldQuote, typePicker, uniquePhone } from './service-support';

let browser: Browser;
let token: string;
let teamName: string;
let phone: string;
let name: string;
let jobs: { id: number; reference: string; serviceDate: string }[];

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const detailOf = async (id: number) => (await apiCall<JobDetail>('/job/detail', token, { id })).data;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const options = await apiCall<{ teams: { id: number; name: string }[] }>('/customer/options', token);
  teamName = options.data.teams[0]!.name;
  name = `E2E Jobs ${unique()}`;
  phone = uniquePhone();
  const { customerId } = await soldQuote(token, { name, phone, frequency: 'weekly', zip: await servedZip(token) });
  const listed = await apiCall<{ list: { id: number; reference: string; serviceDate: string }[] }>('/job/queryList', token, {
    pageNum: 1,
    pageSize: 50,
    customerId,
    sort: { field: 'serviceDate', order: 'ascend' },
  });
  jobs = listed.data.list;
  if (jobs.length < 5) throw new Error(`the sold weekly quote made ${jobs.length} jobs`);
});
afterAll(() => browser.close());

const statusIs = (page: Page, text: string) =>
  page
    .getByTestId('job-status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .waitFor();

describe('Job List and Job Detail (issue 9)', () => {
  it('schedules a job, completes it with actual minutes, creates a re-clean and uploads a photo', async () => {
    const job = jobs[0]!;
    const { context, page } = await adminPage(browser, 'en', `/service/workdeatil?id=${job.id}`);
    await page.getByTestId('job-reference').getByText(job.reference).waitFor();
    await statusIs(page, 'Unscheduled');

    await page.getByTestId('job-actions').getByRole('button', { name: 'Schedule', exact: true }).click();
    const schedule = dialog(page, `Schedule ${job.reference}`);
    await choose(page, schedule.getByTestId('schedule-team'), teamName);
    // Today: a job is completed only once its day has come (issue 23).
    await typePicker(schedule.getByLabel('Service date'), todayIn(DEFAULT_TIME_ZONE));
    await typePicker(schedule.getByLabel('Start time'), '09:00');
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    await statusIs(page, 'Scheduled');
    expect((await detailOf(job.id)).job).toMatchObject({ status: 'scheduled', startTime: '09:00', team: { name: teamName } });

    await page.getByTestId('job-actions').getByRole('button', { name: 'Complete', exact: true }).click();
    const complete = dialog(page, `Complete ${job.reference}`);
    await complete.getByLabel('Actual in-home minutes').fill('150');
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await statusIs(page, 'Completed');
    await page.getByTestId('job-actual-minutes').getByText('2 h 30 min').waitFor();
    expect((await detailOf(job.id)).job.actualMinutes).toBe(150);

    // A photo: the type is checked here first, then the server checks the content.
    await page.getByRole('tab', { name: /Images/ }).click();
    const before = page.locator('input[type="file"]').first();
    await before.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await toast(page, 'The photo must be a JPEG, PNG or WebP image').waitFor();
    await before.setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await toast(page, 'The photo is uploaded.').waitFor();
    await page.getByTestId('images-before').locator('img[src^="blob:"]').waitFor();
    const images = (await detailOf(job.id)).images;
    expect(images).toMatchObject([{ kind: 'before', name: 'kitchen.png', mimeType: 'image/png' }]);

    await page.getByTestId('job-actions').getByRole('button', { name: 'Re-clean' }).click();
    const reclean = dialog(page, `Create a re-clean of ${job.reference}`);
    await reclean.getByLabel('Reason').fill('Missed the oven');
    await reclean.getByRole('button', { name: 'Re-clean' }).click();
    await toast(page, 'Re-clean').waitFor();
    await page.waitForURL((url) => url.searchParams.get('id') !== String(job.id));
    const recleanId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText('Re-clean of').waitFor();
    const made = (await detailOf(recleanId)).job;
    expect(made.recleanOf?.id).toBe(job.id);
    expect(made.location.id).toBe((await detailOf(job.id)).job.location.id);
    await context.close();
  }, 240_000);

  it('cancels another job with a reason and a fee that becomes a fee line', async () => {
    const job = jobs[1]!;
    const { context, page } = await adminPage(browser, 'en', `/service/workdeatil?id=${job.id}`);
    await page.getByTestId('job-reference').getByText(job.reference).waitFor();
    await page.getByTestId('job-actions').getByRole('button', { name: 'Cancel job' }).click();
    const cancel = dialog(page, `Cancel ${job.reference}?`);
    await cancel.getByRole('button', { name: 'Cancel job' }).click();
    await cancel.getByText('cancel reason is required', { exact: true }).waitFor();
    await choose(page, cancel.getByTestId('cancel-reason'), 'Weather');
    const fee = cancel.getByLabel('Cancel fee');
    await fee.fill('25');
    await fee.blur();
    await page.waitForFunction(() => !document.querySelector('.ant-modal-footer .ant-btn-dangerous')?.hasAttribute('disabled'));
    await cancel.getByRole('button', { name: 'Cancel job' }).click();
    await statusIs(page, 'Cancelled');
    await page.getByTestId('job-cancel').getByText('$25.00').waitFor();
    const detail = await detailOf(job.id);
    expect(detail.job).toMatchObject({ status: 'cancelled', cancelReason: 'weather', cancelFeeCents: 2500 });
    expect(detail.lines.some((line) => line.kind === 'fee' && line.amountCents === 2500)).toBe(true);
    // The screen follows the server: no status action is left but none (cancelled is final).
    expect(await page.getByTestId('job-actions').getByRole('button').count()).toBe(0);
    await context.close();
  }, 180_000);

  it('edits the job (no flat rate), adds an add-on priced on the job date with live costing that the server confirms', async () => {
    const job = jobs[2]!;
    const { context, page } = await adminPage(browser, 'en', `/service/workdeatil?id=${job.id}`);
    await page.getByTestId('job-reference').getByText(job.reference).waitFor();
    const flat = page.getByTestId('job-form').getByLabel('Flat rate');
    // The form shows before the job's values arrive: clear the flat rate once it holds the job's.
    await expect.poll(() => flat.inputValue()).not.toBe('');
    await flat.fill('');
    await page.getByTestId('job-save').click();
    await toast(page, 'The job is saved.').waitFor();
    await expect.poll(async () => (await detailOf(job.id)).job.flatRateCents).toBeNull();
    // The saved job comes back with a new version and the tab is remade for it: type only once its
    // fields hold that version, or the remake would clear what was typed.
    const saved = (await detailOf(job.id)).job.version;
    await page.locator(`[data-testid="job-form"][data-version="${saved}"]`).waitFor();

    // A coupon the server refuses says why under the field, and nothing is saved.
    const coupon = page.getByTestId('job-form').locator('#job_couponCode');
    await coupon.fill('NO-SUCH-COUPON');
    await page.getByTestId('job-save').click();
    const couponItem = page.locator('.ant-form-item').filter({ has: page.locator('#job_couponCode') });
    await couponItem.getByText('Coupon code: no campaign has this coupon code').waitFor();
    expect((await detailOf(job.id)).job.couponCode).toBe('');
    await coupon.fill('');

    const before = await detailOf(job.id);
    const prices = (await apiCall<PricedItem[]>('/servicePrice/priceOn', token, { date: before.job.pricingDate })).data;
    const addon = prices.find((p) => p.kind === 'addon')!;
    await page.getByRole('tab', { name: /Pricing lines/ }).click();
    await choose(page, page.getByTestId('pricing-pick'), addon.nameEn);
    await page.getByRole('button', { name: 'Add line' }).click();

    const expected = calculateJobCosting({
      lines: [
        ...before.lines.map((l) => ({
          quantity: l.quantity,
          minutesEach: l.minutesEach,
          unitPriceCents: l.unitPriceCents,
          taxable: l.taxable,
          free: l.free,
        })),
        {
          quantity: 1,
          minutesEach: addon.inHomeMinutes,
          unitPriceCents: addon.unitPriceCents,
          taxable: addon.taxable,
          free: false,
        },
      ],
      pricePerMinuteCents: before.job.pricePerMinuteCents,
      flatRateCents: null,
      couponCents: before.job.couponCents,
      discountCents: before.job.discountCents,
      salesTaxBps: before.job.costing.salesTaxBps,
      members: before.labor.map((m) => ({ plannedMinutes: m.plannedMinutes, hourlyRateCents: m.hourlyRateCents ?? 0 })),
    });
    const last = before.lines.length;
    await page
      .getByTestId(`line-amount-${last}`)
      .getByText(formatCents(expected.lineAmountsCents[last]!), { exact: true })
      .waitFor();
    await page
      .getByTestId('costing-invoiceTotalCents')
      .getByText(formatCents(expected.invoiceTotalCents), { exact: true })
      .waitFor();

    await page.getByTestId('pricing-save').click();
    await toast(page, 'The pricing lines are saved').waitFor();
    const after = await detailOf(job.id);
    expect(after.lines.map((l) => l.priceItemId)).toContain(addon.id);
    expect(after.job.costing.invoiceTotalCents).toBe(expected.invoiceTotalCents);
    expect(after.job.costing.revenueCents).toBe(expected.revenueCents);
    await context.close();
  }, 180_000);

  it('refuses an out-of-range duration and a payment of "abc" under the field, in both languages, never clamped (issue 23 item 2)', async () => {
    const job = jobs[3]!;
    const before = await detailOf(job.id);
    const texts = {
      en: {
        duration: 'Duration (minutes) must be a whole number from 0 to 1,440',
        amount: 'Amount must be more than $0.00 (at most $1,000,000.00)',
        payments: /^Payments/,
        take: 'Take a payment',
        title: `Payment for ${job.reference}`,
        ok: /^Save$/,
      },
      zh: {
        duration: '时长（分钟）必须是 0 到 1,440 之间的整数',
        amount: '金额必须大于 $0.00（最多 $1,000,000.00）',
        payments: /^付款/,
        take: '收款',
        title: `${job.reference} 的付款`,
        ok: /^保\s*存$/,
      },
    } as const;
    for (const locale of ['en', 'zh'] as const) {
      const text = texts[locale];
      const { context, page } = await adminPage(browser, locale, `/service/workdeatil?id=${job.id}`);
      await page.locator(`[data-testid="job-form"][data-version="${before.job.version}"]`).waitFor();
      const duration = page.locator('#job_durationMinutes');
      await duration.fill('99999999');
      await duration.blur();
      await page.getByTestId('job-save').click();
      await page.getByText(text.duration, { exact: true }).waitFor();
      // Shown as typed, not clamped to 1440, and nothing saved.
      expect(await duration.inputValue()).toBe('99999999');

      await page.getByRole('tab', { name: text.payments }).click();
      await page.getByRole('button', { name: text.take }).click();
      const take = dialog(page, text.title);
      const amount = take.locator('#job-payment_amount');
      await amount.fill('abc');
      await amount.blur();
      expect(await amount.inputValue()).toBe('0.00');
      await take.getByRole('button', { name: text.ok }).click();
      await take.getByText(text.amount, { exact: true }).waitFor();
      await context.close();
    }
    const after = await detailOf(job.id);
    expect(after.job.version).toBe(before.job.version);
    expect(after.job.durationMinutes).toBe(before.job.durationMinutes);
    expect(after.payments).toHaveLength(before.payments.length);
  }, 180_000);

  it('sets a coupon from its campaign (en) and refuses a hand discount above the maximum (zh) (issue 19 item 6)', async () => {
    const job = jobs[4]!;
    // An approved campaign: added by the office manager, approved by the administrator (four eyes).
    const code = `E2E-J${unique()}`.toUpperCase().slice(0, 20);
    const office = (await apiLogin('office')).token;
    const added = await apiCall<{ id: number; version: number }>('/campaign/add', office, {
      category: 'online',
      sourceName: `E2E job coupon ${code}`,
      couponCode: code,
      couponKind: 'fixed',
      couponValue: 1500,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    });
    expect(added.code).toBe(0);
    const approved = await apiCall('/campaign/audit', token, {
      id: added.data.id,
      version: added.data.version,
      decision: 'approved',
    });
    expect(approved.code).toBe(0);

    const before = await detailOf(job.id);
    const max = before.job.maxDiscountCents;
    const en = await adminPage(browser, 'en', `/service/workdeatil?id=${job.id}`);
    await en.page.locator(`[data-testid="job-form"][data-version="${before.job.version}"]`).waitFor();
    await en.page.locator('#job_couponCode').fill(code);
    await en.page.getByText('Set from the coupon code when you save').first().waitFor();
    await en.page.getByTestId('job-save').click();
    await toast(en.page, 'The job is saved.').waitFor();
    const withCoupon = Math.min(1500, max);
    await expect.poll(async () => (await detailOf(job.id)).job.couponCents).toBe(withCoupon);
    // The form is remade for the saved job: the code's value is shown under it.
    await en.page.getByText(`This code takes ${formatCents(withCoupon, 'en')} off (set by its campaign)`).waitFor();
    await en.context.close();

    // The office manager may not give more than the maximum discount: the reason, in Chinese.
    const saved = await detailOf(job.id);
    const { context, page } = await newPage(browser);
    await useLocale(context, 'zh');
    await loginByForm(page, 'office');
    await page.waitForURL('**/quick/dashboard');
    await page.goto(`/service/workdeatil?id=${job.id}`);
    await page.locator(`[data-testid="job-form"][data-version="${saved.job.version}"]`).waitFor();
    const price = formatCents(saved.job.costing.revenueCents, 'zh');
    await page.getByText(`优惠券 + 折扣：最多 ${formatCents(max, 'zh')}`).waitFor();
    await page.locator('#job_couponCode').fill('');
    await page.locator('#job_discount').fill(((max + 100) / 100).toFixed(2));
    await page.getByTestId('job-save').click();
    await page
      .getByText(`超过上限 ${formatCents(max, 'zh')}`)
      .first()
      .waitFor();
    await page.getByText(`${price} 的`).first().waitFor();
    expect((await detailOf(job.id)).job).toMatchObject({ version: saved.job.version, discountCents: saved.job.discountCents });
    await context.close();
  }, 180_000);

  it("finds the customer's jobs by phone, filters by status, totals them and exports them", async () => {
    const { context, page } = await adminPage(browser, 'en', '/service/worklist');
    await page.getByLabel('Reference, customer, phone or address').fill(phone);
    await page.getByRole('button', { name: /Search/ }).click();
    await row(page, jobs[0]!.reference).waitFor();
    const total = (await apiCall<{ total: number }>('/job/queryList', token, { pageNum: 1, pageSize: 1, keyword: phone })).data
      .total;
    await page.getByTestId('job-totals').getByText(String(total), { exact: true }).waitFor();

    await choose(page, page.getByLabel('Status', { exact: true }), 'Cancelled');
    await page.getByRole('button', { name: /Search/ }).click();
    await row(page, jobs[1]!.reference).waitFor();
    await row(page, jobs[0]!.reference).waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    // An XLSX file is a ZIP archive.
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
    await context.close();
  }, 180_000);

  it('opens a job from the list; a reminder due today is listed on the Job List and leaves it once done', async () => {
    const job = jobs[3]!;
    const { context, page } = await adminPage(browser, 'en', '/service/worklist');
    await page.getByLabel('Reference, customer, phone or address').fill(phone);
    await page.getByRole('button', { name: /Search/ }).click();
    await page.getByTestId(`job-link-${job.reference}`).click();
    await page.waitForURL((url) => url.pathname === '/service/workdeatil' && url.searchParams.get('id') === String(job.id));
    await page.getByTestId('job-reference').getByText(job.reference).waitFor();

    // A reminder: both fields required, then added due today.
    const today = todayIn(DEFAULT_TIME_ZONE);
    const note = `Call about the gate code ${unique()}`;
    await page.getByRole('tab', { name: /Reminders/ }).click();
    await page.getByRole('button', { name: 'Add reminder' }).click();
    const add = dialog(page, 'Add a reminder');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await add.getByText('due date is required', { exact: true }).waitFor();
    await add.getByText('reminder note is required', { exact: true }).waitFor();
    await typePicker(add.getByLabel('Due date'), today);
    await add.getByLabel('Reminder').fill(note);
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'The reminder is added.').waitFor();
    await page.getByTestId('job-reminders').getByText(note).waitFor();

    // The Job List shows it among the reminders due; its job link opens the job; done there, it leaves the list.
    await page.goto('/service/worklist');
    const due = page.getByTestId('due-reminders');
    const line = row(due, note);
    await line.filter({ hasText: job.reference }).filter({ hasText: name }).waitFor();
    await line.getByRole('link', { name: job.reference }).click();
    await page.waitForURL((url) => url.searchParams.get('id') === String(job.id));
    await page.goBack();
    await line.getByRole('checkbox', { name: `Done: ${note}` }).click();
    await toast(page, 'Marked done.').waitFor();
    await line.waitFor({ state: 'detached' });
    const left = await apiCall<{ list: { note: string }[] }>('/job/dueReminders', token, { pageNum: 1, pageSize: 100 });
    expect(left.data.list.map((r) => r.note)).not.toContain(note);
    expect((await detailOf(job.id)).reminders).toMatchObject([{ note, dueDate: today, done: true }]);
    await context.close();
  }, 180_000);
});
