import type { JobDetail, JobSaved, JobTotals } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { locationWith, rowOf } from '../../customers/customers.fixtures';
import { JOB_REVENUE_EXPRESSION } from './job-revenue';

/** Jobs made through the API for the endpoint table and the behaviour tests. */

export const SERVICE_DATE = '2026-12-01';

export async function activeTeam(t: TestApp, offset = 0) {
  return rowOf(
    t,
    'teams',
    `deleted_at is null and active and exists (select 1 from team_members m where m.team_id = teams.id)`,
    `id offset ${offset}`,
  );
}

/** A price-list entry with a rate in force on the date. */
export const pricedItem = (t: TestApp, date = SERVICE_DATE, kind = 'item') =>
  rowOf(
    t,
    'price_items',
    `deleted_at is null and active and kind = '${kind}' and exists (select 1 from price_item_rates r where r.price_item_id = price_items.id and r.effective_from <= '${date}')`,
  );

export async function newJob(t: TestApp, body: Record<string, unknown> = {}, token?: string): Promise<JobSaved> {
  const location = await locationWith(t, 'true');
  const result = await t.call<JobSaved>('/job/add', {
    token: token ?? (await t.loginAs('super_admin')),
    body: { locationId: location.id, ...body },
  });
  if (result.code !== 0) throw new Error(`job add failed: ${result.code} ${result.message}`);
  return result.data;
}

export async function scheduledJob(t: TestApp, body: Record<string, unknown> = {}): Promise<JobSaved> {
  const team = await activeTeam(t);
  return newJob(t, { teamId: team.id, serviceDate: SERVICE_DATE, startTime: '09:00', ...body });
}

/**
 * A job (dated today unless unscheduled) moved through the API to `status` (closed through the
 * close-day function's SQL equivalent).
 */
export async function jobIn(t: TestApp, status: string): Promise<JobSaved> {
  const token = await t.loginAs('super_admin');
  const move = async (job: JobSaved, body: Record<string, unknown>) => {
    const result = await t.call<JobSaved>('/job/updateState', { token, body: { id: job.id, version: job.version, ...body } });
    if (result.code !== 0) throw new Error(`updateState failed: ${result.code} ${result.message}`);
    return result.data;
  };
  if (status === 'unscheduled') return newJob(t, {}, token);
  // Dated today: a job is completed only once its day has come.
  const job = await scheduledJob(t, { serviceDate: await businessToday(t.db) });
  switch (status) {
    case 'scheduled':
      return job;
    case 'completed':
      return move(job, { status: 'completed', actualMinutes: 150 });
    case 'uncompleted':
      return move(job, { status: 'uncompleted', reason: 'Gate locked, nobody answered' });
    case 'cancelled':
      return move(job, { status: 'cancelled', reason: 'customer_request' });
    case 'closed': {
      const done = await move(job, { status: 'completed', actualMinutes: 150 });
      const { closeJobs } = await import('./jobs.service');
      await t.db.transaction((tx) => closeJobs(tx, 1, [done.id]));
      return { ...done, status: 'closed', version: done.version + 1 };
    }
    default:
      throw new Error(`no fixture for ${status}`);
  }
}

/** A full /job/modify body from the job as it is now, with `changes` applied. */
export async function modifyBody(t: TestApp, id: number, changes: Record<string, unknown> = {}) {
  const result = await t.call<JobDetail>('/job/detail', { token: await t.loginAs('super_admin'), body: { id } });
  const j = result.data.job;
  return {
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
    flatRateCents: j.flatRateCents,
    couponCode: j.couponCode,
    couponCents: j.couponCents,
    discountCents: j.discountCents,
    notes: j.notes,
    ...changes,
  };
}

/** The Job List's totals straight from the jobs table, for `where` (SQL over its columns), to check the list's own. */
export async function tableTotals(t: TestApp, where: string): Promise<JobTotals> {
  const [row] = await queryRows<{ n: string; minutes: string; revenue: string }>(
    t.db,
    sql.raw(`select count(*) n, coalesce(sum(duration_minutes), 0) minutes,
      coalesce(sum(${JOB_REVENUE_EXPRESSION}), 0) revenue from jobs where ${where}`),
  );
  return { jobs: Number(row!.n), inHomeMinutes: Number(row!.minutes), revenueCents: Number(row!.revenue) };
}
