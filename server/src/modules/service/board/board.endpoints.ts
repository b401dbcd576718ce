import type { EndpointCase } from '../../../../test/endpoints';
import { jobIn } from '../jobs/jobs.fixtures';
import { boardTeam, freshDate, placedJob, trayJob } from './board.fixtures';

const BOARD = '/service/schedule';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/jhSchedule/queryBoard',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: () => ({ date: '2026-12-01' }),
    badBodies: [{}, { date: '2026-13-01' }, { date: 20261201 }],
  },
  {
    path: '/jhSchedule/queryWeek',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: () => ({ date: '2026-12-01' }),
    badBodies: [{}, { date: 'monday' }],
  },
  {
    path: '/jhSchedule/boardStamp',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: () => ({ date: '2026-12-01' }),
    badBodies: [{}, { date: '2026-02-30' }],
  },
  {
    path: '/jhSchedule/moveJob',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: async (t) => {
      const job = await trayJob(t);
      return { id: job.id, version: job.version, teamId: (await boardTeam(t)).id, date: freshDate(), startTime: '09:00' };
    },
    badBodies: [
      {},
      { id: 1, version: 1, teamId: 1, date: '2031-01-05', startTime: '9am' },
      { id: 1, version: 1, teamId: 0, date: '2031-01-05', startTime: '09:00' },
      { id: 1, version: 1, teamId: 1, date: '2031-01-05' },
    ],
  },
  {
    path: '/jhSchedule/unassignJob',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: async (t) => {
      const job = await placedJob(t, { teamId: (await boardTeam(t)).id, date: freshDate(), startTime: '10:00' });
      return { id: job.id, version: job.version };
    },
    badBodies: [{}, { id: 1 }, { id: 1, version: 0 }],
  },
  {
    path: '/jhSchedule/notifyOnTheWay',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await jobIn(t, 'scheduled')).id }),
    badBodies: [{}, { id: 0 }, { id: 'x' }],
  },
  {
    path: '/jhSchedule/resizeJob',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: async (t) => {
      const job = await placedJob(t, { teamId: (await boardTeam(t)).id, date: freshDate(), startTime: '11:00' });
      return { id: job.id, version: job.version, durationMinutes: 60 };
    },
    badBodies: [{}, { id: 1, version: 1, durationMinutes: 20 }, { id: 1, version: 1, durationMinutes: 0 }],
  },
];
