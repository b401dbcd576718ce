import type { BoardDay, JobSaved } from '@tidyhouse/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast } from '../support/browser';
import { adminPage, adminToken } from './service-support';

/** Schedule board (issue 10): drag and drop against the real server, two schedulers, the week view. */

let browser: Browser;
let token: string;
/** A date far from the demo data, so the board holds only this test's jobs. */
const DATE = '2030-06-12';
let teams: BoardDay['teams'];
let locationId: number;

const board = async (date = DATE) => (await apiCall<BoardDay>('/jhSchedule/queryBoard', token, { date })).data;

async function newJob(body: Record<string, unknown> = {}): Promise<{ id: number; reference: string }> {
  const added = await apiCall<JobSaved>('/job/add', token, { locationId, serviceDate: DATE, ...body });
  if (added.code !== 0) throw new Error(`job/add: ${added.message}`);
  return added.data;
}

async function place(jobId: number, teamId: number, startTime: string) {
  const job = (await board()).unassigned.find((j) => j.id === jobId)!;
  const moved = await apiCall('/jhSchedule/moveJob', token, { id: jobId, version: job.version, teamId, date: DATE, startTime });
  if (moved.code !== 0) throw new Error(`moveJob: ${moved.message}`);
}

/** Pixels per minute on the day view (22 px per 15-minute slot, web/src/modules/service/board/layout.ts). */
const PX_PER_MINUTE = 22 / 15;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element not visible');
  return b;
}

/** Drags `block` with the mouse so its left edge lands `minutesFromOpening` into `lane`. */
async function dragTo(page: Page, block: Locator, lane: Locator, minutesFromOpening: number) {
  await block.scrollIntoViewIfNeeded();
  const from = await box(block);
  const to = await box(lane);
  const grab = { x: from.x + 6, y: from.y + from.height / 2 };
  const target = { x: to.x + minutesFromOpening * PX_PER_MINUTE + 6, y: to.y + to.height / 2 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 10, grab.y + 10, { steps: 3 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
}

const openBoard = (locale: 'en' | 'zh' = 'en') => adminPage(browser, locale, `/service/schedule?date=${DATE}`);
const lane = (page: Page, teamId: number) => page.getByTestId(`lane-${teamId}`);
const block = (page: Page, reference: string) => page.getByTestId(`job-${reference}`);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const day = await board();
  teams = day.teams.filter((t) => t.members.length > 0 && !t.outage);
  if (teams.length < 3) throw new Error('the demo data needs three teams with members');
  const customers = await apiCall<{ list: { id: number }[] }>('/customer/queryList', token, { pageNum: 1, pageSize: 5 });
  const locations = await apiCall<{ list: { id: number }[] }>('/customerLocation/queryList', token, {
    customerId: customers.data.list[0]!.id,
  });
  locationId = locations.data.list[0]!.id;
});
afterAll(() => browser.close());

describe('Schedule Board (issue 10)', () => {
  it('assigns an unscheduled job by dragging it from the tray onto a team at 10:00', async () => {
    const job = await newJob();
    const { context, page } = await openBoard();
    const [teamA] = teams;
    await page.getByTestId('board-tray').getByTestId(`job-${job.reference}`).waitFor();
    const day = await board();
    await dragTo(page, block(page, job.reference), lane(page, teamA!.id), 10 * 60 - day.openingMinutes);
    const placed = lane(page, teamA!.id).getByTestId(`job-${job.reference}`);
    await placed.waitFor();
    await expect.poll(async () => (await board()).jobs.find((j) => j.id === job.id)?.startMinutes).toBe(600);
    expect(await placed.getAttribute('data-start')).toBe('600');
    await context.close();
  }, 180_000);

  it('moves a job to another team and time', async () => {
    const [teamA, teamB] = teams;
    const job = await newJob();
    await place(job.id, teamA!.id, '12:00');
    const { context, page } = await openBoard();
    const day = await board();
    await block(page, job.reference).waitFor();
    await dragTo(page, block(page, job.reference), lane(page, teamB!.id), 14 * 60 - day.openingMinutes);
    await lane(page, teamB!.id).getByTestId(`job-${job.reference}`).waitFor();
    await expect
      .poll(async () => (await board()).jobs.find((j) => j.id === job.id))
      .toMatchObject({ teamId: teamB!.id, startMinutes: 840 });
    await context.close();
  }, 180_000);

  it('refuses a move onto a team with a member on leave: the block goes back and the message shows', async () => {
    const [teamA, , teamC] = teams;
    const member = teamC!.members[0]!;
    const leave = await apiCall('/sysUserLeave/add', token, {
      userId: member.userId,
      startDate: DATE,
      endDate: DATE,
      allDay: true,
      reason: 'Board browser test',
    });
    expect(leave.code).toBe(0);
    const job = await newJob();
    await place(job.id, teamA!.id, '15:00');
    const { context, page } = await openBoard();
    const day = await board();
    await block(page, job.reference).waitFor();
    await dragTo(page, block(page, job.reference), lane(page, teamC!.id), 15 * 60 - day.openingMinutes);
    await toast(page, `${member.name} of ${teamC!.name} is on leave`).waitFor();
    await lane(page, teamA!.id).getByTestId(`job-${job.reference}`).waitFor();
    expect(await lane(page, teamC!.id).getByTestId(`job-${job.reference}`).count()).toBe(0);
    expect((await board()).jobs.find((j) => j.id === job.id)).toMatchObject({ teamId: teamA!.id, startMinutes: 900 });
    await context.close();
  }, 180_000);

  it("a stale move after a second scheduler's change is refused, and each board shows the other's move without reloading", async () => {
    const [teamA, teamB] = teams;
    const job = await newJob();
    await place(job.id, teamA!.id, '08:00');
    const first = await openBoard();
    const second = await openBoard();
    const day = await board();
    for (const { page } of [first, second]) await block(page, job.reference).waitFor();
    // The first scheduler's board hears nothing for now (its change-stamp polls are held back).
    await first.page.route('**/_/jhSchedule/boardStamp', (route) => route.abort());
    await dragTo(second.page, block(second.page, job.reference), lane(second.page, teamB!.id), 8 * 60 - day.openingMinutes);
    await expect.poll(async () => (await board()).jobs.find((j) => j.id === job.id)?.teamId).toBe(teamB!.id);
    await dragTo(first.page, block(first.page, job.reference), lane(first.page, teamA!.id), 9 * 60 - day.openingMinutes);
    await toast(first.page, 'Someone else changed this record').waitFor();
    // After the refusal the first board reloads and shows where the second scheduler put the job.
    await lane(first.page, teamB!.id).getByTestId(`job-${job.reference}`).waitFor();
    expect((await board()).jobs.find((j) => j.id === job.id)).toMatchObject({ teamId: teamB!.id, startMinutes: 480 });

    // Live updates: the first board polls again and follows the second scheduler's next move.
    await first.page.unroute('**/_/jhSchedule/boardStamp');
    await dragTo(second.page, block(second.page, job.reference), lane(second.page, teamB!.id), 11 * 60 - day.openingMinutes);
    await expect
      .poll(async () => first.page.getByTestId(`job-${job.reference}`).getAttribute('data-start'), { timeout: 20_000 })
      .toBe('660');
    await first.context.close();
    await second.context.close();
  }, 240_000);

  it("resizing a block by its right edge changes the job's length on the server", async () => {
    const [teamA] = teams;
    const job = await newJob();
    await place(job.id, teamA!.id, '13:00');
    const before = (await board()).jobs.find((j) => j.id === job.id)!.durationMinutes;
    const { context, page } = await openBoard();
    const handle = page.getByTestId(`resize-${job.reference}`);
    await handle.waitFor();
    await handle.scrollIntoViewIfNeeded();
    const edge = await box(handle);
    const grab = { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 };
    // Two slots (2 × 22 px) to the right: 30 minutes longer.
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 10, grab.y, { steps: 3 });
    await page.mouse.move(grab.x + 2 * 22, grab.y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await board()).jobs.find((j) => j.id === job.id)?.durationMinutes).toBe(before + 30);
    const placed = (await board()).jobs.find((j) => j.id === job.id)!;
    expect(placed).toMatchObject({ teamId: teamA!.id, startMinutes: 780 });
    await context.close();
  }, 180_000);

  it('moves a block with the keyboard: focus, Space, arrow keys, Space', async () => {
    const [teamA] = teams;
    const job = await newJob();
    await place(job.id, teamA!.id, '11:15');
    const { context, page } = await openBoard();
    const target = block(page, job.reference);
    await target.waitFor();
    await target.scrollIntoViewIfNeeded();
    await target.focus();
    await page.keyboard.press('Space');
    const live = page.locator('[id^="DndLiveRegion"]');
    // Picked up, and straight away over its own team (the region keeps the latest announcement).
    await live.getByText(`${job.reference} is over ${teamA!.name}.`).waitFor({ state: 'attached' });
    // Four slots to the right: one hour later, same team.
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    // Dropped: the server has the job one hour later on the same team, and so does the board.
    await expect
      .poll(async () => (await board()).jobs.find((j) => j.id === job.id))
      .toMatchObject({ teamId: teamA!.id, startMinutes: 12 * 60 + 15 });
    await expect.poll(() => block(page, job.reference).getAttribute('data-start')).toBe(String(12 * 60 + 15));
    await context.close();
  }, 180_000);

  it('near the right edge the keys scroll the board one slot at a time, and the block lands where they took it', async () => {
    const [teamA] = teams;
    const job = await newJob();
    await place(job.id, teamA!.id, '14:00');
    const { context, page } = await openBoard();
    // A narrower window: the day no longer fits, and the block sits right of the board's middle.
    await page.setViewportSize({ width: 1100, height: 800 });
    const target = block(page, job.reference);
    await target.waitFor();
    const scroller = page.locator('.board-scroll');
    await scroller.evaluate((element) => {
      element.scrollLeft = 0;
    });
    await target.focus();
    await page.keyboard.press('Space');
    await page
      .locator('[id^="DndLiveRegion"]')
      .getByText(`${job.reference} is over ${teamA!.name}.`)
      .waitFor({ state: 'attached' });
    // Eight slots to the right as fast as the keys go: the board scrolls 22 px a slot (the browser's own
    // 40 px arrow scroll is held back), so the block ends two hours later, not wherever the scroll left it.
    for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowRight');
    // The last key's scroll lands after its key press (on a loaded machine, a frame or two later).
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBe(8 * 22);
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await board()).jobs.find((j) => j.id === job.id))
      .toMatchObject({ teamId: teamA!.id, startMinutes: 16 * 60 });
    await context.close();
  }, 180_000);

  it('the Quick Links entry opens the same board at /quick/schedule', async () => {
    const { context, page } = await adminPage(browser, 'en', '/quick/dashboard');
    const sider = page.getByTestId('sider');
    await sider.waitFor();
    await sider.getByRole('menuitem', { name: 'Schedule Board' }).first().click();
    await page.waitForURL('**/quick/schedule**');
    await page.getByTestId('board-grid').waitFor();
    await page.getByTestId('board-tray').waitFor();
    // The same screen: pick the test's date and its jobs show.
    const job = await newJob();
    await page.goto(`/quick/schedule?date=${DATE}`);
    await page.getByTestId('board-tray').getByTestId(`job-${job.reference}`).waitFor();
    await page.getByTestId(`lane-${teams[0]!.id}`).waitFor();
    await context.close();
  }, 120_000);

  it('prints the day in the current language, without the menus and the toolbar', async () => {
    for (const [locale, title, print] of [
      ['en', `Schedule Board — ${DATE}`, 'Print'],
      ['zh', `排班看板 — ${DATE}`, '打印'],
    ] as const) {
      const { context, page } = await openBoard(locale);
      await page.getByTestId('board-grid').waitFor();
      const heading = page.getByText(title, { exact: true });
      expect(await heading.isVisible()).toBe(false);
      await page.emulateMedia({ media: 'print' });
      await heading.waitFor();
      // antd's sider transitions every property (visibility too) over 0.2 s on screen: poll, not one read.
      await expect.poll(() => page.getByTestId('sider').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: print }).isVisible()).toBe(false);
      expect(await page.getByTestId(`lane-${teams[0]!.id}`).isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });
      await context.close();
    }
  }, 120_000);

  it("week view totals equal the sum of the day's teams, and a date opens its day view", async () => {
    const [teamA, teamB] = teams;
    for (const [team, time] of [
      [teamA!, '17:00'],
      [teamB!, '17:30'],
    ] as const) {
      await place((await newJob()).id, team.id, time);
    }
    const { context, page } = await openBoard();
    await page.getByTestId('board-grid').waitFor();
    const day = await board();
    let cleanMinutes = 0;
    let revenueCents = 0;
    for (const team of day.teams) {
      const totals = page.getByTestId(`team-totals-${team.id}`);
      cleanMinutes += Number(await totals.getAttribute('data-clean-minutes'));
      revenueCents += Number(await totals.getAttribute('data-revenue-cents'));
    }
    expect(cleanMinutes).toBeGreaterThan(0);
    await page.getByText('Week', { exact: true }).click();
    const total = page.getByTestId(`week-cell-total-${DATE}`);
    await total.waitFor();
    expect(Number(await total.getAttribute('data-clean-minutes'))).toBe(cleanMinutes);
    expect(Number(await total.getAttribute('data-revenue-cents'))).toBe(revenueCents);
    for (const team of day.teams) {
      const cell = page.getByTestId(`week-cell-${team.id}-${DATE}`);
      expect(Number(await cell.getAttribute('data-clean-minutes'))).toBe(team.cleanMinutes);
    }
    // antd repeats a scrolling table's header for measuring: the visible one is the first.
    await page.getByTestId(`week-open-${DATE}`).first().click();
    await page.getByTestId('board-grid').waitFor();
    expect(page.url()).toContain(`date=${DATE}`);
    await context.close();
  }, 180_000);

  it('shows the board in Chinese', async () => {
    const { context, page } = await openBoard('zh');
    await page.getByTestId('board-tray').getByText('未分配').waitFor();
    await page.getByRole('button', { name: '打印' }).waitFor();
    await context.close();
  }, 120_000);
});
