import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import { pngDataUrl, roleIdOf, skillOf, userIdOf, userRef } from './test-support';

const LIST = '/employee/employeelist';
const ADD = '/employee/employeelist/add';
const UPDATE = '/employee/employeelist/update';
const pw = 'Guard-pass-1';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/sysUser/queryList',
    permission: LIST,
    deniedRole: 'scheduler',
    validBody: () => ({ pageNum: 1, pageSize: 10, keyword: 'a', status: 'active' }),
    badBodies: [{ pageSize: 500 }, { status: 'gone' }, { teamId: -1 }, { pageNum: 0 }, { accountStatus: 'locked' }],
  },
  { path: '/sysUser/roleOptions', permission: LIST, deniedRole: 'scheduler', badBodies: [] },
  {
    path: '/sysUser/detail',
    permission: LIST,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { id: 'x' }, { id: 0 }],
  },
  {
    path: '/sysUser/add',
    permission: ADD,
    deniedRole: 'scheduler',
    validBody: async (t) => ({
      uname: 'guard.add',
      password: pw,
      verifyPassword: pw,
      name: 'Guard Add',
      roleId: await roleIdOf(t, 'cleaner'),
    }),
    badBodies: [
      {},
      { uname: 'new.one', password: pw, verifyPassword: 'Other-pass-2', name: 'New One', roleId: 5 },
      { uname: 'new.one', password: pw, verifyPassword: pw, name: 'New One' },
      { uname: 'new.one', password: 'short', verifyPassword: 'short', name: 'New One', roleId: 5 },
      { uname: 'has space', password: pw, verifyPassword: pw, name: 'New One', roleId: 5 },
      { uname: 'new.one', password: pw, verifyPassword: pw, name: 'New One', roleId: 5, email: 'not-an-email' },
      { uname: 'new.one', password: pw, verifyPassword: pw, name: '', roleId: 5 },
      { uname: 'new.one', password: pw, verifyPassword: pw, name: 'New One', roleId: 5, hireDate: '2025-02-30' },
    ],
  },
  {
    path: '/sysUser/modify',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ ...(await userRef(t, 'ana.lopez')), phone: '(650) 555-7777', location: 'Pacifica' }),
    badBodies: [
      {},
      { id: 3, version: 'x' },
      { id: 3, version: 1, password: 'Long-enough-1' },
      { id: 3, version: 1, password: 'Long-enough-1', verifyPassword: 'Different-2' },
      { id: 3, version: 1, name: '' },
      { id: 3, version: 1, email: 'nope' },
      { id: 3, version: 1, birthDate: '1990-02-30' },
      { id: 3, version: 1, roleId: 0 },
    ],
  },
  {
    path: '/sysUser/remove',
    permission: UPDATE,
    deniedRole: 'scheduler',
    // The new hire without history.
    validBody: (t) => userRef(t, 'hong.liu'),
    badBodies: [{}, { id: 1 }, { id: 'x', version: 1 }],
  },
  {
    path: '/sysUser/updateState',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'grace.huang'), enabled: true }),
    badBodies: [{}, { id: 3, enabled: 'no' }, { id: 3 }],
  },
  {
    path: '/sysUser/terminate',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'guadalupe.reyes'), terminatedOn: '2026-11-01', reason: 'Moved away' }),
    badBodies: [
      {},
      { id: 3, terminatedOn: '' },
      { id: 3, terminatedOn: '2026-13-01' },
      { id: 3, terminatedOn: '2026-01-01', reason: 'x'.repeat(501) },
    ],
  },
  {
    path: '/sysUser/reinstate',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'juan.morales') }),
    badBodies: [{}, { id: 'x' }, { id: 3, version: 0 }],
  },
  {
    path: '/sysUser/setUserSkill',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'ana.lopez'), skillIds: [(await skillOf(t, 'Deep cleaning')).id] }),
    badBodies: [{}, { id: 3, skillIds: '1' }, { id: 3, skillIds: [0] }],
  },
  {
    path: '/sysUser/uploadPhoto',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'ana.lopez'), dataUrl: pngDataUrl() }),
    badBodies: [
      {},
      { id: 3, dataUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      { id: 3, dataUrl: 'https://example.com/me.png' },
      { id: 3, dataUrl: `data:image/png;base64,${'A'.repeat(2_800_000)}` },
    ],
  },
  {
    path: '/sysUser/removePhoto',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'office') }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/sysUser/photo',
    method: 'GET',
    permission: AUTHENTICATED,
    validBody: async (t) => ({ id: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { id: 'abc' }, { id: '0' }],
  },
  {
    path: '/sysUser/isBlocking',
    permission: 'employee:account:block',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'ana.lopez'), blocked: true }),
    badBodies: [{}, { id: 'x', blocked: true }, { id: -1, blocked: true }, { id: 5, blocked: 'yes' }],
  },
  {
    path: '/sysUser/endSessions',
    permission: 'employee:account:block',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userIdOf(t, 'rosa.martinez') }),
    badBodies: [{}, { id: 'x' }, { id: 0 }],
  },
  {
    path: '/sysSkill/queryList',
    permission: AUTHENTICATED,
    validBody: () => ({ active: true }),
    badBodies: [{ pageSize: 0 }, { active: 'yes' }],
  },
  {
    path: '/sysSkill/add',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: () => ({ nameEn: 'Laundry and ironing', nameZh: '洗衣熨烫' }),
    badBodies: [{}, { nameEn: '', nameZh: '地毯' }, { nameEn: 'Ovens', nameZh: '烤箱', sortOrder: -1 }],
  },
  {
    path: '/sysSkill/modify',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const skill = await skillOf(t, 'Eco products');
      return { id: skill.id, version: skill.version, nameZh: '环保产品' };
    },
    badBodies: [{}, { id: 1, version: 1, nameEn: '' }, { id: 1 }],
  },
  {
    path: '/sysSkill/remove',
    permission: UPDATE,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const skill = await skillOf(t, 'Window cleaning');
      return { id: skill.id, version: skill.version };
    },
    badBodies: [{}, { id: 1 }],
  },
];
