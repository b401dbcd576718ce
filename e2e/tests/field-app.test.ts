import type { AttendanceResponse, CustomerOptions, FieldDay } from '@tidyhouse/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, BROWSER_TIME_ZONE, launchBrowser, loginByForm, useLocale } from '../support/browser';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';

/**
 * The field app (issue 21) on a 390×844 phone as the demo cleaner rosa.martinez, in Spanish: her
 * day from clock-in to clock-out, then what the office sees of it; then a clock-in made offline
 * that arrives once. One server of its own: the day's punches and job states are this file's.
 */

let server: RunningServer;
let browser: Browser;
let office: string;
let rosa: number;
let today: string;
let firstJob: { id: number; reference: string };

/** A small PNG, as a phone camera would hand over a (much larger) picture. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAHElEQVR42mP8z8DwnwEPYBxVMKpgVMGoAgYGAEaJBP+4Y3EDAAAAAElFTkSuQmCC',
  'base64',
);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  office = (await apiLogin('admin', server.url)).token;
  const options = await apiCall<CustomerOptions>('/customer/options', office, {}, server.url);
  rosa = options.data.employees.find((e) => e.name === 'Rosa Martinez')!.id;
  // Her crew's day as the field app reads it: the demo gives every crew jobs today.
  const cleaner = (await apiLogin('rosa.martinez', server.url)).token;
  const day = await apiCall<FieldDay>('/field/myDay', cleaner, {}, server.url);
  expect(day.code).toBe(0);
  today = day.data.date;
  expect(day.data.jobs.length).toBeGreaterThan(0);
  firstJob = day.data.jobs[0]!;
  await apiCall('/loginOut', cleaner, {}, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-US',
    timezoneId: BROWSER_TIME_ZONE,
    // She lets the app read the phone's location: punches carry it to the office's time card.
    permissions: ['geolocation'],
    geolocation: { latitude: 37.5841, longitude: -122.3661, accuracy: 15 },
  });
  return { context, page: await context.newPage() };
}

/** Waits until the phone's outbox has sent everything (the badge counts what still waits). */
const drained = (page: Page) =>
  page.waitForFunction(() => {
    const badge = document.querySelector('[data-testid="outbox-badge"]');
    return !badge || badge.getAttribute('data-pending') === '0';
  });

const attendance = async () =>
  (
    await apiCall<AttendanceResponse>('/jhSchedule/queryAttendance', office, { view: 'day', date: today }, server.url)
  ).data.days.find((d) => d.userId === rosa);

async function punch(page: Page, kind: 'clockIn' | 'mealStart' | 'mealEnd', status: string) {
  await page.getByTestId(`punch-${kind}`).click();
  await expect.poll(() => page.getByTestId('time-status').getAttribute('data-status')).toBe(status);
}

describe('the field app, as rosa.martinez on her phone', () => {
  it('runs her day in Spanish: clock in, the first job (photo, checklist, done, check out), meal, clock out with the rest breaks', async () => {
    const { context, page } = await phone();
    await page.goto('/field');
    await page.getByTestId('lang-es').click();
    await page.getByLabel('Usuario').fill('rosa.martinez');
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('day-screen').waitFor();
    await expect.poll(() => page.getByTestId('tab-time').textContent()).toContain('Horario');

    await page.getByTestId('tab-time').click();
    await punch(page, 'clockIn', 'clockedIn');

    await page.getByTestId('tab-day').click();
    await page.getByTestId(`job-open-${firstJob.id}`).click();
    await page.getByTestId('job-check-in').click();
    await expect.poll(() => page.getByTestId('job-screen').getAttribute('data-state')).toBe('inProgress');

    await page.getByTestId('photo-input-before').setInputFiles({ name: 'antes.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByTestId('photo-message').waitFor();

    const items = page.locator('[data-testid^="checklist-item-"]');
    expect(await items.count()).toBeGreaterThan(0);
    for (const item of await items.all()) await item.click();

    await page.getByTestId('job-done').click();
    await page.getByTestId('job-done-confirm').click();
    await expect.poll(() => page.getByTestId('job-screen').getAttribute('data-state')).toBe('done');
    await page.getByTestId('job-check-out').click();

    await page.getByTestId('tab-time').click();
    await punch(page, 'mealStart', 'onMeal');
    await punch(page, 'mealEnd', 'clockedIn');
    await page.getByTestId('punch-clockOut').click();
    // The rest-break question, in her language; her "no" is recorded with the clock-out (a missed
    // break counts for the premium once the day has earned one: not a day of a few minutes).
    await page.getByText('¿Pudo tomar todos sus descansos hoy?').waitFor();
    await page.getByTestId('rest-no').click();
    await expect.poll(() => page.getByTestId('time-status').getAttribute('data-status')).toBe('clockedOut');
    await drained(page);
    await context.close();

    const card = await attendance();
    expect(card?.punches.filter((p) => p.source === 'field').map((p) => p.kind)).toEqual(
      expect.arrayContaining(['shift', 'meal', 'job']),
    );
    // Clocked out: the day's shift is closed, and so is its meal.
    expect(card?.punches.filter((p) => p.kind === 'shift' || p.kind === 'meal').every((p) => p.endTime !== null)).toBe(true);
    // The job as her crew sees it now: done, every item ticked, the before photo among the job's images.
    const cleaner = (await apiLogin('rosa.martinez', server.url)).token;
    const job = (await apiCall<FieldDay>('/field/myDay', cleaner, {}, server.url)).data.jobs.find((j) => j.id === firstJob.id)!;
    await apiCall('/loginOut', cleaner, {}, server.url);
    expect(job.fieldState).toBe('done');
    expect(job.checklist.every((item) => item.done)).toBe(true);
    expect(job.photos.map((photo) => photo.kind)).toContain('before');
  });

  it("shows the office the field's work: the time card's field punches, the board's done job, Job Completion", async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1600, height: 900 },
      timezoneId: BROWSER_TIME_ZONE,
    });
    await useLocale(context, 'en');
    const page = await context.newPage();
    await loginByForm(page, 'admin');
    await page.waitForURL('**/quick/dashboard');

    await page.goto(`/employee/attendance?view=day&date=${today}`);
    const card = page.getByTestId(`day-card-${rosa}-${today}`);
    await card.waitFor();
    expect(await card.getByTestId('punch-source-field').count()).toBeGreaterThanOrEqual(3);
    expect(await card.getByTestId('punch-location').first().getAttribute('href')).toBe(
      `https://maps.google.com/?q=${encodeURIComponent('37.5841,-122.3661')}`,
    );

    await page.goto(`/quick/schedule?date=${today}`);
    const block = page.getByTestId(`job-${firstJob.reference}`);
    await expect.poll(() => block.getAttribute('data-field-state')).toBe('done');
    expect(await block.getByTestId(`field-${firstJob.reference}`).getAttribute('aria-label')).toBe('Done (crew)');

    await page.goto(`/office/completionconfirmat?date=${today}`);
    const row = page.locator('tr.ant-table-row').filter({ hasText: firstJob.reference });
    await row.waitFor();
    // Reported by the crew; the office still confirms it.
    expect(await row.getByTestId(`reported-${firstJob.reference}`).textContent()).toBe('Done (crew)');
    expect(await row.getByTestId(`confirm-${firstJob.reference}`).count()).toBe(1);
    await context.close();
  });

  it('is sent from the back office to the field app: signing in on /login, then a back-office address', async () => {
    const { context, page } = await phone();
    await useLocale(context, 'en');
    await loginByForm(page, 'rosa.martinez');
    await page.waitForURL('**/field');
    await page.getByTestId('day-screen').waitFor();
    await page.goto('/customer/customerlist');
    await page.waitForURL('**/field');
    await page.getByTestId('day-screen').waitFor();
    await context.close();
  });

  it('keeps a clock-in made offline and sends it once back online: one punch arrives', async () => {
    const before = (await attendance())?.punches.filter((p) => p.kind === 'shift').length ?? 0;
    const { context, page } = await phone();
    await page.goto('/field');
    await page.getByTestId('lang-es').click();
    await page.getByLabel('Usuario').fill('rosa.martinez');
    await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('day-screen').waitFor();
    await page.getByTestId('tab-time').click();
    await page.getByTestId('time-status').waitFor();

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await punch(page, 'clockIn', 'clockedIn');
    await expect.poll(() => page.getByTestId('outbox-badge').getAttribute('data-pending')).toBe('1');
    await context.setOffline(false);
    await drained(page);
    await context.close();

    const shifts = (await attendance())?.punches.filter((p) => p.kind === 'shift') ?? [];
    expect(shifts).toHaveLength(before + 1);
    expect(shifts.filter((p) => p.endTime === null)).toHaveLength(1);
  });
});
