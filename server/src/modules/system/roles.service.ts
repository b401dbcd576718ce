import {
  ALL_PERMISSION_KEYS,
  type RoleAddRequest,
  type RoleDetail,
  type RoleListRequest,
  type RoleModifyRequest,
  type Role as RoleRow,
  type RoleSetPermissionsRequest,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { conflict, notFound, refused } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import { loadForUpdate, softDeleteVersioned, updateVersioned } from '../../platform/versioned';
import { sessions } from '../auth/auth.tables';
import { sysUsers } from '../employees/employees.tables';
import { rolePermissions, roles } from './system.tables';

const WHAT = 'roles.role';

type RoleRecord = typeof roles.$inferSelect;

// Correlated subqueries name their tables: drizzle writes the columns of a one-table select unqualified.
const userCount =
  sql<number>`(select count(*) from ${sysUsers} u where u.role_id = ${roles}.id and u.deleted_at is null)`.mapWith(Number);
const storedKeyCount = sql<number>`(select count(*) from ${rolePermissions} rp where rp.role_id = ${roles}.id)`.mapWith(Number);

const toRow = (role: RoleRecord, counts: { userCount: number; keyCount: number }): RoleRow => ({
  id: role.id,
  code: role.code,
  nameEn: role.nameEn,
  nameZh: role.nameZh,
  description: role.description,
  descriptionZh: role.descriptionZh,
  enabled: role.enabled,
  isSuper: role.isSuper,
  userCount: counts.userCount,
  keyCount: role.isSuper ? ALL_PERMISSION_KEYS.length : counts.keyCount,
  version: role.version,
  updatedAt: role.updatedAt.toISOString(),
});

export async function listRoles(db: Db, request: RoleListRequest) {
  const conditions: SQL[] = [isNull(roles.deletedAt)];
  if (request.name) {
    const pattern = `%${likeEscape(request.name)}%`;
    conditions.push(or(ilike(roles.nameEn, pattern), ilike(roles.nameZh, pattern), ilike(roles.code, pattern))!);
  }
  if (request.enabled != null) conditions.push(eq(roles.enabled, request.enabled));
  const query = db
    .select({ role: roles, userCount, keyCount: storedKeyCount, total: totalCount })
    .from(roles)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        { nameEn: roles.nameEn, nameZh: roles.nameZh, code: roles.code, enabled: roles.enabled, updatedAt: roles.updatedAt },
        [desc(roles.isSuper)],
        roles.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return { list: rows.map((r) => toRow(r.role, r)), total };
}

async function keysOf(db: Db, role: RoleRecord): Promise<string[]> {
  if (role.isSuper) return [...ALL_PERMISSION_KEYS];
  const rows = await db
    .select({ key: rolePermissions.key })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, role.id))
    .orderBy(asc(rolePermissions.key));
  return rows.map((r) => r.key);
}

export async function roleDetail(db: Db, id: number): Promise<RoleDetail> {
  const [row] = await db
    .select({ role: roles, userCount, keyCount: storedKeyCount })
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deletedAt)));
  if (!row) throw notFound(WHAT);
  return { ...toRow(row.role, row), keys: await keysOf(db, row.role) };
}

/** Role names are unique among roles not removed, in either language, ignoring case. */
async function assertNamesFree(tx: Db, names: { nameEn: string; nameZh: string }, exceptId?: number) {
  const [taken] = await tx
    .select({ nameEn: roles.nameEn, nameZh: roles.nameZh })
    .from(roles)
    .where(
      and(
        isNull(roles.deletedAt),
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
        or(sql`lower(${roles.nameEn}) = lower(${names.nameEn})`, sql`lower(${roles.nameZh}) = lower(${names.nameZh})`),
      ),
    )
    .limit(1);
  if (taken) {
    const name = taken.nameEn.toLowerCase() === names.nameEn.toLowerCase() ? names.nameEn : names.nameZh;
    throw conflict('roles.nameTaken', { name });
  }
}

/** A stable code from the English name (office_assistant), unique among every role ever made. */
async function newCode(tx: Db, nameEn: string): Promise<string> {
  const base =
    nameEn
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'role';
  const rows = await tx
    .select({ code: roles.code })
    .from(roles)
    .where(sql`${roles.code} = ${base} or ${roles.code} like ${`${likeEscape(base)}\\_%`}`);
  const used = new Set(rows.map((r) => r.code));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

export async function addRole(tx: Db, actorId: number, input: RoleAddRequest): Promise<RoleDetail> {
  await assertNamesFree(tx, input);
  const [role] = await tx
    .insert(roles)
    .values({
      code: await newCode(tx, input.nameEn),
      nameEn: input.nameEn,
      nameZh: input.nameZh,
      description: input.description,
      descriptionZh: input.descriptionZh,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  const keys = [...new Set(input.keys)];
  if (keys.length) await tx.insert(rolePermissions).values(keys.map((key) => ({ roleId: role!.id, key })));
  return roleDetail(tx, role!.id);
}

export async function modifyRole(tx: Db, actorId: number, input: RoleModifyRequest) {
  await assertNamesFree(tx, input, input.id);
  return updateVersioned(
    tx,
    roles,
    WHAT,
    input,
    {
      nameEn: input.nameEn,
      nameZh: input.nameZh,
      description: input.description,
      ...(input.descriptionZh === undefined ? {} : { descriptionZh: input.descriptionZh }),
    },
    actorId,
  );
}

/**
 * Enables or disables a role. Disabling ends every open session of its users at once (they get 9999
 * on their next request) and their later logins are refused until it is enabled again.
 */
export async function setRoleEnabled(tx: Db, actor: { userId: number; roleId: number }, id: number, enabled: boolean) {
  const role = await loadForUpdate(tx, roles, id, WHAT);
  if (!enabled && role.isSuper) throw refused('roles.superLocked');
  if (!enabled && role.id === actor.roleId) throw refused('roles.cannotDisableOwn');
  let sessionsEnded = 0;
  if (role.enabled !== enabled) {
    await tx
      .update(roles)
      .set({ enabled, version: role.version + 1, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(roles.id, id));
  }
  if (!enabled) {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: new Date(), endReason: 'blocked' })
      .where(
        and(
          isNull(sessions.endedAt),
          sql`${sessions.userId} in (select ${sysUsers.id} from ${sysUsers} where ${sysUsers.roleId} = ${id})`,
        ),
      )
      .returning({ id: sessions.id });
    sessionsEnded = ended.length;
  }
  return { role, sessionsEnded };
}

/** Soft delete, refused for the super administrator and while any user holds the role. */
export async function removeRole(tx: Db, actorId: number, target: { id: number; version: number }) {
  const role = await loadForUpdate(tx, roles, target.id, WHAT);
  if (role.isSuper) throw refused('roles.superLocked');
  const [holders] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sysUsers)
    .where(and(eq(sysUsers.roleId, role.id), isNull(sysUsers.deletedAt)));
  if (holders && holders.n > 0) throw refused('roles.inUse', { count: holders.n });
  return softDeleteVersioned(tx, roles, WHAT, target, actorId);
}

/**
 * Replaces the keys of a role. The super administrator holds every key implicitly: a set lacking
 * any is refused (10010), the full set changes nothing. Holders see the change on their next request.
 */
export async function setRolePermissions(tx: Db, actorId: number, input: RoleSetPermissionsRequest) {
  const role = await loadForUpdate(tx, roles, input.id, WHAT);
  if (role.version !== input.version) throw conflict();
  const after = [...new Set(input.keys)].sort();
  if (role.isSuper) {
    if (ALL_PERMISSION_KEYS.some((k) => !after.includes(k))) throw refused('roles.superKeys');
    return { role, added: [] as string[], removed: [] as string[] };
  }
  const before = await keysOf(tx, role);
  const added = after.filter((k) => !before.includes(k));
  const removed = before.filter((k) => !after.includes(k));
  if (!added.length && !removed.length) return { role, added, removed };
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  if (after.length) await tx.insert(rolePermissions).values(after.map((key) => ({ roleId: role.id, key })));
  await updateVersioned(tx, roles, WHAT, input, {}, actorId);
  return { role, added, removed };
}
