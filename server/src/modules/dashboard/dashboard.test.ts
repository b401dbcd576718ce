import {
  Code,
  DASHBOARD_COUNTED_STATUSES,
  type DashboardResponse,
  type JobListResponse,
  type JobSaved,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';
import { freshDate, placedJob } from '../service/board/board.fixtures';
import { JOB_REVENUE_EXPRESSION } from '../service/jobs/job-revenue';
import { activeTeam, modifyBody, newJob } from '../service/jobs/jobs.fixtures';
import { addPlan } from '../service/plans/plans.fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const call = async <T>(path: string, body: unknown, as = token) => {
  const result = await t.call<T>(path, { token: as, body });
  expect(result.message).toBe('success');
  return result.data;
};
const query = (body: object, as = token) => call<DashboardResponse>('/dashboard/query', body, as);

/** A job of a team on a date, at a time, for its minutes and flat rate. */
const jobAt = (teamId: number, serviceDate: string, startTime: string, durationMinutes: number, flatRateCents: number) =>
  newJob(t, { teamId, serviceDate, startTime, durationMinutes, flatRateCents });

async function setState(job: JobSaved, body: Record<string, unknown>) {
  return call<JobSaved>('/job/updateState', { id: job.id, version: job.version, ...body });
}

/** The maintained totals and a recount of every dated job (revenue by its one definition), both as sorted "date|team|status|jobs|minutes|cents" lines. */
async function totalsAndRecount() {
  const kept = await queryRows<{ line: string }>(
    t.db,
    sql`select concat_ws('|', service_date, team_id, status, jobs, minutes, revenue_cents) as line
        from job_day_totals where jobs <> 0 or minutes <> 0 or revenue_cents <> 0 order by 1`,
  );
  const recount = await queryRows<{ line: string }>(
    t.db,
    sql`select concat_ws('|', service_date, coalesce(team_id, 0), status, count(*), sum(duration_minutes), sum(${sql.raw(JOB_REVENUE_EXPRESSION)})) as line
        from jobs where service_date is not null group by service_date, coalesce(team_id, 0), status order by 1`,
  );
  return { kept: kept.map((r) => r.line), recount: recount.map((r) => r.line) };
}

describe('job_day_totals', () => {
  it('equals a recount of the jobs after adds, edits, state changes, board moves and plan generation', async () => {
    const date = freshDate();
    const team = await activeTeam(t);
    const other = await activeTeam(t, 1);
    const before = await totalsAndRecount();
    expect(before.kept).toEqual(before.recount);

    const undated = await newJob(t, { flatRateCents: 9000 });
    const a = await newJob(t, {
      teamId: team.id,
      serviceDate: date,
      startTime: '09:00',
      durationMinutes: 120,
      flatRateCents: 15000,
    });
    const b = await newJob(t, {
      teamId: team.id,
      serviceDate: date,
      startTime: '13:00',
      durationMinutes: 90,
      flatRateCents: 11000,
    });
    // An edit of the price, the team and the date of a job.
    await call('/job/modify', await modifyBody(t, a.id, { flatRateCents: 17500, teamId: other.id, serviceDate: freshDate() }));
    // State changes: completed, cancelled, scheduled from the tray.
    await onBusinessDay(date, () => setState(b, { status: 'completed', actualMinutes: 95 }));
    const c = await newJob(t, { teamId: team.id, serviceDate: date, startTime: '15:00', durationMinutes: 60 });
    await setState(c, { status: 'cancelled', reason: 'customer_request' });
    await setState(undated, { status: 'scheduled', teamId: team.id, serviceDate: date, startTime: '07:00' });
    // Board moves: a job placed from the tray, then moved to another team and day.
    const placed = await placedJob(t, { teamId: team.id, date, startTime: '11:00' }, { flatRateCents: 8000 });
    const schedulerToken = await t.loginAs('scheduler');
    await call(
      '/jhSchedule/moveJob',
      { id: placed.id, version: placed.version, teamId: other.id, date: freshDate(), startTime: '10:00' },
      schedulerToken,
    );
    // Plan generation makes a series of jobs in one statement.
    const plan = await addPlan(t, token);
    const [generated] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jobs where plan_id = ${plan.id}`);
    expect(generated!.n).toBeGreaterThan(0);
    // A bulk statement outside any service.
    await t.db.execute(sql`update jobs set duration_minutes = duration_minutes + 5 where plan_id = ${plan.id}`);

    const after = await totalsAndRecount();
    expect(after.kept).toEqual(after.recount);
    expect(after.kept).not.toEqual(before.kept);
  });

  it('adds nothing for an undated job, nor for an update rolled back', async () => {
    const before = await totalsAndRecount();
    await newJob(t, {});
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update jobs set subtotal_cents = subtotal_cents + 100 where service_date is not null`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const after = await totalsAndRecount();
    expect(after.kept).toEqual(before.kept);
    expect(after.kept).toEqual(after.recount);
  });
  it('stays exact when jobs of one team-day are written at once (on PostgreSQL, in parallel)', async () => {
    const date = freshDate();
    const team = await activeTeam(t);
    const starts = ['07:00', '08:30', '10:00', '11:30', '13:00', '14:30'];
    await Promise.all(
      starts.map((startTime) =>
        newJob(t, { teamId: team.id, serviceDate: date, startTime, durationMinutes: 60, flatRateCents: 10000 }),
      ),
    );
    const { kept, recount } = await totalsAndRecount();
    expect(kept).toEqual(recount);
    expect(kept.find((line) => line.startsWith(`${date}|${team.id}|scheduled|`))).toMatch(/\|6\|360\|/);
  });
});

describe('/dashboard/query', () => {
  it('answers the Job List figures of the day, per status, day and team, with the goals of its team-days', async () => {
    const date = freshDate();
    const team = await activeTeam(t);
    const other = await activeTeam(t, 1);
    const one = await jobAt(team.id, date, '09:00', 120, 20000);
    await jobAt(other.id, date, '09:00', 90, 12000);
    const cancelled = await jobAt(other.id, date, '14:00', 60, 5000);
    await setState(cancelled, { status: 'cancelled', reason: 'customer_request' });
    await onBusinessDay(date, () => setState(one, { status: 'completed', actualMinutes: 110 }));

    const answer = await query({ dateFrom: date, dateTo: date });
    const list = await call<JobListResponse>('/job/queryList', {
      pageNum: 1,
      pageSize: 20,
      dateFrom: date,
      dateTo: date,
      statuses: [...DASHBOARD_COUNTED_STATUSES],
    });
    const jobs = answer.jobs!;
    expect(list.totals).not.toBeNull();
    expect(jobs.totals).toMatchObject({
      jobs: list.totals!.jobs,
      cleanMinutes: list.totals!.inHomeMinutes,
      revenueCents: list.totals!.revenueCents,
    });
    expect(jobs.totals.jobs).toBe(2);
    expect(jobs.totals.averageJobCents).toBe(Math.round(jobs.totals.revenueCents / 2));
    expect(jobs.totals.revenuePerCleanHourCents).toBe(Math.round((jobs.totals.revenueCents * 60) / jobs.totals.cleanMinutes));
    expect(jobs.byStatus.find((s) => s.status === 'cancelled')!.jobs).toBe(1);
    expect(jobs.byStatus.find((s) => s.status === 'completed')!.jobs).toBe(1);
    expect(jobs.byStatus.find((s) => s.status === 'scheduled')!.jobs).toBe(1);
    // Two teams worked the day: the goal is two team-days.
    expect(jobs.totals.cleanMinutesGoal).toBe(2 * answer.goals.dailyCleanMinutesGoal);
    expect(jobs.totals.revenueGoalCents).toBe(2 * answer.goals.dailyRevenueGoalCents);
    expect(jobs.days).toEqual([expect.objectContaining({ date, jobs: 2, cleanMinutes: jobs.totals.cleanMinutes })]);
    expect(jobs.teams.map((x) => x.teamId).sort()).toEqual([team.id, other.id].sort());
    const ofTeam = jobs.teams.find((x) => x.teamId === team.id)!;
    expect(ofTeam).toMatchObject({ jobs: 1, cleanMinutes: 120, cleanMinutesGoal: answer.goals.dailyCleanMinutesGoal });
  });

  it('counts a team-day once for its goal when the team has jobs of two counted statuses that day', async () => {
    const date = freshDate();
    const team = await activeTeam(t, 2);
    const done = await jobAt(team.id, date, '08:00', 60, 8000);
    await jobAt(team.id, date, '13:00', 30, 4000);
    await onBusinessDay(date, () => setState(done, { status: 'completed', actualMinutes: 60 }));
    const answer = await query({ dateFrom: date, dateTo: date });
    const jobs = answer.jobs!;
    expect(
      jobs.byStatus
        .filter((s) => s.jobs > 0)
        .map((s) => s.status)
        .sort(),
    ).toEqual(['completed', 'scheduled']);
    const ofTeam = jobs.teams.find((x) => x.teamId === team.id)!;
    expect(ofTeam).toMatchObject({
      jobs: 2,
      cleanMinutes: 90,
      revenueCents: 12_000,
      cleanMinutesGoal: answer.goals.dailyCleanMinutesGoal,
    });
    expect(jobs.days[0]).toMatchObject({ date, jobs: 2, revenueGoalCents: answer.goals.dailyRevenueGoalCents });
    expect(jobs.totals.revenueGoalCents).toBe(answer.goals.dailyRevenueGoalCents);
  });

  it('answers today without dates, and every day of a range', async () => {
    const today = await query({});
    expect(today.dateFrom).toBe(today.today);
    expect(today.dateTo).toBe(today.today);
    const from = freshDate();
    const week = await query({ dateFrom: from, dateTo: freshDate() });
    expect(week.jobs!.days.map((d) => d.date)).toHaveLength(4);
    expect(week.jobs!.days[0]!.date).toBe(from);
  });

  it('refuses a range longer than 93 days, naming the end date', async () => {
    const result = await t.call('/dashboard/query', {
      token,
      body: { dateFrom: '2027-01-01', dateTo: '2027-06-01' },
      locale: 'en',
    });
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(result.message).toBe('End date must be at most 93 days after the start date');
  });

  it('omits each section whose screen the role cannot open', async () => {
    const sections = (r: DashboardResponse) =>
      (['jobs', 'quotes', 'cards', 'reminders', 'followUps', 'leave', 'outages'] as const).filter((k) => r[k] !== undefined);
    expect(sections(await query({}))).toEqual(['jobs', 'quotes', 'cards', 'reminders', 'followUps', 'leave', 'outages']);
    const sales = await query({}, await t.loginAs('sales'));
    expect(sections(sales)).toEqual(['quotes', 'followUps']);
    const scheduler = await query({}, await t.loginAs('scheduler'));
    expect(sections(scheduler)).toEqual(['jobs', 'reminders', 'followUps', 'leave', 'outages']);
  });

  it('counts the quotes of the range and their conversion', async () => {
    const date = (await query({})).today;
    const [row] = await queryRows<{ total: number; sold: number }>(
      t.db,
      sql`select count(*)::int as total, (count(*) filter (where status = 'sold'))::int as sold from quotes where quote_date = ${date}`,
    );
    const quotes = (await query({ dateFrom: date, dateTo: date })).quotes!;
    expect(quotes.total).toBe(row!.total);
    expect(quotes.sold).toBe(row!.sold);
    expect(quotes.conversionBps).toBe(row!.total ? Math.round((row!.sold * 10_000) / row!.total) : null);
  });
});
