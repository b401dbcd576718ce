import { Code, type PlanChangePreview, type PlanStateResult } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { priceItemIdOf } from '../../customers/customers.fixtures';
import { teamOf } from '../../employees/test-support';
import { addPlan, inDays } from './plans.fixtures';

/** Plans in an office's words (issue 20): previews that say what moves, states as an office names them. */

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

describe('a plan change preview', () => {
  it('lists the time, window, team and price each job moves from and to', async () => {
    const plan = await addPlan(t, office); // weekly, Team Ocean, 09:00–11:00, $160.00
    const preview = await t.call<PlanChangePreview>('/servicePlan/previewChange', {
      token: office,
      body: {
        id: plan.id,
        version: 1,
        fromDate: inDays(1),
        frequency: 'weekly',
        servicePriceCents: 17_500,
        budgetMinutes: 180,
        preferredTeamId: (await teamOf(t, 'Team Coral')).id,
        windowStart: '10:00',
        windowEnd: '12:00',
        lines: [{ priceItemId: await priceItemIdOf(t, 'Kitchen'), quantity: 1 }],
      },
    });
    expect(preview.code, preview.message).toBe(Code.OK);
    const updates = preview.data.reprice;
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) {
      expect(update.diffs).toEqual(
        expect.arrayContaining([
          { field: 'startTime', from: '09:00', to: '10:00' },
          { field: 'window', from: '09:00–11:00', to: '10:00–12:00' },
          { field: 'team', from: 'Team Ocean', to: 'Team Coral' },
          { field: 'price', from: 16_000, to: 17_500 },
        ]),
      );
    }
  });

  it('lists no difference for a job that keeps its values', async () => {
    const plan = await addPlan(t, office);
    const preview = await t.call<PlanChangePreview>('/servicePlan/previewChange', {
      token: office,
      body: {
        id: plan.id,
        version: 1,
        fromDate: inDays(1),
        frequency: 'weekly',
        servicePriceCents: 17_000,
        budgetMinutes: 180,
        preferredTeamId: (await teamOf(t, 'Team Ocean')).id,
        windowStart: '09:00',
        windowEnd: '11:00',
        lines: [{ priceItemId: await priceItemIdOf(t, 'Kitchen'), quantity: 1 }],
      },
    });
    // Only the price changes: the time, window and team are not listed.
    expect(preview.data.reprice.length).toBeGreaterThan(0);
    for (const update of preview.data.reprice) expect(update.diffs).toEqual([{ field: 'price', from: 16_000, to: 17_000 }]);
  });
});

describe('plan states', () => {
  it('are named as an office says them (active / paused) in refusals, in both languages', async () => {
    const plan = await addPlan(t, office);
    const paused = await t.call<PlanStateResult>('/servicePlan/pause', { token: office, body: { id: plan.id, version: 1 } });
    expect(paused.data).toMatchObject({ status: 'not_used' });
    const body = { id: plan.id, version: paused.data.version };
    const en = await t.call('/servicePlan/pause', { token: office, body, locale: 'en' });
    expect(en).toMatchObject({ code: Code.REFUSED, message: 'A service plan cannot go from paused to paused.' });
    const zh = await t.call('/servicePlan/pause', { token: office, body, locale: 'zh' });
    expect(zh).toMatchObject({ code: Code.REFUSED, message: '服务计划不能从“已暂停”变为“已暂停”。' });
  });
});
