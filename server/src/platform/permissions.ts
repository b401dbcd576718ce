import { ALL_PERMISSION_KEYS } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { rolePermissions } from '../modules/system/system.tables';
import type { Db } from './database';

/** The keys a role holds; the super administrator holds every key of the contract. */
export async function permissionsOf(db: Db, role: { id: number; isSuper: boolean }): Promise<Set<string>> {
  if (role.isSuper) return new Set(ALL_PERMISSION_KEYS);
  const rows = await db.select({ key: rolePermissions.key }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  return new Set(rows.map((r) => r.key));
}
