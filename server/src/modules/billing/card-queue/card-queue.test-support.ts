import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/helper';
import { sysUsers } from '../../employees/employees.tables';

export async function employeeIdOf(t: TestApp, uname: string): Promise<number> {
  const [user] = await t.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, uname));
  return user!.id;
}
