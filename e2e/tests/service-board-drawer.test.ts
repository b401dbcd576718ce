import type { BoardDay, JobSaved } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from '../support/browser';
import { adminPage, adminToken, choose, typePicker } from './service-support';

/**
 * The board as the way into a job (issue 20): a block opens its drawer (click or Enter), a reschedule
 * there moves the block on this board at once and on a second scheduler's board without a reload.
 */

let browser: Browser;
let token: string;
/** A date of its own, far from the demo data and from the other board tests' date. */
const DATE = '2030-06-19';
let teams: BoardDay['teams'];
let locationId: number;

const board = async () => (await apiCall<BoardDay>('/jhSchedule/queryBoard', token, { date: DATE })).data;
const onServer = async (id: number) => (await board()).jobs.find((j) => j.id === id);

/** A job of this test placed on `teamId` at `startTime` through the board's API. */
async function placedJob(teamId: number, startTime: string) {
  const added = await apiCall<JobSaved>('/job/add', token, { locationId, serviceDate: DATE });
  if (added.code !== 0) throw new Error(`job/add: ${added.message}`);
  const moved = await apiCall('/jhSchedule/moveJob', token, {
    id: added.data.id,
    version: added.data.version,
    teamId,
    date: DATE,
    startTime,
  });
  if (moved.code !== 0) throw new Error(`moveJob: ${moved.message}`);
  return added.data;
}

const openBoard = (locale: 'en' | 'zh') => adminPage(browser, locale, `/service/schedule?date=${DATE}`);
const blockIn = (page: Page, teamId: number, reference: string) =>
  page.getByTestId(`lane-${teamId}`).getByTestId(`job-${reference}`);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const day = await board();
  teams = day.teams.filter((t) => t.members.length > 0 && !t.outage);
  if (teams.length < 2) throw new Error('the demo data needs two teams with members');
  const customers = await apiCall<{ list: { id: number }[] }>('/customer/queryList', token, { pageNum: 1, pageSize: 5 });
  const locations = await apiCall<{ list: { id: number }[] }>('/customerLocation/queryList', token, {
    customerId: customers.data.list[0]!.id,
  });
  locationId = locations.data.list[0]!.id;
});
afterAll(() => browser.close());

describe('Schedule board: the job drawer (issue 20)', () => {
  it('opens a job from the board, reschedules and reassigns it in the drawer, and a second tab sees it move', async () => {
    const [teamA, teamB] = teams;
    const job = await placedJob(teamA!.id, '09:00');
    const first = await openBoard('en');
    const second = await openBoard('en');
    for (const { page } of [first, second]) await blockIn(page, teamA!.id, job.reference).waitFor();

    await blockIn(first.page, teamA!.id, job.reference).click();
    const drawer = first.page.getByTestId('job-drawer');
    await drawer.getByTestId('job-drawer-facts').waitFor();
    expect(await drawer.getByTestId('job-drawer-when').textContent()).toBe(`${DATE} 09:00`);
    await choose(first.page, drawer.getByTestId('job-drawer-team'), teamB!.name);
    await typePicker(drawer.getByLabel('Start time'), '13:00');
    await drawer.getByTestId('job-drawer-submit').click();

    // This board re-draws at once; the server has the move; the drawer shows the job where it now is.
    await blockIn(first.page, teamB!.id, job.reference).waitFor();
    await expect.poll(() => onServer(job.id)).toMatchObject({ teamId: teamB!.id, startMinutes: 13 * 60 });
    await expect.poll(() => drawer.getByTestId('job-drawer-when').textContent()).toBe(`${DATE} 13:00`);
    // The second scheduler's board follows without a reload, as it does for a drag.
    await blockIn(second.page, teamB!.id, job.reference).waitFor({ timeout: 20_000 });
    expect(await blockIn(second.page, teamB!.id, job.reference).getAttribute('data-start')).toBe(String(13 * 60));
    await first.context.close();
    await second.context.close();
  }, 240_000);

  it('opens with Enter on a focused block, in Chinese, and moves the job to another time there', async () => {
    const [teamA] = teams;
    const job = await placedJob(teamA!.id, '10:00');
    const { context, page } = await openBoard('zh');
    const target = blockIn(page, teamA!.id, job.reference);
    await target.waitFor();
    await target.scrollIntoViewIfNeeded();
    await target.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('job-drawer');
    await drawer.getByText('改期或改派').waitFor();
    await drawer.getByText('到达时间窗').waitFor();
    await drawer.getByRole('link', { name: '打开完整工单' }).waitFor();
    await typePicker(drawer.getByLabel('开始时间'), '15:30');
    await drawer.getByTestId('job-drawer-submit').click();
    await expect.poll(() => onServer(job.id)).toMatchObject({ teamId: teamA!.id, startMinutes: 15 * 60 + 30 });
    await expect.poll(() => target.getAttribute('data-start')).toBe(String(15 * 60 + 30));
    await context.close();
  }, 180_000);
});
