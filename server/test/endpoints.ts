import { AUTHENTICATED, PUBLIC } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { sysUsers } from '../src/modules/employees/employees.tables';
import type { RoleCode } from './fixtures';
import type { TestApp } from './helper';

/**
 * Every API endpoint with what the guard test needs (design.md §6, DEVELOPERS "What done means"):
 * the permission it must declare, a role that lacks it, a valid input and inputs that must be
 * refused with 10001 without changing anything. A module adds its rows when it adds endpoints.
 */
export interface EndpointCase {
  path: string;
  method?: 'GET' | 'POST';
  permission: string;
  /** A seeded role without the key; required for endpoints with a permission key. */
  deniedRole?: RoleCode;
  allowedRole?: RoleCode;
  validBody?: (t: TestApp) => Promise<unknown> | unknown;
  badBodies: unknown[];
}

const userId = async (t: TestApp, uname: string) => {
  const [row] = await t.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, uname));
  return row!.id;
};

export const ENDPOINTS: EndpointCase[] = [
  { path: '/health', method: 'GET', permission: PUBLIC, badBodies: [] },
  {
    path: '/login',
    permission: PUBLIC,
    validBody: () => ({ uname: 'sales', password: 'Tidy-test-pass-1' }),
    badBodies: [
      {},
      { uname: '', password: 'x' },
      { uname: 'admin' },
      { uname: 42, password: 'x' },
      { uname: 'a'.repeat(65), password: 'x' },
    ],
  },
  { path: '/loginOut', permission: AUTHENTICATED, badBodies: [] },
  { path: '/getUserInfo', method: 'GET', permission: AUTHENTICATED, badBodies: [] },
  { path: '/userCenter/profile', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/userCenter/changePassword',
    permission: AUTHENTICATED,
    // Its success changes the password, so it runs as a user no other row logs in as.
    allowedRole: 'office_manager',
    validBody: () => ({ oldPassword: 'Tidy-test-pass-1', password: 'A-new-pass-2', verifyPassword: 'A-new-pass-2' }),
    badBodies: [
      {},
      { oldPassword: 'Tidy-test-pass-1', password: 'A-new-pass-2', verifyPassword: 'different-3' },
      { oldPassword: 'Tidy-test-pass-1', password: 'short', verifyPassword: 'short' },
      { oldPassword: '', password: 'A-new-pass-2', verifyPassword: 'A-new-pass-2' },
    ],
  },
  { path: '/sysParam/businessProfile', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/sysUser/isBlocking',
    permission: 'employee:account:block',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userId(t, 'ana.lopez'), blocked: true }),
    badBodies: [{}, { id: 'x', blocked: true }, { id: -1, blocked: true }, { id: 5, blocked: 'yes' }],
  },
];
