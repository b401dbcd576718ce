import {
  addDays,
  type ChangeLogEntry,
  Code,
  type TaskDetail,
  type TaskListItem,
  type TaskOccurrence,
  type TaskSaved,
} from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { teamOf } from '../../employees/test-support';
import { inDays, taskBody } from '../plans/plans.fixtures';

let t: TestApp;
let scheduler: string;
beforeAll(async () => {
  t = await createTestApp();
  scheduler = await t.loginAs('scheduler');
});
afterAll(() => t.close());

const call = <T>(path: string, body: unknown, locale: 'en' | 'zh' = 'en') => t.call<T>(path, { token: scheduler, body, locale });
type Issues = { issues: { field: string; message: string }[] };

describe('tasks', () => {
  it("answers the spec's messages for a missing name, start date and team, in both languages, changing nothing", async () => {
    const before = await t.fingerprint();
    const result = await call<Issues>('/task/add', { frequency: 'weekly', teamIds: [], durationMinutes: 30, name: '  ' });
    expect(result.code).toBe(Code.INVALID_INPUT);
    const byField = Object.fromEntries(result.data.issues.map((i) => [i.field, i.message]));
    expect(byField).toMatchObject({
      name: 'task name is required',
      startDate: 'start date is required',
      teamIds: 'team is required',
    });
    const zh = await call<Issues>('/task/add', { frequency: 'weekly', durationMinutes: 30 }, 'zh');
    expect(zh.data.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['开始日期为必填项', '团队为必填项']));
    expect(await t.fingerprint()).toBe(before);
  });

  it('refuses a team that does not exist or is inactive, naming teamIds', async () => {
    const evergreen = await teamOf(t, 'Team Evergreen');
    const result = await call<Issues>('/task/add', await taskBody(t, { teamIds: [evergreen.id] }));
    expect(result.code).toBe(Code.INVALID_INPUT);
    expect(result.data.issues[0]!.field).toBe('teamIds');
  });

  it('adds, lists, details and modifies a task; every change is in its change log', async () => {
    const added = await call<TaskSaved>(
      '/task/add',
      await taskBody(t, { name: 'Supply run', frequency: 'biweekly', startDate: inDays(3) }),
    );
    expect(added.data.reference).toMatch(/^T-\d{4}-\d{4,}$/);
    const detail = await call<TaskDetail>('/task/detail', { id: added.data.id });
    expect(detail.data).toMatchObject({
      name: 'Supply run',
      startTime: '07:30',
      durationMinutes: 30,
      status: 'active',
      nextDate: inDays(3),
    });
    expect(detail.data.teams.map((x) => x.name).sort()).toEqual(['Team Coral', 'Team Ocean']);
    expect(detail.data.upcoming.slice(0, 3)).toEqual([inDays(3), inDays(17), inDays(31)]);

    const coral = await teamOf(t, 'Team Coral');
    const list = await call<{ list: TaskListItem[]; total: number }>('/task/queryList', { keyword: 'Supply', teamId: coral.id });
    expect(list.data.list.map((x) => x.id)).toContain(added.data.id);

    const modified = await call<TaskSaved>('/task/modify', {
      id: added.data.id,
      version: added.data.version,
      ...(await taskBody(t, { name: 'Supply run (Costco)', teamIds: [coral.id], startDate: inDays(3), frequency: 'monthly' })),
    });
    expect(modified.data.version).toBe(2);
    const stale = await call('/task/modify', { id: added.data.id, version: 1, ...(await taskBody(t)) });
    expect(stale.code).toBe(Code.CONFLICT);
    const off = await call<TaskSaved>('/task/updateState', { id: added.data.id, active: false });
    expect(off.code).toBe(Code.OK);
    const history = await call<{ list: ChangeLogEntry[] }>('/task/history', { id: added.data.id });
    expect(history.data.list.map((e) => e.action)).toEqual(['deactivateTask', 'modifyTask', 'addTask']);
    const ocean = await teamOf(t, 'Team Ocean');
    expect(history.data.list[1]!.changes.teamIds).toEqual({ from: [ocean.id, coral.id].sort((a, b) => a - b), to: [coral.id] });
    const removed = await call('/task/remove', { id: added.data.id, version: off.data.version });
    expect(removed.code).toBe(Code.OK);
    expect((await call('/task/detail', { id: added.data.id })).code).toBe(Code.NOT_FOUND);
  });

  it('lists the occurrences of active tasks for a date range and teams, for the schedule board', async () => {
    const ocean = await teamOf(t, 'Team Ocean');
    const forest = await teamOf(t, 'Team Forest');
    const weekly = await call<TaskSaved>(
      '/task/add',
      await taskBody(t, { name: 'Board check A', teamIds: [forest.id], startDate: inDays(1) }),
    );
    const once = await call<TaskSaved>(
      '/task/add',
      await taskBody(t, {
        name: 'Board check B',
        teamIds: [forest.id, ocean.id],
        startDate: inDays(2),
        frequency: 'one_time',
        startTime: null,
      }),
    );
    const inactive = await call<TaskSaved>(
      '/task/add',
      await taskBody(t, { name: 'Board check C', teamIds: [forest.id], startDate: inDays(1) }),
    );
    await call('/task/updateState', { id: inactive.data.id, active: false });

    const result = await call<TaskOccurrence[]>('/task/occurrences', {
      dateFrom: inDays(0),
      dateTo: inDays(20),
      teamIds: [forest.id],
    });
    const mine = result.data.filter((o) => [weekly.data.id, once.data.id, inactive.data.id].includes(o.taskId));
    expect(mine.map((o) => [o.name, o.date])).toEqual([
      ['Board check A', inDays(1)],
      ['Board check B', inDays(2)],
      ['Board check A', inDays(8)],
      ['Board check A', inDays(15)],
    ]);
    expect(mine[1]).toMatchObject({ startTime: null, teamIds: expect.arrayContaining([forest.id, ocean.id]) });
    // Another team's filter leaves the Forest-only task out.
    const other = await call<TaskOccurrence[]>('/task/occurrences', {
      dateFrom: inDays(0),
      dateTo: addDays(inDays(0), 20),
      teamIds: [ocean.id],
    });
    expect(other.data.some((o) => o.taskId === weekly.data.id)).toBe(false);
    expect(other.data.some((o) => o.taskId === once.data.id)).toBe(true);
  });
});
