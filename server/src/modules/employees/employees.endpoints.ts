import { eq } from 'drizzle-orm';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { sysUsers } from './employees.tables';

const userId = async (t: TestApp, uname: string) => {
  const [row] = await t.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, uname));
  return row!.id;
};

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/sysUser/isBlocking',
    permission: 'employee:account:block',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: await userId(t, 'ana.lopez'), blocked: true }),
    badBodies: [{}, { id: 'x', blocked: true }, { id: -1, blocked: true }, { id: 5, blocked: 'yes' }],
  },
];
