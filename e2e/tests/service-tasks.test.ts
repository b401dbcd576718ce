import { MESSAGES } from '@tidyhouse/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast, unique } from '../support/browser';
import { adminPage, adminToken, choose, dialog, row, typePicker } from './service-support';

let browser: Browser;
let token: string;
let teamName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const options = await apiCall<{ teams: { id: number; name: string }[] }>('/customer/options', token);
  teamName = options.data.teams[0]!.name;
});
afterAll(() => browser.close());

describe('Task List (issue 9)', () => {
  it('in Chinese, an empty task shows each required message of the spec in Chinese', async () => {
    const { context, page } = await adminPage(browser, 'zh', '/service/tasklist');
    await page.getByRole('button', { name: '新增任务' }).click();
    const form = dialog(page, '新增任务');
    await form.getByLabel('时长（分钟）').fill('');
    await form.getByTestId('form-modal-save').click();
    for (const key of ['validation.taskNameRequired', 'validation.teamRequired', 'validation.startDateRequired'] as const) {
      await form.getByText(MESSAGES.zh[key], { exact: true }).waitFor();
    }
    await context.close();
  }, 180_000);

  it('adds a weekly task for a team after each validation message, then shows its schedule and change log', async () => {
    const { context, page } = await adminPage(browser, 'en', '/service/tasklist');
    await page.getByRole('button', { name: 'Add task' }).click();
    const form = dialog(page, 'Add a task');
    const save = form.getByTestId('form-modal-save');
    await save.click();
    for (const message of ['task name is required', 'team is required', 'start date is required']) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    const name = `Supply run ${unique()}`;
    await form.getByLabel('Task name').fill(name);
    await form.getByText('task name is required', { exact: true }).waitFor({ state: 'detached' });
    await choose(page, form.getByTestId('task-teams'), teamName);
    await form.getByText('team is required', { exact: true }).waitFor({ state: 'detached' });
    await typePicker(form.getByLabel('Start date'), '2026-12-01');
    await form.getByText('start date is required', { exact: true }).waitFor({ state: 'detached' });
    await typePicker(form.getByLabel('Start time'), '07:30');
    // The guard of the first click is over once the messages have been read.
    await page.waitForFunction(() => !document.querySelector('[data-testid="form-modal-save"]')?.hasAttribute('disabled'));
    await save.click();
    await toast(page, 'The task is saved.').waitFor();

    await page.getByLabel('Reference or name').fill(name);
    await page.getByRole('button', { name: /Search/ }).click();
    const line = row(page, name);
    await line.waitFor();
    expect(await line.textContent()).toContain('Every week on Tuesday');
    expect(await line.textContent()).toContain(teamName);
    expect(await line.textContent()).toContain('07:30');

    const listed = await apiCall<{
      list: { id: number; name: string; teams: { name: string }[]; startDate: string; startTime: string }[];
    }>('/task/queryList', token, { pageNum: 1, pageSize: 5, keyword: name });
    expect(listed.data.list[0]).toMatchObject({ name, startDate: '2026-12-01', startTime: '07:30', teams: [{ name: teamName }] });

    await line.getByRole('button', { name: 'Schedule and log' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: name });
    await drawer.getByTestId('task-upcoming').first().waitFor();
    await drawer.getByRole('tab', { name: 'Change log' }).click();
    await drawer.getByTestId('change-log').getByText('Task added').waitFor();
    await context.close();
  }, 180_000);
});
