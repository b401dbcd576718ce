import { buildMenu, Code, FIELD_HOME, FIELD_USE_KEY, type Locale, type UserInfo } from '@tidyhouse/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { accountBlock } from '../../platform/account-state';
import type { Db } from '../../platform/database';
import { AppError, notFound, refused } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { permissionsOf } from '../../platform/permissions';
import type { SessionContext } from '../../platform/request-context';
import { createSession, endUserSessions } from '../../platform/sessions';
import { sysUsers } from '../employees/employees.tables';
import { roles } from '../system/system.tables';
import { loginAttempts, loginThrottles } from './auth.tables';

/** Failed attempts within this window count towards slowing down and locking. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Attempts answered at once; after these each further failure waits longer. */
export const FREE_FAILURES = 3;
/** Failures of one user name from one client address in the window that lock that pair. */
export const LOCK_AFTER_FAILURES = 10;
/** Failures from one client address, whatever the user names, that lock the address. */
export const ADDRESS_LOCK_AFTER_FAILURES = 30;
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

/**
 * The signed-in user's own info from what the session check already read (user, role and its
 * names): only a role's keys may need a query, and the super role's none.
 */
export async function userInfoOfSession(db: Db, session: SessionContext, locale: Locale): Promise<UserInfo> {
  const keys = await permissionsOf(db, { id: session.roleId, isSuper: session.isSuper });
  return userInfoFrom(
    { id: session.userId, uname: session.uname, name: session.name },
    { code: session.roleCode, nameZh: session.roleNameZh, nameEn: session.roleNameEn },
    keys,
    locale,
  );
}

function userInfoFrom(
  user: { id: number; uname: string; name: string },
  role: { code: string; nameZh: string; nameEn: string },
  keys: Set<string>,
  locale: Locale,
): UserInfo {
  const sysMenuList = buildMenu(keys, locale);
  return {
    id: user.id,
    uname: user.uname,
    name: user.name,
    roleName: locale === 'zh' ? role.nameZh : role.nameEn,
    userRole: role.code,
    permissions: [...keys].sort(),
    sysMenuList,
    ...(sysMenuList.length === 0 && keys.has(FIELD_USE_KEY) ? { home: FIELD_HOME } : {}),
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

interface Place {
  /** Attempts in the window, this one included. */
  failures: number;
  lockedAt: Date | null;
}

/**
 * Takes this attempt's place in a throttle with one atomic upsert, before the password is checked:
 * of any number of parallel guesses, only the first `limit` in a window are ever checked. The count
 * starts again once the window (or, when locked, the lock) is over.
 */
async function takePlace(db: Db, key: string, limit: number, now: Date): Promise<Place> {
  const at = now.toISOString();
  const windowOver = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const lockOver = new Date(now.getTime() - LOCK_FOR_MS).toISOString();
  const t = loginThrottles;
  const over = sql`((${t.lockedAt} is null and ${t.windowStart} <= ${windowOver}::timestamptz) or ${t.lockedAt} <= ${lockOver}::timestamptz)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStart: now, lockedAt: limit <= 1 ? now : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${over} then 1 else ${t.failures} + 1 end`,
        windowStart: sql`case when ${over} then ${at}::timestamptz else ${t.windowStart} end`,
        lockedAt: sql`case when ${over} then null when ${t.failures} + 1 = ${limit} then ${at}::timestamptz else ${t.lockedAt} end`,
      },
    })
    .returning({ failures: t.failures, lockedAt: t.lockedAt });
  return { failures: row!.failures, lockedAt: row!.lockedAt };
}

/** A successful login: the pair starts afresh, and the address gets back the place it took. */
async function givePlacesBack(db: Db, pairKey: string, addressKey: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, pairKey));
  await db
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(and(eq(loginThrottles.key, addressKey), isNull(loginThrottles.lockedAt)));
  // Rows of windows and locks long over are only clutter.
  await db
    .delete(loginThrottles)
    .where(lt(loginThrottles.windowStart, new Date(Date.now() - 2 * (FAILURE_WINDOW_MS + LOCK_FOR_MS))));
}

const lockedUntil = (place: Place, now: Date) => new Date((place.lockedAt ?? now).getTime() + LOCK_FOR_MS).toISOString();

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
): Promise<{ token: string; userInfo: UserInfo; home?: string }> {
  const uname = input.uname.trim().toLowerCase();
  const now = new Date();
  const ip = meta.ip ?? 'unknown';
  const pairKey = `user:${uname}|${ip}`;
  const addressKey = `address:${ip}`;
  const pair = await takePlace(db, pairKey, LOCK_AFTER_FAILURES, now);
  const address = await takePlace(db, addressKey, ADDRESS_LOCK_AFTER_FAILURES, now);
  const [row] = await userWithRole(db).where(and(sql`lower(${sysUsers.uname}) = ${uname}`, isNull(sysUsers.deletedAt)));

  // Over a limit: refused without looking at the password.
  if (pair.failures > LOCK_AFTER_FAILURES || address.failures > ADDRESS_LOCK_AFTER_FAILURES) {
    await recordAttempt(db, uname, row?.user.id ?? null, 'locked', meta);
    if (pair.failures > LOCK_AFTER_FAILURES) throw refused('auth.locked', { until: lockedUntil(pair, now) });
    throw refused('auth.addressLocked', { until: lockedUntil(address, now) });
  }
  const earlierFailures = pair.failures - 1;
  if (earlierFailures >= FREE_FAILURES) {
    await sleep(Math.min(opts.slowdownMs * (earlierFailures - FREE_FAILURES + 1), MAX_SLOWDOWN_MS));
  }

  const passwordOk = await verifyPassword(row?.user.passwordHash ?? (await dummy()), input.password);
  if (!row || !passwordOk) {
    await recordAttempt(db, uname, row?.user.id ?? null, 'bad_credentials', meta);
    if (pair.failures >= LOCK_AFTER_FAILURES) throw refused('auth.locked', { until: lockedUntil(pair, now) });
    if (address.failures >= ADDRESS_LOCK_AFTER_FAILURES)
      throw refused('auth.addressLocked', { until: lockedUntil(address, now) });
    throw refused('auth.badCredentials');
  }
  await givePlacesBack(db, pairKey, addressKey);

  const block = accountBlock({ ...row.user, roleEnabled: row.roleEnabled, roleDeletedAt: row.roleDeletedAt });
  if (block) {
    await recordAttempt(db, uname, row.user.id, block.replace('error.', ''), meta);
    throw new AppError(Code.ACCOUNT_BLOCKED, block);
  }

  // Spec §2: a user whose role has no menu entries may not use the back office: refused, and recorded
  // as refused with that reason, before any session exists. A cleaner (`field:use`) signs in to the
  // field app instead: their session reaches the field calls only (auth-hook.ts).
  const keys = await permissionsOf(db, row.role);
  if (buildMenu(keys, opts.locale).length === 0 && !keys.has(FIELD_USE_KEY)) {
    await recordAttempt(db, uname, row.user.id, 'noMenu', meta);
    throw refused('auth.noMenu');
  }

  await recordAttempt(db, uname, row.user.id, 'ok', meta);
  await db.update(sysUsers).set({ lastLoginAt: now }).where(eq(sysUsers.id, row.user.id));
  const token = await createSession(db, row.user.id, meta);
  const userInfo = userInfoFrom(row.user, row.role, keys, opts.locale);
  return { token, userInfo, ...(userInfo.home ? { home: userInfo.home } : {}) };
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
