import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  type BoardDay,
  type BoardMoveResult,
  type CausedConflicts,
  Code,
  type PlanChangePreview,
  type PlanSaved,
} from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { boardTeam, freshDate, placedJob, trayJob } from '../board/board.fixtures';
import { generateDuePlans } from '../plans/generation';
import { addPlan, planBody, planJobs } from '../plans/plans.fixtures';
import { servicePlans } from '../plans/plans.tables';
import { conflictsBetween } from './conflicts.query';

/** Every write that places people or jobs answers the conflicts it caused (issue 20). */

let t: TestApp;
let scheduler: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.loginAs('scheduler');
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const planRow = async (id: number) => (await t.db.select().from(servicePlans).where(eq(servicePlans.id, id)))[0]!;
const board = async (date: string) =>
  (await t.call<BoardDay>('/jhSchedule/queryBoard', { token: scheduler, body: { date } })).data;
const firstMember = async (teamId: number) =>
  (
    await queryRows<{ userId: number }>(
      t.db,
      sql`select m.user_id as "userId" from team_members m join sys_users u on u.id = m.user_id
          where m.team_id = ${teamId} and u.deleted_at is null and u.account_status = 'normal' and u.status <> 'terminated'
          order by u.id limit 1`,
    )
  )[0]!.userId;

describe('the demo', () => {
  it('has a few flagged conflicts: its plans overlap on Team Sunshine, and the board lists it', async () => {
    const from = await businessToday(t.db);
    const found = await conflictsBetween(t.db, from, addDays(from, 27));
    const overlaps = found.conflicts.filter((c) => c.kind === 'jobOverlap');
    expect(overlaps.length).toBeGreaterThanOrEqual(3);
    const sunshine = overlaps.find((c) => found.names.teams.get(c.teamId) === 'Team Sunshine')!;
    expect(sunshine).toBeTruthy();
    expect((await board(sunshine.date)).conflicts.map((c) => c.key)).toContain(sunshine.key);
  });
});

describe('leave over a job', () => {
  it('saves and lists the job it touches; the board lists the same conflict', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const job = await placedJob(t, { teamId: team.id, date, startTime: '13:00' });
    const userId = await firstMember(team.id);
    const saved = await t.call<{ id: number } & CausedConflicts>('/sysUserLeave/add', {
      token: office,
      body: { userId, startDate: date, endDate: date, allDay: false, startTime: '12:00', endTime: '16:00', reason: 'Doctor' },
    });
    expect(saved.code).toBe(Code.OK);
    expect(saved.data.conflicts).toHaveLength(1);
    const [reference] = await queryRows<{ reference: string }>(t.db, sql`select reference from jobs where id = ${job.id}`);
    expect(saved.data.conflicts[0]).toMatchObject({ kind: 'memberOnLeave', jobIds: [job.id], userId, date });
    expect(saved.data.conflicts[0]!.message).toContain(reference!.reference);
    expect(saved.data.conflicts[0]!.message).toContain('12:00–16:00');
    const day = await board(date);
    expect(day.conflicts.map((c) => c.key)).toContain(`memberOnLeave:${userId}:${job.id}`);

    // A leave that misses the job causes nothing.
    const other = await firstMember((await boardTeam(t, 1)).id);
    const quiet = await t.call<CausedConflicts>('/sysUserLeave/add', {
      token: office,
      body: { userId: other, startDate: date, endDate: date, allDay: true, reason: 'Trip' },
    });
    expect(quiet.code).toBe(Code.OK);
    expect(quiet.data.conflicts.filter((c) => c.jobIds.includes(job.id))).toEqual([]);
  });
});

describe('the printed schedule', () => {
  it('names the member away part of the day and the job the leave touches', async () => {
    const team = await boardTeam(t, 2);
    const date = freshDate();
    const job = await placedJob(t, { teamId: team.id, date, startTime: '13:00' });
    const userId = await firstMember(team.id);
    const leave = await t.call('/sysUserLeave/add', {
      token: office,
      body: { userId, startDate: date, endDate: date, allDay: false, startTime: '12:00', endTime: '16:00', reason: 'Doctor' },
    });
    expect(leave.code).toBe(Code.OK);
    const pdf = await t.call('/derive/dayDerive', { method: 'GET', token: scheduler, body: { date }, locale: 'en' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conflict-pdf-')), 'day.pdf');
    fs.writeFileSync(file, pdf.data as Buffer);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const [row] = await queryRows<{ reference: string; name: string }>(
      t.db,
      sql`select j.reference, u.name from jobs j, sys_users u where j.id = ${job.id} and u.id = ${userId}`,
    );
    expect(text).toContain(`${row!.name} (on leave 12:00–16:00)`);
    expect(text).toMatch(new RegExp(`is on leave \\(12:00–16:00\\) during job ${row!.reference}`));
  });
});

describe('board moves', () => {
  it('a move beyond the arrival window saves and answers the conflict, in the caller language', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    const job = await trayJob(t, { windowStart: '09:00', windowEnd: '10:00' });
    const moved = await t.call<BoardMoveResult>('/jhSchedule/moveJob', {
      token: scheduler,
      body: { id: job.id, version: job.version, teamId: team.id, date, startTime: '11:00' },
      locale: 'zh',
    });
    expect(moved.code).toBe(Code.OK);
    expect(moved.data.conflicts.map((c) => c.key)).toEqual([`beyondArrivalWindow:${job.id}`]);
    expect(moved.data.conflicts[0]!.message).toContain('到达时段');
    // Back inside the window: nothing new is caused, and the board lists nothing for it.
    const back = await t.call<BoardMoveResult>('/jhSchedule/moveJob', {
      token: scheduler,
      body: { id: job.id, version: moved.data.version, teamId: team.id, date, startTime: '09:30' },
    });
    expect(back.data.conflicts).toEqual([]);
    expect((await board(date)).conflicts.filter((c) => c.jobIds.includes(job.id))).toEqual([]);
  });

  it('a manual overlap is still refused and leaves the board without a conflict', async () => {
    const team = await boardTeam(t);
    const date = freshDate();
    await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
    const job = await trayJob(t);
    const refused = await t.call('/jhSchedule/moveJob', {
      token: scheduler,
      body: { id: job.id, version: job.version, teamId: team.id, date, startTime: '09:00' },
    });
    expect(refused.code).toBe(Code.REFUSED);
    expect((await board(date)).conflicts).toEqual([]);
  });
});

describe('plan generation', () => {
  it('a plan whose visits land on another plan’s saves them and lists each overlap', async () => {
    const window = { windowStart: '06:15', windowEnd: '06:30' };
    const first = await addPlan(t, office, window);
    expect(first.jobsCreated).toBeGreaterThan(0);
    const second = await t.call<PlanSaved & CausedConflicts>('/servicePlan/add', {
      token: office,
      body: await planBody(t, window),
    });
    expect(second.code).toBe(Code.OK);
    const overlaps = second.data.conflicts.filter((c) => c.kind === 'jobOverlap');
    // Weekly on the same day, team and time: every visit of the new plan meets one of the first.
    const visits = (await planJobs(t, second.data.id)).filter((j) => j.status === 'scheduled');
    expect(visits.length).toBeGreaterThan(0);
    for (const visit of visits) expect(overlaps.some((c) => c.jobIds.includes(visit.id))).toBe(true);
    expect(overlaps[0]!.message).toMatch(/overlaps/);
    // Starting before business hours is listed too, once per new visit.
    const early = second.data.conflicts.filter((c) => c.kind === 'outsideTeamHours');
    expect(early.map((c) => c.jobIds[0]).sort()).toEqual(visits.map((j) => j.id).sort());
  });

  it('a plan change previews the overlaps it would cause, writing nothing, and applying causes the same', async () => {
    const first = await addPlan(t, office, { windowStart: '17:00', windowEnd: '17:15' });
    const second = await addPlan(t, office, { windowStart: '15:00', windowEnd: '15:15' });
    const [visit] = (await planJobs(t, second.id)).filter((j) => j.status === 'scheduled');
    const body = {
      ...(await planBody(t, { windowStart: '17:00', windowEnd: '17:15' })),
      id: second.id,
      version: (await planRow(second.id)).version,
      fromDate: visit!.occurrenceDate,
    };
    const before = await t.fingerprint();
    const preview = await t.call<PlanChangePreview & CausedConflicts>('/servicePlan/previewChange', { token: office, body });
    expect(preview.code).toBe(Code.OK);
    expect(await t.fingerprint()).toBe(before);
    const firstVisits = new Set((await planJobs(t, first.id)).map((j) => j.id));
    const overlaps = preview.data.conflicts.filter((c) => c.kind === 'jobOverlap');
    expect(overlaps.length).toBeGreaterThan(0);
    expect(overlaps.every((c) => c.jobIds.some((id) => firstVisits.has(id)))).toBe(true);
    const applied = await t.call<CausedConflicts>('/servicePlan/applyChange', { token: office, body });
    expect(applied.code).toBe(Code.OK);
    expect(applied.data.conflicts.map((c) => c.key).sort()).toEqual(preview.data.conflicts.map((c) => c.key).sort());
  });

  it('generation over 12 weeks of the demo plans reports every overlap it makes', async () => {
    const from = '2031-06-02';
    // The demo plans as if generated up to the day before: the run makes exactly 12 weeks of jobs.
    await t.db.execute(sql`update service_plans set generated_until = ${addDays(from, -1)} where status = 'used'`);
    const before = await conflictsBetween(t.db, from, addDays(from, 12 * 7));
    expect(before.conflicts).toEqual([]);
    const run = await generateDuePlans(t.db, { horizonWeeks: 12, today: from });
    expect(run.jobs).toBeGreaterThan(0);
    const after = await conflictsBetween(t.db, from, addDays(from, 12 * 7));
    const overlaps = after.conflicts.filter((c) => c.kind === 'jobOverlap').map((c) => c.key);
    expect(overlaps.length).toBeGreaterThan(0);
    expect(run.conflicts.map((c) => c.key).sort()).toEqual(after.conflicts.map((c) => c.key).sort());
  });
});
