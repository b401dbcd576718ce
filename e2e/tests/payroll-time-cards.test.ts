import type { AttendanceResponse, CustomerOptions } from '@tidyhouse/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, loginByForm, newPage, toast, useLocale } from '../support/browser';
import { adminPage, adminToken, dialog, typePicker } from './service-support';

/** Employee Time Card (issue 11): correct a punch with a reason, see its flag clear, approve a period. */

let browser: Browser;
let token: string;
let rosa: number;
/** Days before the demo's history (it starts three years back), used by this file only. */
const CORRECT_DAY = '2023-02-07';
const APPROVE_DAY = '2023-02-15';
/** A day of another pay period: approved while a second office user has its card open. */
const RACE_DAY = '2023-03-08';
/** A 5½-hour day without a meal: its first meal is owed unless a waiver is in force. */
const WAIVER_DAY = '2023-03-21';

const card = async (date: string) =>
  (await apiCall<AttendanceResponse>('/jhSchedule/queryAttendance', token, { view: 'day', date })).data.days.find(
    (d) => d.userId === rosa,
  );

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const options = await apiCall<CustomerOptions>('/customer/options', token);
  rosa = options.data.employees.find((e) => e.name === 'Rosa Martinez')!.id;
  // A clock-in without its clock-out: flagged on a past day.
  const open = await apiCall('/timeCard/addPunch', token, {
    userId: rosa,
    workDate: CORRECT_DAY,
    kind: 'shift',
    startTime: '08:00',
  });
  expect(open.code).toBe(0);
  const shift = await apiCall('/timeCard/addPunch', token, {
    userId: rosa,
    workDate: APPROVE_DAY,
    kind: 'shift',
    startTime: '09:00',
    endTime: '15:00',
  });
  expect(shift.code).toBe(0);
  const raced = await apiCall('/timeCard/addPunch', token, {
    userId: rosa,
    workDate: RACE_DAY,
    kind: 'shift',
    startTime: '08:00',
    endTime: '14:00',
  });
  expect(raced.code).toBe(0);
  const short = await apiCall('/timeCard/addPunch', token, {
    userId: rosa,
    workDate: WAIVER_DAY,
    kind: 'shift',
    startTime: '08:00',
    endTime: '13:30',
  });
  expect(short.code).toBe(0);
});
afterAll(() => browser?.close());

describe('Employee Time Card', () => {
  it('takes punch times as people type them (0730, 7:30 pm) and refuses 25:00, in both languages (issue 23 item 2)', async () => {
    const cases = [
      { locale: 'en', date: '2023-05-09', add: 'Add punch', start: 'Start (HH:MM)', end: 'End (HH:MM)', save: /^Save$/ },
      { locale: 'zh', date: '2023-05-10', add: '新增打卡', start: '开始（HH:MM）', end: '结束（HH:MM）', save: /^保\s*存$/ },
    ] as const;
    const refusal = {
      en: 'Time must be a time of day such as 07:30, 0730, 7:30 pm or 19:30.',
      zh: '时间必须是一天中的时刻，例如 07:30、0730、7:30 pm 或 19:30。',
    };
    for (const c of cases) {
      // The day view shows a card for who has punches that day: an early shift first, through the API.
      const early = await apiCall('/timeCard/addPunch', token, {
        userId: rosa,
        workDate: c.date,
        kind: 'shift',
        startTime: '05:00',
        endTime: '06:00',
      });
      expect(early.code).toBe(0);
      const { context, page } = await adminPage(browser, c.locale, `/employee/attendance?view=day&date=${c.date}`);
      const day = page.getByTestId(`day-card-${rosa}-${c.date}`);
      await day.getByRole('button', { name: c.add }).click();
      const modal = dialog(page, /Rosa Martinez/);
      await modal.getByLabel(c.start).fill('0730');
      await modal.getByLabel(c.end).fill('25:00');
      await modal.getByRole('button', { name: c.save }).click();
      await modal.getByText(refusal[c.locale], { exact: true }).waitFor();
      await modal.getByLabel(c.end).fill('7:30 pm');
      await modal.getByRole('button', { name: c.save }).click();
      await modal.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await card(c.date))?.punches.map((p) => [p.startTime, p.endTime]))
        .toEqual([
          ['05:00', '06:00'],
          ['07:30', '19:30'],
        ]);
      await context.close();
    }
  }, 120_000);

  it('corrects a punch with a reason, and its flag clears', async () => {
    const { context, page } = await adminPage(browser, 'en', `/employee/attendance?view=day&date=${CORRECT_DAY}`);
    const day = page.getByTestId(`day-card-${rosa}-${CORRECT_DAY}`);
    await day.getByTestId('day-flags').getByText('Clock in/out punch has no end').waitFor();
    await day.getByRole('button', { name: 'Correct punch' }).click();
    const modal = dialog(page, 'Correct a punch of Rosa Martinez');
    await modal.getByLabel('End (HH:MM)').fill('13:00');
    // Without a reason the correction is not sent.
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Enter the reason for the change.').waitFor();
    await modal.getByLabel('Reason').fill('Forgot to clock out; confirmed by the team leader');
    await modal.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Punch corrected.').waitFor();
    await day.getByTestId('worked').getByText('5:00').waitFor();
    await day.getByTestId('day-flags').waitFor({ state: 'detached' });
    expect((await card(CORRECT_DAY))?.flags).toEqual([]);
    await context.close();
  });

  it('approves a period, after which the card cannot be edited, and reopens it with a reason (zh)', async () => {
    const { context, page } = await adminPage(browser, 'zh', `/employee/attendance?view=week&userId=${rosa}&date=${APPROVE_DAY}`);
    const day = page.getByTestId(`day-card-${rosa}-${APPROVE_DAY}`);
    await day.getByRole('button', { name: '更正打卡' }).waitFor();
    // The week view approves its one employee, named on the button, after a confirmation with warnings.
    await page.getByRole('button', { name: '审批 Rosa Martinez 的周期' }).click();
    await dialog(page, '审批 Rosa Martinez 的工资周期 2023-02-12 – 2023-02-18？')
      .getByRole('button', { name: '审批周期' })
      .click();
    await toast(page, '工资周期 2023-02-12 – 2023-02-18 已审批。').waitFor();
    await day.getByText('已审批', { exact: true }).waitFor();
    await day
      .getByTestId('card-locked')
      .getByText(/^由 Administrator 于 \d{4}-\d\d-\d\d \d\d:\d\d 审批。$/)
      .waitFor();
    await day
      .getByTestId('card-locked')
      .getByText('工资周期 2023-02-12 – 2023-02-18 已审批，此考勤卡不能更改。如需更正，请重新开启该周期（需填写原因）。')
      .waitFor();
    await day.getByRole('button', { name: '更正打卡' }).waitFor({ state: 'detached' });

    // The server refuses an edit of the approved period whatever the screen offers.
    const punch = (await card(APPROVE_DAY))!.punches[0]!;
    const refused = await apiCall('/timeCard/updatePunch', token, {
      id: punch.id,
      version: punch.version,
      kind: 'shift',
      startTime: '08:30',
      endTime: '15:00',
      reason: 'Late entry',
    });
    expect(refused.code).toBe(10010);

    await page.getByRole('button', { name: '重新开启周期' }).click();
    const modal = dialog(page, '重新开启工资周期');
    await modal.getByLabel('原因').fill('漏记了一次打卡');
    await modal.getByRole('button', { name: '重新开启周期' }).click();
    await toast(page, '工资周期 2023-02-12 – 2023-02-18 已重新开启。').waitFor();
    await day.getByRole('button', { name: '更正打卡' }).waitFor();
    await day.getByTestId('card-locked').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows who approved a period, and a correction saved by a second office user after the approval is refused on screen', async () => {
    const url = `/employee/attendance?view=week&userId=${rosa}&date=${RACE_DAY}`;
    // The second office user (Linda, office manager) opens the card and starts a correction first.
    const office = await newPage(browser);
    await useLocale(office.context, 'en');
    await loginByForm(office.page, 'office');
    await office.page.waitForURL('**/quick/dashboard');
    await office.page.goto(url);
    const officeDay = office.page.getByTestId(`day-card-${rosa}-${RACE_DAY}`);
    await officeDay.getByRole('button', { name: 'Correct punch' }).click();
    const modal = dialog(office.page, 'Correct a punch of Rosa Martinez');
    await modal.getByLabel('End (HH:MM)').fill('16:00');
    await modal.getByLabel('Reason').fill('Stayed for a deep clean');

    // Meanwhile the administrator approves the period.
    const admin = await adminPage(browser, 'en', url);
    await admin.page.getByRole('button', { name: 'Approve the period of Rosa Martinez' }).click();
    await dialog(admin.page, 'Approve the pay period 2023-03-05 – 2023-03-11 of Rosa Martinez?')
      .getByRole('button', { name: 'Approve period' })
      .click();
    await toast(admin.page, 'The pay period 2023-03-05 – 2023-03-11 is approved.').waitFor();
    const adminDay = admin.page.getByTestId(`day-card-${rosa}-${RACE_DAY}`);
    await adminDay
      .getByTestId('card-locked')
      .getByText(/^Approved by Administrator on \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M\.$/)
      .waitFor();

    // The office user's save is refused with the server's message, in the dialog and as a toast.
    const refusal =
      'The time card of Rosa Martinez for 2023-03-08 is in the approved pay period 2023-03-05 – 2023-03-11: reopen the period (with a reason) to change it.';
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByTestId('punch-refusal').getByText(refusal).waitFor();
    await toast(office.page, refusal).waitFor();
    // The card reloads as locked: why is on it, and nothing was changed.
    await officeDay
      .getByTestId('card-locked')
      .getByText(/is approved, so this card cannot be changed/)
      .waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await officeDay.getByRole('button', { name: 'Correct punch' }).waitFor({ state: 'detached' });
    const punch = (await card(RACE_DAY))!.punches[0]!;
    expect([punch.startTime, punch.endTime]).toEqual(['08:00', '14:00']);
    await office.context.close();
    await admin.context.close();
  });

  it('records a meal waiver, which clears the first-meal flag of a short day, and revokes it (en)', async () => {
    const { context, page } = await adminPage(browser, 'en', `/employee/attendance?view=week&userId=${rosa}&date=${WAIVER_DAY}`);
    const day = page.getByTestId(`day-card-${rosa}-${WAIVER_DAY}`);
    await day.getByTestId('day-flags').getByText('Meal break 1 missing').waitFor();
    const waivers = page.getByTestId('meal-waivers');
    await waivers.getByText('No meal waivers on file.').waitFor();
    await waivers.getByRole('button', { name: 'Add waiver' }).click();
    const add = dialog(page, 'Record a meal waiver signed by Rosa Martinez');
    // After the period approved by the test above (2023-03-05 – 03-11): a waiver can't change approved pay.
    await typePicker(add.getByLabel('Signed on'), '2023-03-12');
    await add.getByLabel('Note').fill('Signed form on file');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Meal waiver recorded.').waitFor();
    await waivers.getByRole('row').filter({ hasText: 'First meal (days of 6 h or less)' }).getByText('In force').waitFor();
    await day.getByTestId('day-flags').waitFor({ state: 'detached' });

    await waivers.getByRole('button', { name: 'Revoke' }).click();
    const revoke = dialog(page, 'Revoke the waiver of Rosa Martinez');
    await typePicker(revoke.getByLabel('Revoked on'), WAIVER_DAY);
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Meal waiver revoked.').waitFor();
    await waivers.getByRole('row').filter({ hasText: '2023-03-12' }).getByText(WAIVER_DAY).waitFor();
    await day.getByTestId('day-flags').getByText('Meal break 1 missing').waitFor();
    await context.close();
  });
});
