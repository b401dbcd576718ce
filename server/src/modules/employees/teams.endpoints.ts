import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import { daysFromToday, outagesOf, teamOf, userIdOf } from './test-support';

const TEAMS = '/employee/teambuilding';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/ygTeam/queryList',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: () => ({ active: true }),
    badBodies: [{ pageSize: 0 }, { zoneId: 'x' }],
  },
  {
    path: '/ygTeam/detail',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await teamOf(t, 'Team Ocean')).id }),
    badBodies: [{}, { id: 'x' }],
  },
  { path: '/ygTeam/options', permission: AUTHENTICATED, badBodies: [] },
  { path: '/ygTeam/board', permission: TEAMS, deniedRole: 'sales', badBodies: [] },
  {
    path: '/ygTeam/add',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: () => ({ name: 'Team Harbor', color: '#13c2c2', vehicle: 'Ford Transit 3JKL902' }),
    badBodies: [
      {},
      { name: '', color: '#ffffff' },
      { name: 'Team Red', color: 'red' },
      { name: 'Team Red', color: '#ff0000', textColor: '#fff' },
      { name: 'Team Red', color: '#ff0000', defaultZoneId: 0 },
    ],
  },
  {
    path: '/ygTeam/modify',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => {
      const team = await teamOf(t, 'Team Ocean');
      return { id: team.id, version: team.version, vehicle: 'Toyota Sienna 8CDE114' };
    },
    badBodies: [{}, { id: 1, version: 1, color: 'blue' }, { id: 1, version: 1, name: '' }],
  },
  {
    path: '/ygTeam/updateState',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await teamOf(t, 'Team Evergreen')).id, active: true }),
    badBodies: [{}, { id: 1, active: 'no' }],
  },
  {
    path: '/ygTeam/remove',
    permission: TEAMS,
    deniedRole: 'sales',
    // The disbanded team has no members.
    validBody: async (t) => {
      const team = await teamOf(t, 'Team Evergreen');
      return { id: team.id, version: team.version };
    },
    badBodies: [{}, { id: 1 }],
  },
  {
    path: '/ygTeam/addOutage',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => ({
      teamId: (await teamOf(t, 'Team Coral')).id,
      startDate: daysFromToday(60),
      endDate: daysFromToday(61),
      reason: 'Team holiday',
    }),
    badBodies: [
      {},
      { teamId: 1, startDate: '2027-01-05', endDate: '2027-01-04', reason: 'x' },
      { teamId: 1, startDate: '2027-01-05', endDate: '2027-01-05', reason: '' },
      { teamId: 1, startDate: '2027-02-30', endDate: '2027-03-01', reason: 'x' },
    ],
  },
  {
    path: '/ygTeam/removeOutage',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await outagesOf(t, 'Team Ocean'))[0]!.id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/ygTeam/changeTeam',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => ({
      userId: await userIdOf(t, 'elena.castillo'),
      toTeamId: (await teamOf(t, 'Team Redwood')).id,
    }),
    badBodies: [{}, { userId: 'x', toTeamId: 1 }, { userId: 1 }, { userId: 1, toTeamId: 0 }],
  },
  {
    path: '/ygTeam/setLeader',
    permission: TEAMS,
    deniedRole: 'sales',
    validBody: async (t) => ({ teamId: (await teamOf(t, 'Team Forest')).id, userId: await userIdOf(t, 'sofia.ramirez') }),
    badBodies: [{}, { teamId: 1 }, { teamId: 'x', userId: 1 }],
  },
];
