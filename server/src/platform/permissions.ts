import { ALL_PERMISSION_KEYS } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rolePermissions } from '../modules/system/system.tables';
import type { Db } from './database';

/** The keys a role holds; the super administrator holds every key of the contract. */
export async function permissionsOf(db: Db, role: { id: number; isSuper: boolean }): Promise<Set<string>> {
  if (role.isSuper) return new Set(ALL_PERMISSION_KEYS);
  const rows = await db.select({ key: rolePermissions.key }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  return new Set(rows.map((r) => r.key));
}

/** Whether the request's caller holds `key` (for answers that show some fields only to some roles). */
export async function callerHolds(db: Db, request: FastifyRequest, key: string): Promise<boolean> {
  const s = request.session;
  if (!s) return false;
  return (await permissionsOf(db, { id: s.roleId, isSuper: s.isSuper })).has(key);
}
