import type { JobListRequest } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { pageJump } from './job-page-jump';
import { activeTeam, newJob } from './jobs.fixtures';
import { listJobs } from './jobs.query';

let t: TestApp;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  teamId = (await activeTeam(t)).id;
  // Jobs of their own over four days, with the ties a page boundary must cut right: several at one
  // time, some without a time, some without a date, two statuses, with and without a team.
  const job = await newJob(t);
  const days = ['2033-01-03', '2033-01-04', '2033-01-06', '2033-01-09'];
  for (let i = 0; i < 36; i++) {
    const day = i % 9 === 8 ? null : days[i % days.length]!;
    const minutes = i % 5 === 0 ? null : 480 + (i % 3) * 60;
    const status = day === null || i % 4 === 1 ? (i % 2 ? 'cancelled' : 'unscheduled') : 'scheduled';
    const team = status === 'scheduled' || i % 3 === 0 ? teamId : null;
    await t.db.execute(sql`
      insert into jobs (reference, customer_id, location_id, zone_id, team_id, status, service_date, start_minutes, duration_minutes, subtotal_cents)
      select ${`J-3301-P${String(i).padStart(3, '0')}`}, customer_id, location_id, zone_id, ${team}::int, ${status},
        ${day}::date, ${status === 'scheduled' ? (minutes ?? 600) : minutes}::int, 60, 100
      from jobs where id = ${job.id}`);
  }
});
afterAll(() => t.close());

const FILTERS: Partial<JobListRequest>[] = [
  {},
  { statuses: ['unscheduled', 'cancelled'] },
  { teamId: 0 },
  { teamId: 0, statuses: ['cancelled'] },
  { dateFrom: '2033-01-04', dateTo: '2033-01-09' },
];

/** Every page to one past the end, or of a long list its first 15, its last 15 and every 37th. */
function pagesOf(total: number, pageSize: number): number[] {
  const last = Math.ceil(total / pageSize) + 1;
  const all = Array.from({ length: last }, (_, i) => i + 1);
  return last <= 40 ? all : all.filter((p) => p <= 15 || p > last - 15 || p % 37 === 0);
}

const ids = async (req: JobListRequest, jumpFrom: number) => (await listJobs(t.db, req, jumpFrom)).list.map((j) => j.id);

describe('a deep page by number in date order (job-page-jump.ts)', () => {
  it('is the very page the offset gives, for every page, filter and direction, with ties and undated jobs', async () => {
    for (const filters of FILTERS) {
      for (const order of ['descend', 'ascend'] as const) {
        const base = { pageNum: 1, pageSize: 4, sort: { field: 'serviceDate', order }, ...filters } as JobListRequest;
        const total = (await listJobs(t.db, base)).total;
        expect(total).toBeGreaterThan(4);
        // By the summary from the first row on, and by the offset alone: every page to one past the end
        // (on the unfiltered demo data, the first and last pages, where these jobs are, and some between).
        for (const pageNum of pagesOf(total, 4)) {
          const req = { ...base, pageNum };
          expect(await ids(req, 0), `${JSON.stringify(filters)} ${order} page ${pageNum}`).toEqual(
            await ids(req, Number.POSITIVE_INFINITY),
          );
        }
      }
    }
  });

  it('lands on a day for the filters the summary holds, and leaves the others to the offset', async () => {
    const req = (more: Partial<JobListRequest>) =>
      ({ pageNum: 3, pageSize: 4, sort: { field: 'serviceDate', order: 'ascend' }, ...more }) as JobListRequest;
    expect(await pageJump(t.db, req({}), undefined, 'serviceDate', 'ascend', 8, 0)).not.toBeNull();
    // Below the threshold, in reference order, and for a filter the summary does not hold: the offset.
    expect(await pageJump(t.db, req({}), undefined, 'serviceDate', 'ascend', 8)).toBeNull();
    expect(await pageJump(t.db, req({}), undefined, 'reference', 'ascend', 8, 0)).toBeNull();
    expect(await pageJump(t.db, req({ keyword: 'J-3301' }), undefined, 'serviceDate', 'ascend', 8, 0)).toBeNull();
  });
});
