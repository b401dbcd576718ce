import { AUTHENTICATED, PUBLIC } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import { TEST_PASSWORD } from '../../../test/fixtures';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/login',
    permission: PUBLIC,
    validBody: () => ({ uname: 'sales', password: TEST_PASSWORD }),
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
    validBody: () => ({ oldPassword: TEST_PASSWORD, password: 'A-new-pass-2', verifyPassword: 'A-new-pass-2' }),
    badBodies: [
      {},
      { oldPassword: TEST_PASSWORD, password: 'A-new-pass-2', verifyPassword: 'different-3' },
      { oldPassword: TEST_PASSWORD, password: 'short', verifyPassword: 'short' },
      { oldPassword: '', password: 'A-new-pass-2', verifyPassword: 'A-new-pass-2' },
    ],
  },
];
