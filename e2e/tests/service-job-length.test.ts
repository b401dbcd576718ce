import { type AssignmentDay, type BoardDay, type JobSaved, jobLength, jobLengthText } from '@tidyhouse/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser } from '../support/browser';
import { adminPage, adminToken } from './service-support';

/** One job length (issue 20): the board, the job list and the job detail read the same after a member moves. */

let browser: Browser;
let token: string;
/** A date no other browser test uses, so the team's day holds only this job. */
const DATE = '2030-10-16';

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(() => browser.close());

const ok = async <T>(path: string, body: unknown): Promise<T> => {
  const result = await apiCall<T>(path, token, body);
  if (result.code !== 0) throw new Error(`${path}: ${result.message}`);
  return result.data;
};

describe('one job length', () => {
  it('reads the same on the board, the job list and the job detail after a member moves for the day', async () => {
    const day = await ok<BoardDay>('/jhSchedule/queryBoard', { date: DATE });
    const team = day.teams.find((t) => t.members.length >= 2 && !t.outage)!;
    const prices = await ok<{ id: number; kind: string }[]>('/servicePrice/priceOn', { date: DATE });
    const customers = await ok<{ list: { id: number }[] }>('/customer/queryList', { pageNum: 1, pageSize: 1 });
    const locations = await ok<{ list: { id: number }[] }>('/customerLocation/queryList', {
      customerId: customers.list[0]!.id,
    });
    const job = await ok<JobSaved>('/job/add', {
      locationId: locations.list[0]!.id,
      serviceDate: DATE,
      lines: [{ priceItemId: prices.find((p) => p.kind === 'item')!.id, quantity: 4 }],
    });
    const tray = (await ok<BoardDay>('/jhSchedule/queryBoard', { date: DATE })).unassigned.find((j) => j.id === job.id)!;
    await ok('/jhSchedule/moveJob', { id: job.id, version: tray.version, teamId: team.id, date: DATE, startTime: '09:00' });

    // One member of the team works elsewhere that day: the same work is shared by one fewer.
    const crew = await ok<AssignmentDay>('/jhSchedule/queryAssignments', { serviceDate: DATE });
    const members = crew.teams.find((t) => t.id === team.id)!.members;
    await ok('/jhSchedule/updateBoard', {
      serviceDate: DATE,
      version: crew.version,
      moves: [{ userId: members[members.length - 1]!.userId, teamId: null }],
    });
    const placed = (await ok<BoardDay>('/jhSchedule/queryBoard', { date: DATE })).jobs.find((j) => j.id === job.id)!;
    const expected = jobLengthText(jobLength({ personMinutes: placed.length.personMinutes, members: members.length - 1 }), 'en');
    expect(placed.length.members).toBe(members.length - 1);

    const { context, page } = await adminPage(browser, 'en', `/service/schedule?date=${DATE}`);
    const block = page.getByTestId(`job-${job.reference}`);
    await block.waitFor();
    expect(await block.getAttribute('title')).toContain(expected);

    await page.goto(`${new URL(page.url()).origin}/service/worklist?dateFrom=${DATE}&dateTo=${DATE}&teamId=${team.id}`);
    const listed = page.getByTestId(`job-length-${job.reference}`);
    await listed.waitFor();
    expect(await listed.textContent()).toBe(expected);

    await page.goto(`${new URL(page.url()).origin}/service/workdeatil?id=${job.id}`);
    const detail = page.getByTestId('job-length');
    await detail.waitFor();
    expect(await detail.textContent()).toBe(expected);
    await context.close();
  }, 240_000);
});
