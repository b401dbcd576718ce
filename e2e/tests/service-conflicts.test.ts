import { addDays, type BoardDay, type CausedConflicts, DEFAULT_TIME_ZONE, type PlanSaved, todayIn } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from '../support/browser';
import { adminPage, adminToken } from './service-support';

/**
 * Schedule conflicts (issue 20): two plans whose visits land at the same time on one team make an
 * overlap that is saved, listed in the board's conflict tray and on Start of Day (acknowledged there),
 * and a leave saved over the job lists it in the leave dialog.
 */

let browser: Browser;
let token: string;
/** A weekday ahead, inside the plans' horizon. */
const DATE = addDays(todayIn(DEFAULT_TIME_ZONE), 17);
let teamId: number;
let memberId: number;
let locationId: number;
let itemId: number;

const board = async () => (await apiCall<BoardDay>('/jhSchedule/queryBoard', token, { date: DATE })).data;

async function addPlan(notes: string) {
  const added = await apiCall<PlanSaved & CausedConflicts>('/servicePlan/add', token, {
    locationId,
    startDate: DATE,
    frequency: 'weekly',
    servicePriceCents: 15000,
    budgetMinutes: 120,
    preferredTeamId: teamId,
    windowStart: '16:45',
    windowEnd: '17:00',
    lines: [{ priceItemId: itemId, quantity: 1 }],
    notes,
  });
  if (added.code !== 0) throw new Error(`servicePlan/add: ${added.message}`);
  return added.data;
}

const openEn = (url: string) => adminPage(browser, 'en', url);
const openZh = (url: string) => adminPage(browser, 'zh', url);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const day = await board();
  const team = day.teams.find((t) => t.members.length > 0 && !t.outage)!;
  teamId = team.id;
  memberId = team.members[team.members.length - 1]!.userId;
  const customers = await apiCall<{ list: { id: number }[] }>('/customer/queryList', token, { pageNum: 1, pageSize: 5 });
  const locations = await apiCall<{ list: { id: number }[] }>('/customerLocation/queryList', token, {
    customerId: customers.data.list[0]!.id,
  });
  locationId = locations.data.list[0]!.id;
  const prices = (await apiCall<{ id: number; kind: string }[]>('/servicePrice/priceOn', token, { date: DATE })).data;
  itemId = prices.find((p) => p.kind === 'item')!.id;
});
afterAll(() => browser.close());

/** Waits for the Start of Day checklist row of a conflict. */
const conflictRow = (page: Page, key: string) =>
  page.getByTestId('check-scheduleConflicts').locator(`[data-testid="conflict-row"][data-key="${key}"]`);

describe('Schedule conflicts (issue 20)', () => {
  it('a plan-made overlap is in the answer, the board’s conflict tray and Start of Day, where it is acknowledged', async () => {
    await addPlan('Conflict browser test, first plan');
    const second = await addPlan('Conflict browser test, second plan');
    const overlap = second.conflicts.find((c) => c.kind === 'jobOverlap' && c.date === DATE)!;
    expect(overlap).toBeTruthy();

    const { context, page } = await openEn(`/service/schedule?date=${DATE}`);
    const tray = page.getByTestId('conflict-tray');
    await tray.locator('[data-testid="conflict-item"][data-kind="jobOverlap"]').first().waitFor();
    // The API answered in Chinese (its default); the English board names the same two jobs.
    const references = (await board()).jobs.filter((j) => overlap.jobIds.includes(j.id)).map((j) => j.reference);
    expect(references).toHaveLength(2);
    const text = (await tray.textContent()) ?? '';
    expect(text).toContain('overlaps');
    for (const reference of references) expect(text).toContain(reference);
    expect(overlap.message).toContain('时间重叠');
    await context.close();

    const start = await openZh(`/office/dailyschedule?date=${DATE}`);
    const item = start.page.getByTestId('check-scheduleConflicts');
    await item.waitFor();
    expect(await item.getAttribute('data-ok')).toBe('false');
    const row = conflictRow(start.page, overlap.key);
    expect(await row.textContent()).toContain('时间重叠');
    await row.getByTestId('conflict-acknowledge').click();
    await row.getByTestId('conflict-acknowledged').waitFor();
    await expect.poll(() => row.getByTestId('conflict-acknowledged').textContent()).toContain('确认');
    await start.context.close();
  }, 240_000);

  it('a leave saved over the job lists it in the leave dialog', async () => {
    const job = (await board()).jobs.find((j) => j.teamId === teamId && j.startMinutes === 16 * 60 + 45)!;
    expect(job).toBeTruthy();
    const { context, page } = await openEn(`/employee/employeelist/update?id=${memberId}&activeName=Leave`);
    await page.getByRole('button', { name: 'Add leave' }).click();
    const form = page.getByRole('dialog');
    for (const label of ['Start date', 'End date']) {
      const input = form.getByLabel(label, { exact: true });
      await input.click();
      await input.fill(DATE);
      await input.press('Enter');
    }
    await form.getByLabel('Reason').fill('Conflict browser test');
    await form.getByRole('button', { name: 'Save' }).click();
    const listed = page.getByTestId('leave-conflicts');
    await listed.waitFor();
    expect(await listed.textContent()).toContain(job.reference);
    await context.close();
  }, 240_000);
});
