import {
  type AttendanceResponse,
  addDays,
  formatCents,
  type ListResponse,
  type RoleOption,
  type TimeCardFlagRow,
  type WageDetail,
  type WageSummary,
} from '@tidyhouse/contract';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast, unique } from '../support/browser';
import { adminPage, adminToken, dialog, row } from './service-support';

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(() => browser.close());

describe('Employee Wages Summary', () => {
  it('opens the last period, drills into an employee and a day, and exports the period to XLSX that reads back', async () => {
    // The demo's punches are on past days: the period before the current one has worked hours.
    const current = (await apiCall<WageSummary>('/jhSchedule/queryWage', token, {})).data;
    const previousDate = addDays(current.period.start, -1);
    const summary = (await apiCall<WageSummary>('/jhSchedule/queryWage', token, { date: previousDate })).data;
    const worker = summary.rows.find(
      (r) => r.workedMinutes > 0 && r.lines.some((l) => l.kind === 'regular' || l.kind === 'piece'),
    );
    if (!worker) throw new Error('the demo has no worked hours in the last period');
    const detail = (await apiCall<WageDetail>('/wage/queryDetail', token, { userId: worker.userId, date: previousDate })).data;
    const day = detail.days[0]!;

    const { context, page } = await adminPage(browser, 'en', '/employee/wages');
    await page.getByTestId('wage-period').waitFor();
    await page.getByRole('button', { name: 'Previous period' }).click();
    await page
      .getByTestId('wage-period')
      .filter({ hasText: `${summary.period.start} – ${summary.period.end}` })
      .waitFor();
    await expect.poll(() => page.getByTestId(`wage-gross-${worker.userId}`).textContent()).toBe(formatCents(worker.grossCents));

    // Drill down: the employee's lines, then the days and jobs behind the first line.
    await page.getByTestId(`wage-open-${worker.userId}`).click();
    const drawer = page.getByTestId('wage-detail');
    await drawer.waitFor();
    expect(await page.getByTestId('wage-detail-gross').textContent()).toBe(formatCents(worker.grossCents));
    const firstLine = detail.lines[0]!;
    const lineRow = drawer
      .locator('tr.ant-table-row')
      .filter({ hasText: formatCents(firstLine.cents) })
      .first();
    await lineRow.locator('.ant-table-row-expand-icon').click();
    const firstItem = firstLine.items![0]!;
    await drawer.locator('.ant-table-expanded-row').filter({ hasText: firstItem.workDate }).first().waitFor();
    // The day itself: its hours split into regular, overtime and double time.
    await row(drawer, day.workDate).first().waitFor();
    expect(await row(drawer, day.workDate).first().textContent()).toContain(`${(day.workedMinutes / 60).toFixed(2)} h`);
    // How each workweek's regular rate was found (issue 24 item 8).
    const week = detail.regularRates[0]!;
    await drawer
      .getByTestId('wage-regular-rates')
      .getByText(`Regular rate ${formatCents(week.centsPerHour)} =`, { exact: false })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([`${summary.period.start} – ${summary.period.end}`, 'Details']);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const line = sheet.getSheetValues().find((r) => Array.isArray(r) && r[1] === worker.name) as unknown[];
    expect(line[1 + header.indexOf('Gross pay ($)')]).toBe(worker.grossCents / 100);
    expect(line[1 + header.indexOf('Hours')]).toBe(Math.round((worker.workedMinutes / 60) * 100) / 100);
    const details = book.worksheets[1]!.getSheetValues().filter((r) => Array.isArray(r) && r[2] === worker.name) as unknown[][];
    const detailCents = details.reduce((sum, r) => sum + Math.round(Number(r[8]) * 100), 0);
    expect(detailCents).toBe(worker.grossCents);

    // The CSV for the payroll processor: the worker's rows (one per pay code) add up to the gross.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV for the payroll processor' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`payroll-${summary.period.start}-${summary.period.end}.csv`);
    const csvChunks: Buffer[] = [];
    for await (const chunk of await csv.createReadStream()) csvChunks.push(chunk as Buffer);
    const [csvHeader, ...csvRows] = Buffer.concat(csvChunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((r) => r.split(','));
    expect(csvHeader!.slice(0, 5)).toEqual(['employee_no', 'employee', 'period_start', 'period_end', 'pay_code']);
    // Demo names hold no comma, so a plain split reads them.
    const mine = csvRows.filter((r) => r[1] === worker.name);
    expect(mine.map((r) => r[4])).toContain(worker.lines.some((l) => l.kind === 'regular') ? 'REG' : 'PIECE');
    expect(mine.reduce((sum, r) => sum + Math.round(Number(r.at(-1)) * 100), 0)).toBe(worker.grossCents);
    await context.close();
  }, 180_000);
});

/** A new cleaner with a drive punched today and no clock-in (a flag), and the pay period holding today. */
async function flaggedEmployee(name: string) {
  const roles = (await apiCall<RoleOption[]>('/sysUser/roleOptions', token)).data;
  const password = 'Staff-pass-2026';
  const added = await apiCall<{ id: number }>('/sysUser/add', token, {
    name,
    uname: `e2e.${unique()}`,
    password,
    verifyPassword: password,
    roleId: roles.find((r) => r.code === 'cleaner')!.id,
    hireDate: '2024-01-15',
  });
  expect(added.code, added.message).toBe(0);
  const userId = added.data.id;
  const today = (await apiCall<{ today: string }>('/sysParam/quoteSettings', token)).data.today;
  const punched = await apiCall('/timeCard/addPunch', token, {
    userId,
    workDate: today,
    kind: 'drive',
    startTime: '08:00',
    endTime: '08:30',
  });
  expect(punched.code, punched.message).toBe(0);
  const week = (await apiCall<AttendanceResponse>('/jhSchedule/queryAttendance', token, { view: 'week', date: today, userId }))
    .data;
  const flags = (
    await apiCall<ListResponse<TimeCardFlagRow>>('/timeCard/queryFlags', token, {
      from: week.period.start,
      to: week.period.end,
      userId,
      pageNum: 1,
      pageSize: 20,
    })
  ).data;
  expect(flags.total).toBeGreaterThan(0);
  // Today's office day is open in the demo: today and every later day of the period are not over.
  let days = 0;
  for (let day = today; day <= week.period.end; day = addDays(day, 1)) days++;
  return { userId, today, period: week.period, flags, days };
}

describe('Approving one employee period from the week view of the time card', () => {
  it('names the employee, warns of their open flags and of the days not over yet, then approves only them (en)', async () => {
    const name = `Ada Quist ${unique()}`;
    const { userId, today, period, flags, days } = await flaggedEmployee(name);
    const { context, page } = await adminPage(browser, 'en', `/employee/attendance?view=week&userId=${userId}&date=${today}`);
    await page.getByRole('button', { name: `Approve the period of ${name}` }).click();
    const confirm = dialog(page, `Approve the pay period ${period.start} – ${period.end} of ${name}?`);
    const flagWarning = confirm.getByTestId('approve-open-flags');
    await flagWarning
      .getByText(`${name} has ${flags.total} open ${flags.total === 1 ? 'flag' : 'flags'} in this period:`)
      .waitFor();
    await flagWarning.getByText(`${today}: Work punched without a clock-in`).waitFor();
    const range = days === 1 ? period.end : `${today} – ${period.end}`;
    await confirm
      .getByTestId('approve-not-worked')
      .getByText(
        days === 1 ? `1 day of the period is not over yet: ${range}.` : `${days} days of the period are not over yet: ${range}.`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Approve period' }).click();
    await toast(page, `The pay period ${period.start} – ${period.end} is approved.`).waitFor();
    const after = (await apiCall<AttendanceResponse>('/jhSchedule/queryAttendance', token, { view: 'day', date: today })).data;
    const approved = after.approvals.filter((a) => a.periodStart === period.start && a.status === 'approved');
    expect(approved.map((a) => a.userId)).toContain(userId);
    // Only this employee: nobody else of the day was approved with them.
    expect(approved.filter((a) => a.userId !== userId)).toEqual([]);
    const reopened = await apiCall('/timeCard/reopenPeriod', token, { date: today, userIds: [userId], reason: 'Browser test' });
    expect(reopened.code, reopened.message).toBe(0);
    await context.close();
  }, 120_000);

  it('在周视图中审批前提示员工未处理的提示和尚未结束的日子，取消则不审批（中文）', async () => {
    const name = `林小雨 ${unique()}`;
    const { userId, today, period, flags, days } = await flaggedEmployee(name);
    const { context, page } = await adminPage(browser, 'zh', `/employee/attendance?view=week&userId=${userId}&date=${today}`);
    await page.getByRole('button', { name: `审批 ${name} 的周期` }).click();
    const confirm = dialog(page, `审批 ${name} 的工资周期 ${period.start} – ${period.end}？`);
    const flagWarning = confirm.getByTestId('approve-open-flags');
    await flagWarning.getByText(`${name} 在本周期有 ${flags.total} 条未处理的提示：`).waitFor();
    await flagWarning.getByText(`${today}: 有工作打卡但没有上班打卡`).waitFor();
    const range = days === 1 ? period.end : `${today} – ${period.end}`;
    await confirm.getByTestId('approve-not-worked').getByText(`本周期有 ${days} 天尚未结束：${range}。`).waitFor();
    await confirm.getByText(`审批后，${name} 在本周期的考勤卡将被锁定，直至重新开启。`).waitFor();
    await confirm.getByRole('button', { name: /^取\s*消$/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    const after = (await apiCall<AttendanceResponse>('/jhSchedule/queryAttendance', token, { view: 'day', date: today })).data;
    expect(after.approvals.filter((a) => a.userId === userId && a.status === 'approved')).toEqual([]);
    await context.close();
  }, 120_000);
});
