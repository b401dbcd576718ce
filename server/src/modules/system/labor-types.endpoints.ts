import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { laborTypes } from './settings.tables';

const SCREEN = '/sys/labortype';
const unique = () => Math.random().toString(36).slice(2, 8);
const LABOR = {
  nameEn: 'Window washing',
  nameZh: '擦窗',
  defaultHourlyRateCents: 2500,
  isPaid: true,
  countsAsInHome: true,
  active: true,
  sortOrder: 70,
};

async function freshLaborType(t: TestApp) {
  const [row] = await t.db
    .insert(laborTypes)
    .values({ ...LABOR, nameEn: `Guard labor ${unique()}`, nameZh: `守卫工种 ${unique()}` })
    .returning();
  return row!;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/laborType/queryList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ name: 'clean', active: true, isPaid: true }),
    badBodies: [{ isPaid: 'paid' }, { pageSize: 0 }],
  },
  {
    path: '/laborType/detail',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshLaborType(t)).id }),
    badBodies: [{}, { id: null }],
  },
  { path: '/laborType/options', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/laborType/add',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ ...LABOR, nameEn: `Window washing ${unique()}`, nameZh: `擦窗 ${unique()}` }),
    badBodies: [
      {},
      { ...LABOR, nameEn: '' },
      { ...LABOR, defaultHourlyRateCents: 25.5 },
      { ...LABOR, defaultHourlyRateCents: 100_001 },
      { ...LABOR, isPaid: 'yes' },
      { ...LABOR, nameZh: 'x'.repeat(65) },
    ],
  },
  {
    path: '/laborType/modify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshLaborType(t);
      return { ...LABOR, id: row.id, version: row.version, nameEn: row.nameEn, nameZh: row.nameZh, defaultHourlyRateCents: 2700 };
    },
    badBodies: [
      { ...LABOR, id: 1 },
      { ...LABOR, id: 1, version: 1, defaultHourlyRateCents: -1 },
    ],
  },
  {
    path: '/laborType/updateState',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshLaborType(t)).id, active: false }),
    badBodies: [{}, { id: 1, active: 'off' }],
  },
  {
    path: '/laborType/remove',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshLaborType(t);
      return { id: row.id, version: row.version };
    },
    badBodies: [{}, { version: 1 }],
  },
];
