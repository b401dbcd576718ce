import type { AssignmentDay, TeamBoard } from '@tidyhouse/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast } from '../support/browser';
import { chooseOption } from '../support/select';
import { adminPage, adminToken } from './service-support';

/** Employee daily assignments (issue 10): a cover for one day, by drag and drop and by the form. */

let browser: Browser;
let token: string;
/** A Tuesday far from the demo data, used by this file only. */
const DATE = '2030-07-16';

const day = async () => (await apiCall<AssignmentDay>('/jhSchedule/queryAssignments', token, { serviceDate: DATE })).data;
const standing = async () => (await apiCall<TeamBoard>('/ygTeam/board', token)).data;
const findPerson = (d: AssignmentDay, name: string) =>
  [...d.teams.flatMap((team) => team.members), ...d.unassigned, ...d.unavailable].find((p) => p.name === name)!;
const teamOfDay = (d: AssignmentDay, userId: number) =>
  d.teams.find((team) => team.members.some((m) => m.userId === userId))?.id ?? null;

async function box(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  if (!b) throw new Error('element not visible');
  return b;
}

/** Drags with the mouse as a person does: press, move a little (the drag starts), move onto the target, release. */
async function drag(page: Page, item: Locator, target: Locator) {
  const from = await box(item);
  const to = await box(target);
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 12 });
  await page.mouse.up();
}

let ocean: number;
let hong: number;
let elena: number;
let grace: number;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const d = await day();
  ocean = d.teams.find((team) => team.name === 'Team Ocean')!.id;
  hong = findPerson(d, 'Hong Liu').userId;
  elena = findPerson(d, 'Elena Castillo').userId;
  grace = findPerson(d, 'Grace Huang').userId;
  const leave = await apiCall('/sysUserLeave/add', token, { userId: grace, startDate: DATE, endDate: DATE, reason: 'Jury duty' });
  expect(leave.code).toBe(0);
});
afterAll(() => browser?.close());

describe('Employee Daily Assignments', () => {
  it('a cover for one day by drag and drop, by the form and by the keyboard; the team builder is unchanged', async () => {
    const teamsBefore = await standing();
    const { context, page } = await adminPage(browser, 'en', `/employee/dailyallocation?date=${DATE}`);
    const oceanColumn = page.getByTestId(`assign-team-${ocean}`);
    await oceanColumn.waitFor();
    // Grace Huang is on leave: apart, and not among Team Ocean's members that day.
    await page.getByTestId('assign-unavailable').getByText('Grace Huang').waitFor();
    await page.getByTestId('assign-unavailable').getByText('On leave: Jury duty').waitFor();
    expect(await oceanColumn.getByText('Grace Huang').count()).toBe(0);
    await page.getByTestId('assignments-state').getByText('This day follows the standing teams (no change yet).').waitFor();

    // Hong Liu (unassigned) covers on Team Ocean: dragged from the pool.
    await drag(page, page.getByTestId('assign-pool').getByTestId(`assign-member-${hong}`), oceanColumn);
    await toast(page, `Hong Liu is in Team Ocean on ${DATE}.`).waitFor();
    await oceanColumn.getByTestId(`assign-member-${hong}`).waitFor();
    await oceanColumn.getByText('Covering (usually in no team)').waitFor();
    await expect.poll(async () => teamOfDay(await day(), hong)).toBe(ocean);

    // Elena Castillo joins Team Ocean for the day by the form (keyboard users).
    const form = page.getByTestId('assign-form');
    await chooseOption(page, form.getByLabel('Employee'), 'Elena Castillo', { search: 'Elena' });
    await chooseOption(page, form.getByLabel('Team'), 'Team Ocean');
    await form.getByRole('button', { name: 'Assign' }).click();
    await toast(page, `Elena Castillo is in Team Ocean on ${DATE}.`).waitFor();
    await oceanColumn.getByTestId(`assign-member-${elena}`).waitFor();
    await oceanColumn.getByText('Covering (usually Team Forest)').waitFor();
    const after = await day();
    expect(teamOfDay(after, elena)).toBe(ocean);
    expect(after.stored).toBe(true);

    // With the keyboard: Space picks Elena Castillo up, arrow keys go from target to target (the
    // screen reader hears where she is), Space drops her on the unassigned pool.
    const card = oceanColumn.getByTestId(`assign-member-${elena}`);
    await card.focus();
    await page.keyboard.press('Space');
    const live = page.locator('[id^="DndLiveRegion"]');
    // Picked up, and straight away over the team she is in.
    await live.getByText('Elena Castillo is over Team Ocean.').waitFor({ state: 'attached' });
    // Each press waits for its own announcement: the previous one still matches "is over", so
    // waiting for that text alone could read a stale target and press once too often.
    for (let step = 0; step < 12; step++) {
      const heard = (await live.textContent()) ?? '';
      if (heard.includes('is over Unassigned')) break;
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await live.textContent()) ?? '').not.toBe(heard);
    }
    expect(await live.textContent()).toContain('Elena Castillo is over Unassigned');
    await page.keyboard.press('Space');
    await toast(page, `Elena Castillo is unassigned on ${DATE}.`).waitFor();
    await page.getByTestId('assign-pool').getByTestId(`assign-member-${elena}`).waitFor();
    expect(teamOfDay(await day(), elena)).toBeNull();

    // The standing teams did not change, and the team builder still shows Hong Liu unassigned.
    expect(await standing()).toEqual(teamsBefore);
    await page.goto('/employee/teambuilding');
    await page.getByTestId('team-unassigned').getByTestId(`member-${hong}`).waitFor();
    await context.close();
  });

  it('an employee on leave cannot be assigned (zh): shown apart, not offered, refused by the server', async () => {
    // Through the Quick Links entry, the same screen.
    const { context, page } = await adminPage(browser, 'zh', `/quick/dailyallocation?date=${DATE}`);
    const unavailable = page.getByTestId('assign-unavailable');
    await unavailable.getByText('请假：Jury duty').waitFor();
    expect(await page.getByTestId(`assign-member-${grace}`).count()).toBe(0);
    // The form does not offer her.
    const form = page.getByTestId('assign-form');
    const trigger = form.getByLabel('员工');
    await trigger.click();
    await trigger.fill('Grace');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-empty, .ant-select-dropdown:visible .ant-empty')
      .first()
      .waitFor();
    await trigger.press('Escape');
    // And the server refuses her with the message the screen would show.
    const { version } = await day();
    const refused = await apiCall(
      '/jhSchedule/updateBoard',
      token,
      { serviceDate: DATE, version, moves: [{ userId: grace, teamId: ocean }] },
      undefined,
      'zh',
    );
    expect(refused).toMatchObject({ code: 10010, message: `Grace Huang 在 ${DATE} 请假（Jury duty），当天不能分配到团队。` });
    expect(teamOfDay(await day(), grace)).toBeNull();
    await context.close();
  });

  it("a second scheduler's screen follows a change and a newly approved leave without reloading", async () => {
    const date = '2030-07-23';
    const first = await adminPage(browser, 'en', `/employee/dailyallocation?date=${date}`);
    const second = await adminPage(browser, 'en', `/employee/dailyallocation?date=${date}`);
    for (const { page } of [first, second]) await page.getByTestId(`assign-team-${ocean}`).waitFor();
    // A mark on the second page's window: a page reload would drop it.
    await second.page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const form = first.page.getByTestId('assign-form');
    await chooseOption(first.page, form.getByLabel('Employee'), 'Elena Castillo', { search: 'Elena' });
    await chooseOption(first.page, form.getByLabel('Team'), 'Team Ocean');
    await form.getByRole('button', { name: 'Assign' }).click();
    await toast(first.page, `Elena Castillo is in Team Ocean on ${date}.`).waitFor();
    await second.page.getByTestId(`assign-team-${ocean}`).getByTestId(`assign-member-${elena}`).waitFor({ timeout: 20_000 });

    // Leave approved meanwhile (another office user): Hong Liu moves from the pool to the unavailable list.
    const leave = await apiCall('/sysUserLeave/add', token, {
      userId: hong,
      startDate: date,
      endDate: date,
      reason: 'Moving day',
    });
    expect(leave.code).toBe(0);
    await second.page.getByTestId('assign-unavailable').getByText('On leave: Moving day').waitFor({ timeout: 20_000 });
    expect(await second.page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await first.context.close();
    await second.context.close();
  }, 180_000);
});
