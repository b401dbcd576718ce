import type { EndpointCase } from '../../../../test/endpoints';
import { boardTeam, freshDate, placedJob } from './board.fixtures';

const BOARD = '/service/schedule';

/** A team's fresh day with two jobs (the current order: 09:00, then 11:00). */
async function teamDay(t: Parameters<typeof placedJob>[0]) {
  const team = await boardTeam(t);
  const date = freshDate();
  const first = await placedJob(t, { teamId: team.id, date, startTime: '09:00' });
  const second = await placedJob(t, { teamId: team.id, date, startTime: '11:00' });
  return { teamId: team.id, date, jobs: [first, second].map((j) => ({ id: j.id, version: j.version })) };
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/jhSchedule/suggestOrder',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: async (t) => {
      const { teamId, date } = await teamDay(t);
      return { teamId, date };
    },
    badBodies: [{}, { teamId: 1 }, { teamId: 0, date: '2031-01-05' }, { teamId: 1, date: '2031-02-30' }],
  },
  {
    path: '/jhSchedule/applyOrder',
    permission: BOARD,
    deniedRole: 'sales',
    validBody: teamDay,
    badBodies: [
      {},
      { teamId: 1, date: '2031-01-05', jobs: [] },
      { teamId: 1, date: '2031-01-05', jobs: [{ id: 1 }] },
      { teamId: 1, date: 'tomorrow', jobs: [{ id: 1, version: 1 }] },
    ],
  },
];
