import { buildMenu, Code, type Locale, type UserInfo } from '@tidyhouse/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountBlock } from '../../platform/account-state';
import type { Db } from '../../platform/database';
import { AppError, notFound, refused } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { permissionsOf } from '../../platform/permissions';
import { createSession, endUserSessions } from '../../platform/sessions';
import { sysUsers } from '../employees/employees.tables';
import { roles } from '../system/system.tables';
import { loginAttempts } from './auth.tables';

/** Failed attempts within this window count towards slowing down and locking. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Attempts answered at once; after these each further failure waits longer. */
export const FREE_FAILURES = 3;
/** Failures in the window that lock the account. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_FOR_MS = 15 * 60_000;
const MAX_SLOWDOWN_MS = 5_000;

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

// Verifying against a real hash when the user name is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
};

const userWithRole = (db: Db) =>
  db
    .select({
      user: sysUsers,
      role: { id: roles.id, code: roles.code, nameEn: roles.nameEn, nameZh: roles.nameZh, isSuper: roles.isSuper },
      roleEnabled: roles.enabled,
      roleDeletedAt: roles.deletedAt,
    })
    .from(sysUsers)
    .innerJoin(roles, eq(roles.id, sysUsers.roleId));

export async function userInfoOf(db: Db, userId: number, locale: Locale): Promise<UserInfo> {
  const [row] = await userWithRole(db).where(eq(sysUsers.id, userId));
  if (!row) throw notFound('employees.user');
  const keys = await permissionsOf(db, row.role);
  return {
    id: row.user.id,
    uname: row.user.uname,
    name: row.user.name,
    roleName: locale === 'zh' ? row.role.nameZh : row.role.nameEn,
    userRole: row.role.code,
    permissions: [...keys].sort(),
    sysMenuList: buildMenu(keys, locale),
  };
}

async function recordAttempt(db: Db, uname: string, userId: number | null, result: string, meta: ClientMeta) {
  await db.insert(loginAttempts).values({
    uname,
    userId,
    success: result === 'ok',
    result,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
}

/** Failures for this user name since its last success, within the window. */
async function recentFailures(db: Db, uname: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.uname, uname),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, since),
        sql`${loginAttempts.at} > coalesce((select max(${loginAttempts.at}) from ${loginAttempts} where ${loginAttempts.uname} = ${uname} and ${loginAttempts.success}), '-infinity')`,
      ),
    );
  return Number(row?.n ?? 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoginInput {
  uname: string;
  password: string;
}

export async function login(
  db: Db,
  input: LoginInput,
  meta: ClientMeta,
  opts: { locale: Locale; slowdownMs: number },
): Promise<{ token: string; userInfo: UserInfo }> {
  const uname = input.uname.trim().toLowerCase();
  const now = new Date();
  const [row] = await userWithRole(db).where(and(sql`lower(${sysUsers.uname}) = ${uname}`, isNull(sysUsers.deletedAt)));

  if (row?.user.lockedUntil && row.user.lockedUntil > now) {
    await recordAttempt(db, uname, row.user.id, 'locked', meta);
    throw refused('auth.locked', { until: row.user.lockedUntil.toISOString() });
  }
  const failures = await recentFailures(db, uname, now);
  if (failures >= FREE_FAILURES) await sleep(Math.min(opts.slowdownMs * (failures - FREE_FAILURES + 1), MAX_SLOWDOWN_MS));

  const passwordOk = await verifyPassword(row?.user.passwordHash ?? (await dummy()), input.password);
  if (!row || !passwordOk) {
    await recordAttempt(db, uname, row?.user.id ?? null, 'bad_credentials', meta);
    if (row && failures + 1 >= LOCK_AFTER_FAILURES) {
      const until = new Date(now.getTime() + LOCK_FOR_MS);
      await db.update(sysUsers).set({ lockedUntil: until }).where(eq(sysUsers.id, row.user.id));
      throw refused('auth.locked', { until: until.toISOString() });
    }
    throw refused('auth.badCredentials');
  }

  const block = accountBlock({ ...row.user, roleEnabled: row.roleEnabled, roleDeletedAt: row.roleDeletedAt });
  if (block) {
    await recordAttempt(db, uname, row.user.id, block.replace('error.', ''), meta);
    throw new AppError(Code.ACCOUNT_BLOCKED, block);
  }

  // Spec §2: a user whose role has no menu entries (a cleaner) may not use the back office: refused,
  // and recorded as refused with that reason, before any session exists.
  if (buildMenu(await permissionsOf(db, row.role), opts.locale).length === 0) {
    await recordAttempt(db, uname, row.user.id, 'noMenu', meta);
    throw refused('auth.noMenu');
  }

  await recordAttempt(db, uname, row.user.id, 'ok', meta);
  await db.update(sysUsers).set({ lastLoginAt: now, lockedUntil: null }).where(eq(sysUsers.id, row.user.id));
  const token = await createSession(db, row.user.id, meta);
  return { token, userInfo: await userInfoOf(db, row.user.id, opts.locale) };
}

export async function myProfile(db: Db, userId: number, locale: Locale) {
  const [row] = await userWithRole(db).where(eq(sysUsers.id, userId));
  if (!row) throw notFound('employees.user');
  return {
    id: row.user.id,
    uname: row.user.uname,
    name: row.user.name,
    roleName: locale === 'zh' ? row.role.nameZh : row.role.nameEn,
    email: row.user.email,
    phone: row.user.phone,
    lastLoginAt: row.user.lastLoginAt?.toISOString() ?? null,
    passwordChangedAt: row.user.passwordChangedAt?.toISOString() ?? null,
  };
}

/** Changes one's own password; the other sessions of the user end, this one stays. */
export async function changeOwnPassword(
  tx: Db,
  session: { userId: number; sessionId: number },
  input: { oldPassword: string; password: string },
): Promise<void> {
  const [user] = await tx.select().from(sysUsers).where(eq(sysUsers.id, session.userId)).for('update');
  if (!user) throw notFound('employees.user');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw refused('auth.oldPasswordWrong');
  if (input.oldPassword === input.password) throw refused('auth.samePassword');
  const now = new Date();
  await tx
    .update(sysUsers)
    .set({
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: now,
      updatedAt: now,
      updatedBy: user.id,
      version: user.version + 1,
    })
    .where(eq(sysUsers.id, user.id));
  await endUserSessions(tx, user.id, 'password_changed', session.sessionId);
}
