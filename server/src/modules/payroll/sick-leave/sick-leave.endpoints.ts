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
  { path: '/sickLeave/settings', permission: WAGES, deniedRole: 'scheduler', badBodies: [] },
  {
    path: '/sickLeave/updateSettings',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const token = await t.sessionAs('super_admin');
      const { data } = await t.call<{ version: number }>('/sickLeave/settings', { token, body: {} });
      return { method: 'frontLoad', version: data.version };
    },
    badBodies: [{}, { method: 'monthly', version: 1 }, { method: 'accrual' }, { method: 'accrual', version: 'x' }],
  },
];
