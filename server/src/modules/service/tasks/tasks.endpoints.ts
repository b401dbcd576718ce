import type { TaskSaved } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../../test/endpoints';
import { inDays, taskBody } from '../plans/plans.fixtures';

const TASKS = '/service/tasklist';

const freshTask = async (t: Parameters<NonNullable<EndpointCase['validBody']>>[0]) => {
  const token = await t.loginAs('office_manager');
  return (await t.call<TaskSaved>('/task/add', { token, body: await taskBody(t) })).data;
};

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/task/queryList',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: () => ({ status: 'active' }),
    badBodies: [{ pageSize: 500 }, { status: 'done' }],
  },
  {
    path: '/task/detail',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await freshTask(t)).id }),
    badBodies: [{}, { id: -1 }],
  },
  {
    path: '/task/history',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await freshTask(t)).id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/task/occurrences',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: () => ({ dateFrom: inDays(0), dateTo: inDays(13) }),
    badBodies: [{}, { dateFrom: inDays(5), dateTo: inDays(1) }, { dateFrom: inDays(0), dateTo: inDays(200) }],
  },
  {
    path: '/task/add',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: (t) => taskBody(t),
    badBodies: [
      {},
      { frequency: 'weekly', teamIds: [1], startDate: '2027-02-03', durationMinutes: 30 },
      { name: 'Supply run', frequency: 'weekly', teamIds: [], startDate: '2027-02-03', durationMinutes: 30 },
      { name: 'Supply run', frequency: 'weekly', teamIds: [1], durationMinutes: 30 },
      { name: 'Supply run', frequency: 'weekly', teamIds: [1], startDate: '2027-02-03', durationMinutes: 0 },
      { name: 'Supply run', frequency: 'weekly', teamIds: [999999], startDate: '2027-02-03', durationMinutes: 30 },
    ],
  },
  {
    path: '/task/modify',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const task = await freshTask(t);
      return { id: task.id, version: task.version, ...(await taskBody(t, { name: 'Vehicle and supplies check' })) };
    },
    badBodies: [{}, { id: 1, version: 1, name: '' }],
  },
  {
    path: '/task/updateState',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await freshTask(t)).id, active: false }),
    badBodies: [{}, { id: 1, active: 'no' }],
  },
  {
    path: '/task/remove',
    permission: TASKS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const task = await freshTask(t);
      return { id: task.id, version: task.version };
    },
    badBodies: [{}, { id: 1 }],
  },
];
