import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { zones } from './settings.tables';

const SCREEN = '/sys/region';
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
/** Valid ZIP codes no demo zone uses (Daly City, Pacifica). */
const ZONE = {
  name: 'Daly City',
  color: '#2f54eb',
  code: 'DLY',
  active: true,
  primaryZips: ['94014', '94015'],
  secondaryZips: ['94044'],
  exceptionZips: [],
};

/** An inactive zone with no ZIP codes, so saving it never clashes. */
async function freshZone(t: TestApp) {
  const [row] = await t.db
    .insert(zones)
    .values({ name: `Guard zone ${unique()}`, code: `G${unique()}`, color: '#000000', active: false })
    .returning();
  return row!;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/zone/queryList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ name: 'san', active: true, zip: '944' }),
    badBodies: [{ zip: 'ABCDE' }, { zip: '940101' }, { active: 'y' }, { code: 'x'.repeat(17) }],
  },
  {
    path: '/zone/detail',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshZone(t)).id }),
    badBodies: [{}, { id: 'BUR' }],
  },
  {
    path: '/zone/lookup',
    permission: AUTHENTICATED,
    validBody: () => ({ zip: '94010-1234' }),
    badBodies: [{}, { zip: '' }, { zip: '9401' }, { zip: 94010 }],
  },
  { path: '/zone/options', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/zone/add',
    permission: SCREEN,
    deniedRole: 'scheduler',
    // Inactive, so repeated calls never clash on primary ZIPs.
    validBody: () => ({ ...ZONE, active: false, name: `Daly City ${unique()}`, code: `D${unique()}` }),
    badBodies: [
      {},
      { ...ZONE, primaryZips: ['9401'] },
      { ...ZONE, primaryZips: ['94014'], exceptionZips: ['94014'] },
      { ...ZONE, color: 'blue' },
      { ...ZONE, code: 'DALY CITY' },
      { ...ZONE, name: '' },
      { ...ZONE, secondaryZips: '94044' },
    ],
  },
  {
    path: '/zone/modify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const zone = await freshZone(t);
      return { ...ZONE, active: false, id: zone.id, version: zone.version, name: zone.name, code: zone.code };
    },
    badBodies: [
      { ...ZONE, id: 1 },
      { ...ZONE, id: 1, version: 1, secondaryZips: ['94015-0001'] },
      { ...ZONE, id: 1, version: 1, primaryZips: ['1234'] },
      // A modify sends every list: an omitted one is an error, never a silent clearing.
      { ...ZONE, id: 1, version: 1, primaryZips: undefined },
    ],
  },
  {
    path: '/zone/updateState',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshZone(t)).id, active: true }),
    badBodies: [{}, { id: 1, active: null }],
  },
  {
    path: '/zone/remove',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const zone = await freshZone(t);
      return { id: zone.id, version: zone.version };
    },
    badBodies: [{}, { id: 1, version: -1 }],
  },
];
