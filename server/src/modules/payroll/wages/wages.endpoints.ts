import type { EndpointCase } from '../../../../test/endpoints';
import { userIdOf } from '../../employees/test-support';
import { payrollSettings } from '../payroll-settings.tables';

const WAGES = '/employee/wages';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/jhSchedule/queryWage',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: () => ({ date: '2026-03-04' }),
    badBodies: [{ date: '2026-02-30' }, { date: 7 }, { keyword: 'x'.repeat(65) }],
  },
  {
    path: '/wage/queryDetail',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: await userIdOf(t, 'rosa.martinez'), date: '2026-03-04' }),
    badBodies: [{}, { userId: 'x' }, { userId: 1, date: 'yesterday' }],
  },
  {
    path: '/wage/export',
    method: 'GET',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: () => ({ from: '2026-03-01', to: '2026-03-14' }),
    badBodies: [{}, { from: '2026-03-01' }, { from: '2026-03-10', to: '2026-03-01' }],
  },
  {
    path: '/wage/payrollExport',
    method: 'GET',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: () => ({ date: '2026-03-04' }),
    badBodies: [{ date: '2026-02-30' }, { date: 'today' }],
  },
  {
    path: '/wage/statement',
    method: 'GET',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ userId: String(await userIdOf(t, 'rosa.martinez')), date: '2026-03-04', lang: 'zh' }),
    badBodies: [{}, { userId: 'x' }, { userId: '1', lang: 'fr' }],
  },
  { path: '/wage/settings', permission: WAGES, deniedRole: 'scheduler', badBodies: [] },
  {
    path: '/wage/updateSettings',
    permission: WAGES,
    deniedRole: 'scheduler',
    // The settings in force saved again (a change is refused once the table has approved a period), at
    // their current version (other settings share the row).
    validBody: async (t) => {
      const [row] = await t.db.select({ version: payrollSettings.version }).from(payrollSettings).limit(1);
      return { periodKind: 'weekly', anchorDate: '2026-01-04', percentSplit: 'by_minutes', version: row!.version };
    },
    badBodies: [
      {},
      { periodKind: 'weekly', anchorDate: '2026-01-04', percentSplit: 'by_minutes', employeeCount: 0, version: 1 },
      { periodKind: 'weekly', anchorDate: '2026-01-04', percentSplit: 'by_minutes', employeeCount: 2.5, version: 1 },
      { periodKind: 'daily', anchorDate: '2026-01-04', percentSplit: 'by_minutes', version: 1 },
      { periodKind: 'weekly', anchorDate: '2026-13-01', percentSplit: 'by_minutes', version: 1 },
      { periodKind: 'weekly', anchorDate: '2026-01-04', percentSplit: 'half', version: 1 },
    ],
  },
  { path: '/wage/queryMinimumWages', permission: WAGES, deniedRole: 'scheduler', badBodies: [] },
  {
    path: '/wage/addMinimumWage',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: () => ({ effectiveFrom: '2027-01-01', centsPerHour: 2050, scope: 'city', jurisdiction: 'Mountain View' }),
    badBodies: [
      {},
      { effectiveFrom: '2027-01-01', centsPerHour: 0 },
      { effectiveFrom: '2027-01-01', centsPerHour: 17.5 },
      { effectiveFrom: '2027-01-01', centsPerHour: 1750, scope: 'city' },
      { effectiveFrom: '2027-01-01', centsPerHour: 1750, scope: 'town', jurisdiction: 'Colma' },
      { effectiveFrom: '2027-01-01', centsPerHour: 1750, scope: 'county', jurisdiction: 'San Mateo County', places: [] },
      { effectiveFrom: '2027-01-01', centsPerHour: 1750, scope: 'city', jurisdiction: 'Hayward', minEmployees: -1 },
    ],
  },
  {
    path: '/wage/removeMinimumWage',
    permission: WAGES,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const token = await t.sessionAs('super_admin');
      const added = await t.call<{ id: number }>('/wage/addMinimumWage', {
        token,
        body: { effectiveFrom: '2030-01-01', centsPerHour: 2000 },
      });
      return { id: added.data.id };
    },
    badBodies: [{}, { id: 'x' }],
  },
];
