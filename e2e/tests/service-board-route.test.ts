import type { BoardDay, JobSaved, RouteOrderSuggestion } from '@tidyhouse/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast } from '../support/browser';
import { adminPage, adminToken } from './service-support';

/** Route order on the schedule board (issue 20): suggest an order for a team's day, apply it, see it on the board. */

let browser: Browser;
let token: string;
/** A date no other browser test uses, so the team's day holds only this test's jobs. */
const DATE = '2030-08-21';
const STARTS = ['08:00', '10:00', '12:00', '14:00'];

const board = async () => (await apiCall<BoardDay>('/jhSchedule/queryBoard', token, { date: DATE })).data;

/** Four demo locations with different ZIP codes. */
async function spreadLocations(): Promise<number[]> {
  const customers = await apiCall<{ list: { id: number }[] }>('/customer/queryList', token, { pageNum: 1, pageSize: 40 });
  const byZip = new Map<string, number>();
  for (const c of customers.data.list) {
    const list = await apiCall<{ list: { id: number; zip: string }[] }>('/customerLocation/queryList', token, {
      customerId: c.id,
    });
    for (const l of list.data.list) if (!byZip.has(l.zip)) byZip.set(l.zip, l.id);
    if (byZip.size >= STARTS.length) break;
  }
  if (byZip.size < STARTS.length) throw new Error('the demo data needs four locations with different ZIP codes');
  return [...byZip.values()].slice(0, STARTS.length);
}

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(() => browser.close());

describe('Route order (issue 20)', () => {
  it('suggests a shorter order for a team whose jobs are out of order, applies it, and the board shows it', async () => {
    const team = (await board()).teams.find((t) => t.members.length > 0 && !t.outage)!;
    const locations = await spreadLocations();
    // Put the four jobs in an order the suggestion can improve: the first such order of the locations.
    let suggestion: RouteOrderSuggestion | null = null;
    const placed: number[] = [];
    for (const order of permutations(locations)) {
      // The previous try's jobs go back to the tray (off the team's route).
      const versions = new Map((await board()).jobs.map((j) => [j.id, j.version]));
      for (const id of placed.splice(0)) await apiCall('/jhSchedule/unassignJob', token, { id, version: versions.get(id) });
      for (const [i, locationId] of order.entries()) {
        const added = await apiCall<JobSaved>('/job/add', token, {
          locationId,
          teamId: team.id,
          serviceDate: DATE,
          startTime: STARTS[i],
          durationMinutes: 60,
        });
        if (added.code !== 0) throw new Error(`job/add: ${added.message}`);
        placed.push(added.data.id);
      }
      const s = await apiCall<RouteOrderSuggestion>('/jhSchedule/suggestOrder', token, { teamId: team.id, date: DATE });
      if (s.code !== 0) throw new Error(`suggestOrder: ${s.message}`);
      if (s.data.changed) {
        suggestion = s.data;
        break;
      }
    }
    if (!suggestion) throw new Error('no order of the four locations can be improved');

    const { context, page } = await adminPage(browser, 'en', `/service/schedule?date=${DATE}`);
    await page.getByTestId(`suggest-order-${team.id}`).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Route order of' });
    await dialog.getByTestId('route-suggested').waitFor();
    const listed = async (testId: string) =>
      dialog
        .getByTestId(testId)
        .locator('li')
        .evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-job-id'))));
    expect(await listed('route-current')).toEqual(suggestion.current.map((j) => j.id));
    expect(await listed('route-suggested')).toEqual(suggestion.suggested.map((j) => j.id));
    await expect.poll(() => dialog.getByTestId('route-saving').textContent()).toContain(`${suggestion.savingMinutes} min saved`);

    await dialog.getByTestId('route-apply').click();
    await toast(page, 'less driving').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The lane now draws the jobs left to right in the suggested order.
    const references = new Map(suggestion.current.map((j) => [j.id, j.reference]));
    const lefts = async () => {
      const xs: number[] = [];
      for (const j of suggestion.suggested) {
        const b = await page
          .getByTestId(`lane-${team.id}`)
          .getByTestId(`job-${references.get(j.id)}`)
          .boundingBox();
        xs.push(b?.x ?? Number.NaN);
      }
      return xs;
    };
    await expect
      .poll(async () => {
        const xs = await lefts();
        return xs.every((x, i) => i === 0 || x > xs[i - 1]!);
      })
      .toBe(true);
    const after = (await board()).jobs.filter((j) => j.teamId === team.id).sort((a, b) => a.startMinutes! - b.startMinutes!);
    expect(after.map((j) => j.id)).toEqual(suggestion.suggested.map((j) => j.id));
    expect(after.map((j) => j.startMinutes)).toEqual(suggestion.suggested.map((j) => j.startMinutes));
    await context.close();
  });
});
