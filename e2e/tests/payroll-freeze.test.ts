import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BoardDay, JobDetail, JobSaved, RoleOption } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast, unique } from '../support/browser';
import { adminPage, adminToken, dialog, row, typePicker } from './service-support';

/**
 * Issue 24, approval freezes pay: approve a period, a pay-rate correction in it is refused on screen,
 * a job's price corrected lands as an adjustment in the next period, the statement prints; zh and en.
 * Weeks of 2023 (before the demo's history), one per language; weekly periods from Sunday.
 */

let browser: Browser;
let token: string;
let roles: RoleOption[];
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  roles = (await apiCall<RoleOption[]>('/sysUser/roleOptions', token)).data;
});
afterAll(() => browser.close());

async function ok<T>(pathName: string, body: unknown): Promise<T> {
  const result = await apiCall<T>(pathName, token, body);
  if (result.code !== 0) throw new Error(`${pathName}: ${result.code} ${result.message}`);
  return result.data;
}

/** An employee paid 40 % of the job price, who worked 4 h on a $200.00 job on `day`. */
async function pieceWorker(name: string, day: string) {
  const { id } = await ok<{ id: number }>('/sysUser/add', {
    name,
    uname: `e2e.${unique()}`,
    password: 'Staff-pass-2026',
    verifyPassword: 'Staff-pass-2026',
    roleId: roles.find((role) => role.code === 'cleaner')!.id,
    hireDate: '2022-01-10',
  });
  await ok('/sysUserPay/addBatch', {
    userIds: [id],
    payType: 'percentage',
    rateCents: 4000,
    isPaid: true,
    effectiveFrom: '2022-01-10',
    note: '',
  });
  const customer = await ok<{ locationId: number }>('/customer/add', {
    name: `${name} Customer`,
    phone1: '(650) 555-0124',
    email: `freeze.${unique()}@example.com`,
    status: 'active',
    location: {
      name: 'Home',
      address1: '18 Freeze Lane',
      city: 'San Mateo',
      state: 'CA',
      zip: '94401',
      primaryContact: name,
      houseType: 'house',
    },
  });
  const board = await ok<BoardDay>('/jhSchedule/queryBoard', { date: day });
  const teamId = board.teams.find((t) => t.members.length > 0 && !t.outage)!.id;
  const job = await ok<JobSaved>('/job/add', {
    locationId: customer.locationId,
    teamId,
    serviceDate: day,
    startTime: '09:00',
    flatRateCents: 20_000,
  });
  await ok('/timeCard/addPunch', { userId: id, workDate: day, kind: 'shift', startTime: '09:00', endTime: '13:00' });
  await ok('/timeCard/addPunch', { userId: id, workDate: day, kind: 'job', jobId: job.id, startTime: '09:00', endTime: '13:00' });
  return { id, job };
}

/** The job's price corrected (the office's edit of the job). */
async function correctPrice(jobId: number, flatRateCents: number) {
  const { job: j } = await ok<JobDetail>('/job/detail', { id: jobId });
  await ok('/job/modify', {
    id: j.id,
    version: j.version,
    teamId: j.team?.id ?? null,
    preferredTeamId: j.preferredTeam?.id ?? null,
    windowStart: j.windowStart,
    windowEnd: j.windowEnd,
    serviceDate: j.serviceDate,
    startTime: j.startTime,
    durationMinutes: j.durationMinutes,
    customerAtHome: j.customerAtHome,
    assigneeId: j.assignee?.id ?? null,
    drivingDistanceTenthMiles: j.drivingDistanceTenthMiles,
    pricePerMinuteCents: j.pricePerMinuteCents,
    flatRateCents,
    couponCode: j.couponCode,
    couponCents: j.couponCents,
    discountCents: j.discountCents,
    notes: j.notes,
  });
}

async function pdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'freeze-')), 'statement.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const CASES = [
  {
    locale: 'en' as const,
    name: 'Freeze Walker',
    day: '2023-06-06',
    period: '2023-06-04 – 2023-06-10',
    next: '2023-06-11',
    approveButton: 'Approve the period of Freeze Walker',
    approveTitle: 'Approve the pay period 2023-06-04 – 2023-06-10 of Freeze Walker?',
    approveOk: 'Approve period',
    approved: 'The pay period 2023-06-04 – 2023-06-10 is approved.',
    payTab: 'Pay rate',
    correct: 'Correct',
    rate: 'Rate',
    reason: 'Reason for the change',
    save: /^Save$/,
    refusal:
      'A pay-rate change from 2022-01-10 would change the pay of Freeze Walker in the approved pay period 2023-06-04 – 2023-06-10: reopen the period (with a reason) first.',
    adjustmentLine: 'Adjustments to approved periods',
    adjustmentItem: "A job's price corrected — belongs to the approved period 2023-06-04 – 2023-06-10",
    statement: 'Statement (English)',
    statementLine: 'Adjustments to approved periods',
  },
  {
    locale: 'zh' as const,
    name: '冻结 周',
    day: '2023-07-11',
    period: '2023-07-09 – 2023-07-15',
    next: '2023-07-16',
    approveButton: '审批 冻结 周 的周期',
    approveTitle: '审批 冻结 周 的工资周期 2023-07-09 – 2023-07-15？',
    approveOk: '审批周期',
    approved: '工资周期 2023-07-09 – 2023-07-15 已审批。',
    payTab: '薪资标准',
    correct: '更正',
    rate: '费率',
    reason: '更改原因',
    save: /^保\s*存$/,
    refusal:
      '自 2022-01-10 起更改薪资标准会改变 冻结 周 在已审批工资周期 2023-07-09 – 2023-07-15 的工资：请先填写原因重新开启该周期。',
    adjustmentLine: '已审批周期的调整',
    adjustmentItem: '工单价格已更正——属于已审批周期 2023-07-09 – 2023-07-15',
    statement: '工资单（中文）',
    statementLine: '已审批周期的调整',
  },
];

describe('approval freezes pay (issue 24)', () => {
  for (const c of CASES) {
    it(`approves a period, refuses a rate correction in it, pays a price correction in the next period, prints (${c.locale})`, async () => {
      const { id, job } = await pieceWorker(c.name, c.day);

      // Approve the employee's period from the time card.
      const { context, page } = await adminPage(browser, c.locale, `/employee/attendance?view=week&userId=${id}&date=${c.day}`);
      await page.getByRole('button', { name: c.approveButton }).click();
      await dialog(page, c.approveTitle).getByRole('button', { name: c.approveOk }).click();
      await toast(page, c.approved).waitFor();

      // A correction of the pay rate in force on those days is refused, naming the period.
      await page.goto(`/employee/employeelist/update?id=${id}&activeName=PayRate`);
      await page.getByRole('tab', { name: c.payTab }).waitFor();
      await page.locator('tr', { hasText: '40' }).getByRole('button', { name: c.correct }).click();
      const correct = page.getByRole('dialog');
      await correct.getByLabel(c.rate, { exact: true }).fill('45');
      await correct.getByLabel(c.reason).fill('Agreed rate');
      await correct.getByRole('button', { name: c.save }).click();
      await toast(page, c.refusal).waitFor();

      // The job's price is corrected after approval: the next period pays the difference, naming the period.
      await correctPrice(job.id, 30_000);
      await page.goto('/employee/wages');
      await typePicker(page.locator('.ant-picker input').first(), c.next);
      await page.getByTestId(`wage-open-${id}`).click();
      const drawer = page.getByTestId('wage-detail');
      const line = row(drawer, c.adjustmentLine).first();
      await line.waitFor();
      await line.locator('.ant-table-row-expand-icon').click();
      await drawer.locator('.ant-table-expanded-row').filter({ hasText: c.adjustmentItem }).first().waitFor();

      // The statement of that period prints with the adjustment.
      const text = await pdfText(page, () => drawer.getByRole('button', { name: c.statement }).click());
      expect(text).toContain(c.statementLine);
      await context.close();
    });
  }
});
