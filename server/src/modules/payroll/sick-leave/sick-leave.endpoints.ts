import type { EndpointCase } from '../../../../test/endpoints';
import { userIdOf } from '../../employees/test-support';

const WAGES = '/employee/wages';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/sickLeave/balance',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez'), date: '2026-03-04' }),
    badBodies: [{}, { userId: 'x' }, { userId: 1, date: '2026-02-30' }, { userId: 0 }],
  },
];
