import { Code, type JobListResponse, type JobSaved, jobRevenueCents, type PlanOccurrenceResult } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { freshDate } from '../board/board.fixtures';
import { addPlan, planJobs } from '../plans/plans.fixtures';
import { JOB_REVENUE_EXPRESSION } from './job-revenue';
import { activeTeam, scheduledJob } from './jobs.fixtures';
import { jobLines, jobs } from './jobs.tables';

/** docs/business-rules.md "Revenue": one definition for the list, the export and the dashboard. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const call = async <T>(path: string, body: unknown) => {
  const result = await t.call<T>(path, { token, body });
  expect(result.message).toBe('success');
  return result.data;
};
const listOn = (date: string, extra: Record<string, unknown> = {}) =>
  call<JobListResponse>('/job/queryList', { pageNum: 1, pageSize: 100, dateFrom: date, dateTo: date, ...extra });

async function dashboardRevenueOn(date: string): Promise<number> {
  const [row] = await queryRows<{ cents: string | null }>(
    t.db,
    sql`select sum(revenue_cents) as cents from job_day_totals where service_date = ${date}`,
  );
  return Number(row?.cents ?? 0);
}

describe('revenue of a job', () => {
  it('is the subtotal, and a cancelled job its cancel fee alone, in the list total, the export and the dashboard', async () => {
    const date = freshDate();
    const team = await activeTeam(t);
    await scheduledJob(t, { teamId: team.id, serviceDate: date, startTime: '09:00', flatRateCents: 20_000 });
    const cancelled = await scheduledJob(t, { teamId: team.id, serviceDate: date, startTime: '13:00', flatRateCents: 30_000 });
    // A row cancelled the way plans did before migration 0028: the visit's $300.00 still stored.
    await t.db.update(jobs).set({ status: 'cancelled', cancelFeeCents: 2_500 }).where(eq(jobs.id, cancelled.id));
    const [stored] = await t.db.select().from(jobs).where(eq(jobs.id, cancelled.id));
    expect(stored!.subtotalCents).toBe(30_000);

    const list = await listOn(date);
    expect(list.totals!.revenueCents).toBe(22_500);
    expect(list.list.find((j) => j.id === cancelled.id)!.revenueCents).toBe(2_500);
    expect(await dashboardRevenueOn(date)).toBe(22_500);

    const file = await t.call<Buffer>('/job/export', {
      token,
      method: 'GET',
      locale: 'en',
      query: { dateFrom: date, dateTo: date },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.data as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Revenue ($)');
    const revenues = [2, 3].map((r) => Number(sheet.getRow(r).getCell(header).value));
    expect(revenues.sort((a, b) => a - b)).toEqual([25, 200]);
  });

  it('keeps the dashboard trigger on the same definition as the server helper and the contract', async () => {
    const [fn] = await queryRows<{ src: string }>(
      t.db,
      sql`select prosrc as src from pg_proc where proname = 'job_day_totals_change'`,
    );
    expect(fn!.src.split(JOB_REVENUE_EXPRESSION).length - 1).toBe(4);
    const rows = await queryRows<{ status: 'cancelled' | 'completed'; subtotal: number; fee: number; revenue: number }>(
      t.db,
      sql`select status, subtotal_cents as subtotal, cancel_fee_cents as fee, ${sql.raw(JOB_REVENUE_EXPRESSION)} as revenue
          from (values ('cancelled', 9000, 1500), ('completed', 9000, 1500)) as j(status, subtotal_cents, cancel_fee_cents)`,
    );
    for (const r of rows) {
      expect(r.revenue).toBe(jobRevenueCents({ status: r.status, subtotalCents: r.subtotal, cancelFeeCents: r.fee }));
    }
  });

  it('of a skipped plan visit is 0: its lines are free and the list total leaves it out', async () => {
    const plan = await addPlan(t, token);
    const target = (await planJobs(t, plan.id))[1]!;
    const [priced] = await t.db.select().from(jobs).where(eq(jobs.id, target.id));
    expect(priced!.subtotalCents).toBeGreaterThan(0);
    const skipped = await call<PlanOccurrenceResult>('/servicePlan/skipOccurrence', {
      id: plan.id,
      occurrenceDate: target.occurrenceDate,
    });
    expect(skipped.status).toBe('cancelled');
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, target.id));
    expect(job).toMatchObject({ subtotalCents: 0, revenueCents: 0, invoiceTotalCents: 0, profitLossCents: 0 });
    const lines = await t.db
      .select()
      .from(jobLines)
      .where(and(eq(jobLines.jobId, target.id), eq(jobLines.free, false)));
    expect(lines).toEqual([]);
    const list = await listOn(target.serviceDate!, { planId: plan.id });
    expect(list.totals!.revenueCents).toBe(0);
    // The maintained totals of that day still equal a recount of its jobs by the definition.
    const [recount] = await queryRows<{ c: string }>(
      t.db,
      sql`select coalesce(sum(${sql.raw(JOB_REVENUE_EXPRESSION)}), 0) as c from jobs where service_date = ${target.serviceDate}`,
    );
    expect(await dashboardRevenueOn(target.serviceDate!)).toBe(Number(recount!.c));
  });

  it('of a job cancelled with a fee is the fee', async () => {
    const date = freshDate();
    const job = await scheduledJob(t, { serviceDate: date, flatRateCents: 27_500 });
    const result = await t.call<JobSaved>('/job/updateState', {
      token,
      body: { id: job.id, version: job.version, status: 'cancelled', reason: 'weather', feeCents: 4_000 },
    });
    expect(result.code).toBe(Code.OK);
    expect((await listOn(date)).totals!.revenueCents).toBe(4_000);
    expect(await dashboardRevenueOn(date)).toBe(4_000);
  });
});
