import { type ChangeLogEntry, Code, type JobDetail, type TaskSaved } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { activeTeam, modifyBody, newJob } from './jobs/jobs.fixtures';
import { addPlan, taskBody } from './plans/plans.fixtures';

/** Issue 9: the change logs of jobs, plans and tasks read in the viewer's language, from the entries' facts. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.sessionAs('super_admin');
});
afterAll(() => t.close());

const call = async <T>(path: string, body: unknown, locale: 'en' | 'zh' = 'en') => {
  const result = await t.call<T>(path, { token: admin, body, locale });
  expect(result.code, result.message).toBe(Code.OK);
  return result.data;
};

describe('service change logs in both languages', () => {
  it("a job's change log: added, modified (the fields), scheduled, in English and Chinese", async () => {
    const job = await newJob(t, {}, admin);
    const modified = await call<{ version: number }>(
      '/job/modify',
      await modifyBody(t, job.id, { notes: 'Side gate code changed' }),
    );
    const team = await activeTeam(t);
    await call('/job/updateState', {
      id: job.id,
      version: modified.version,
      status: 'scheduled',
      teamId: team.id,
      serviceDate: '2026-12-03',
      startTime: '09:00',
    });
    const en = (await call<JobDetail>('/job/detail', { id: job.id })).changes.map((c) => c.summary);
    expect(en).toEqual([
      `Job ${job.reference}: unscheduled → scheduled`,
      `Modified job ${job.reference}: Notes`,
      `Added job ${job.reference} (unscheduled)`,
    ]);
    const zh = (await call<JobDetail>('/job/detail', { id: job.id }, 'zh')).changes.map((c) => c.summary);
    expect(zh[0]).toBe(`工单 ${job.reference}：未排期 → 已排期`);
    expect(zh[1]).toMatch(new RegExp(`^修改了工单 ${job.reference}：`));
    expect(zh[2]).toBe(`新增工单 ${job.reference}（未排期）`);
  });

  it("a task's and a plan's change logs", async () => {
    const task = await call<TaskSaved>('/task/add', await taskBody(t, { name: 'Van wash' }));
    await call('/task/updateState', { id: task.id, active: false });
    const zh = await call<{ list: ChangeLogEntry[] }>('/task/history', { id: task.id }, 'zh');
    expect(zh.list.map((e) => e.summary)).toEqual([
      `停用了任务 ${task.reference} Van wash`,
      expect.stringMatching(`^新增任务 ${task.reference} Van wash`),
    ]);
    const en = await call<{ list: ChangeLogEntry[] }>('/task/history', { id: task.id });
    expect(en.list[0]!.summary).toBe(`Deactivated task ${task.reference} Van wash`);

    const plan = await addPlan(t, admin);
    const planLog = await call<{ list: ChangeLogEntry[] }>('/servicePlan/history', { id: plan.id }, 'zh');
    expect(planLog.list[0]!.summary).toMatch(new RegExp(`^新增服务计划 ${plan.reference}（.*生成工单 ${plan.jobsCreated} 个$`));
  });
});
