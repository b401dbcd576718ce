import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBody } from '../src/modules/customers/customers.fixtures';
import { modifyBody, newJob } from '../src/modules/service/jobs/jobs.fixtures';
import { createTestApp, type TestApp } from './helper';

/** Issue 23 item 2: a number outside its range (contract NUMBER_RANGES) is refused with 10001, never clamped or rounded. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('super_admin');
});
afterAll(() => t.close());

type Issues = { issues: { field: string; message: string }[] };

async function refusedUnchanged(path: string, body: Record<string, unknown>, field: string) {
  const before = await t.fingerprint();
  const result = await t.call<Issues>(path, { token, body });
  expect(result.code, `${path} ${field}`).toBe(Code.INVALID_INPUT);
  expect(result.data.issues.map((i) => i.field)).toEqual([field]);
  expect(await t.fingerprint()).toBe(before);
}

describe('numbers are checked, not clamped', () => {
  it('refuses a quote for a team of 7.5 or a house of 7.5 sq ft (not priced for 8)', async () => {
    await refusedUnchanged('/quote/add', await quoteBody(t, { teamSize: 7.5 }), 'teamSize');
    await refusedUnchanged('/quote/add', await quoteBody(t, { houseSizeSqft: 7.5 }), 'houseSizeSqft');
    await refusedUnchanged('/quote/calc', { houseSizeSqft: 1000, teamSize: 21 }, 'teamSize');
  });

  it('refuses a job duration of 99999999 minutes and miles beyond the range, and keeps the job as it was', async () => {
    const job = await newJob(t);
    await refusedUnchanged('/job/modify', await modifyBody(t, job.id, { durationMinutes: 99_999_999 }), 'durationMinutes');
    await refusedUnchanged('/job/modify', await modifyBody(t, job.id, { durationMinutes: 90.5 }), 'durationMinutes');
    await refusedUnchanged(
      '/job/modify',
      await modifyBody(t, job.id, { drivingDistanceTenthMiles: 100_001 }),
      'drivingDistanceTenthMiles',
    );
    // The largest values of the ranges are accepted as sent.
    const saved = await t.call('/job/modify', {
      token,
      body: await modifyBody(t, job.id, { durationMinutes: 1440, drivingDistanceTenthMiles: 100_000 }),
    });
    expect(saved.code).toBe(0);
    const detail = await t.call<{ job: { durationMinutes: number; drivingDistanceTenthMiles: number } }>('/job/detail', {
      token,
      body: { id: job.id },
    });
    expect(detail.data.job).toMatchObject({ durationMinutes: 1440, drivingDistanceTenthMiles: 100_000 });
  });
});
