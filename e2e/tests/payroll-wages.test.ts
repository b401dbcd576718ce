import { addDays, formatCents, type WageDetail, type WageSummary } from '@tidyhouse/contract';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from '../support/browser';
import { adminPage, adminToken, row } from './service-support';

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
    await context.close();
  }, 180_000);
});
