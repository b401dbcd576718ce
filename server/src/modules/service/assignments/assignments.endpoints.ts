import type { EndpointCase } from '../../../../test/endpoints';
import { daysFromToday, teamOf, userIdOf } from '../../employees/test-support';

const DAILY = '/employee/dailyallocation';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/jhSchedule/queryAssignments',
    permission: DAILY,
    deniedRole: 'sales',
    validBody: () => ({ serviceDate: daysFromToday(1) }),
    badBodies: [{}, { serviceDate: '' }, { serviceDate: '2027-02-30' }, { serviceDate: 'tomorrow' }],
  },
  {
    path: '/jhSchedule/assignmentsStamp',
    permission: DAILY,
    deniedRole: 'sales',
    validBody: () => ({ serviceDate: daysFromToday(1) }),
    badBodies: [{}, { serviceDate: '2027-02-30' }, { serviceDate: 20270301 }],
  },
  {
    path: '/jhSchedule/updateBoard',
    permission: DAILY,
    deniedRole: 'sales',
    validBody: async (t) => ({
      serviceDate: daysFromToday(2),
      version: 0,
      moves: [{ userId: await userIdOf(t, 'elena.castillo'), teamId: (await teamOf(t, 'Team Ocean')).id }],
    }),
    badBodies: [
      {},
      { serviceDate: '2027-03-01', version: 0 },
      { serviceDate: '2027-03-01', version: -1, moves: [{ userId: 1, teamId: 1 }] },
      { serviceDate: '2027-03-01', version: 0, moves: [{ userId: 'x', teamId: 1 }] },
      { serviceDate: '2027-03-01', version: 0, moves: [{ userId: 1, teamId: 0 }] },
      {
        serviceDate: '2027-03-01',
        version: 0,
        moves: [
          { userId: 1, teamId: 1 },
          { userId: 1, teamId: 2 },
        ],
      },
      { serviceDate: '2027-03-01', version: 0, leaders: [{ userId: 1 }] },
    ],
  },
  {
    path: '/jhSchedule/copyAssignments',
    permission: DAILY,
    deniedRole: 'sales',
    validBody: () => ({ serviceDate: daysFromToday(5), version: 0 }),
    badBodies: [{}, { serviceDate: '2027-03-01' }, { serviceDate: '2027-13-01', version: 0 }],
  },
];
