import { eq } from 'drizzle-orm';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { roles } from './system.tables';

const SCREEN = '/sys/roleauthor';
const unique = () => Math.random().toString(36).slice(2, 8);

/** A role no user holds, made for one call. */
export async function freshRole(t: TestApp) {
  const [row] = await t.db
    .insert(roles)
    .values({ code: `guard_${unique()}`, nameEn: `Guard role ${unique()}`, nameZh: `守卫角色 ${unique()}` })
    .returning();
  return row!;
}
const roleByCode = async (t: TestApp, code: string) => (await t.db.select().from(roles).where(eq(roles.code, code)))[0]!;

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/sysRole/queryList',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ pageNum: 1, pageSize: 20, name: 'sched', enabled: true }),
    badBodies: [{ pageNum: 0 }, { pageSize: 101 }, { enabled: 'yes' }, { name: 'x'.repeat(65) }],
  },
  {
    path: '/sysRole/detail',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await roleByCode(t, 'scheduler')).id }),
    badBodies: [{}, { id: 'x' }, { id: 0 }],
  },
  { path: '/sysRole/permissionTree', permission: SCREEN, deniedRole: 'sales', badBodies: [] },
  {
    path: '/sysRole/add',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ nameEn: `Dispatcher ${unique()}`, nameZh: `调度员 ${unique()}`, keys: ['/service/schedule'] }),
    badBodies: [
      {},
      { nameEn: '', nameZh: '调度员' },
      { nameEn: 'Dispatcher', nameZh: '   ' },
      { nameEn: 'Dispatcher', nameZh: '调度员', keys: ['/no/such/screen'] },
      { nameEn: 'x'.repeat(65), nameZh: '调度员' },
      { nameEn: 'Dispatcher', nameZh: '调度员', keys: '/service/schedule' },
    ],
  },
  {
    path: '/sysRole/modify',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const role = await freshRole(t);
      return { id: role.id, version: role.version, nameEn: `${role.nameEn} 2`, nameZh: role.nameZh, description: 'Renamed' };
    },
    badBodies: [
      { id: 2, nameEn: 'Office', nameZh: '办公室' },
      { id: 2, version: 1, nameEn: '', nameZh: '办公室' },
      { id: 2, version: 1, nameEn: 'Office', nameZh: '办公室', description: 'x'.repeat(501) },
      { id: 'two', version: 1, nameEn: 'Office', nameZh: '办公室' },
    ],
  },
  {
    path: '/sysRole/updateState',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await freshRole(t)).id, enabled: false }),
    badBodies: [{}, { id: 3 }, { id: 3, enabled: 'no' }, { id: -3, enabled: false }],
  },
  {
    path: '/sysRole/remove',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const role = await freshRole(t);
      return { id: role.id, version: role.version };
    },
    badBodies: [{}, { id: 3 }, { id: 3, version: 0 }, { id: 'x', version: 1 }],
  },
  {
    path: '/sysRole/setPermissions',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const role = await freshRole(t);
      return { id: role.id, version: role.version, keys: ['/sys/region', '/customer/customerlist'] };
    },
    badBodies: [
      { id: 3, version: 1 },
      { id: 3, version: 1, keys: ['/sys/region', 'sys:everything'] },
      { id: 3, version: 1, keys: [42] },
      { id: 3, keys: [] },
    ],
  },
];
