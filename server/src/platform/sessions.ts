import { createHash, randomBytes } from 'node:crypto';
import { AUTHENTICATED, Code, PUBLIC } from '@tidyhouse/contract';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { sessions } from '../modules/auth/auth.tables';
import { sysUsers } from '../modules/employees/employees.tables';
import { quoteParameters } from '../modules/system/settings.tables';
import { rolePermissions, roles } from '../modules/system/system.tables';
import { type AccountState, accountBlock } from './account-state';
import type { Db } from './database';
import { AppError } from './errors';
import type { SessionContext } from './request-context';
import { sessionCacheOf } from './session-cache';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** After a renewal, the old token keeps working this long for requests already in flight. */
const RENEWAL_GRACE_MS = 2 * 60_000;

/** `ended_by_office`: the office signed the user out (a lost phone); the token then answers 20005. */
export type EndReason = 'logout' | 'expired' | 'blocked' | 'password_changed' | 'ended_by_office';

export interface SessionPolicy {
  idleMs: number;
}

const HOUR_MS = 3_600_000;

/**
 * The idle-out that applies to a session: a field-only one (a cleaner's phone) idles out after the
 * Location Parameter `fieldSessionIdleHours` (a working day, not an office sitting), read with the session.
 */
const policyOf = (policy: SessionPolicy, fieldOnly: boolean, fieldIdleHours: number | null): SessionPolicy =>
  fieldOnly && fieldIdleHours ? { idleMs: fieldIdleHours * HOUR_MS } : policy;

/** The Location Parameter, as a column of the statements that read a session (no query of its own). */
const fieldIdleHoursColumn = () =>
  sql<number | null>`(select ${quoteParameters.fieldSessionIdleHours} from ${quoteParameters} where ${quoteParameters.id} = 1)`;

/** Touch last_seen at most this often, so a busy user does not write on every request. */
const touchEveryMs = (p: SessionPolicy) => Math.min(60_000, p.idleMs / 20);
/** Hand out a fresh token this often (sliding renewal through the Authorization header). */
const renewEveryMs = (p: SessionPolicy) => Math.min(15 * 60_000, p.idleMs / 4);

export async function createSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

export async function endSession(db: Db, sessionId: number, reason: EndReason): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (freeze, disable, termination, password change); answers how many. */
export async function endUserSessions(db: Db, userId: number, reason: EndReason, exceptSessionId?: number): Promise<number> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.endedAt));
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(exceptSessionId === undefined ? open : and(open, ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

export interface ResumedSession {
  context: SessionContext;
  /** The role holds the key asked for (always, for a super role). */
  holdsPermission: boolean;
  /** Set when this request renewed the token: the response carries it. */
  renewedToken: string | null;
}

/**
 * The session, its user and role, and whether the role holds the route's key, in one statement built
 * once per database (a prepared statement: on PostgreSQL it is also planned once per connection).
 * Every API request runs it, so it is neither rebuilt by the query builder on each request nor
 * followed by a second round trip for the role's keys.
 */
function prepareLookup(db: Db) {
  return db
    .select({
      session: sessions,
      uname: sysUsers.uname,
      name: sysUsers.name,
      status: sysUsers.status,
      accountStatus: sysUsers.accountStatus,
      enabled: sysUsers.enabled,
      deletedAt: sysUsers.deletedAt,
      roleId: roles.id,
      roleCode: roles.code,
      roleNameZh: roles.nameZh,
      roleNameEn: roles.nameEn,
      isSuper: roles.isSuper,
      roleEnabled: roles.enabled,
      roleDeletedAt: roles.deletedAt,
      holdsPermission: sql<boolean>`exists (select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.key} = ${sql.placeholder('permission')})`,
      // A role with no screen key has no back-office menu: its sessions reach the field calls only.
      // Screen keys are menu urls ('/…'); action keys never start with '/'.
      fieldOnly: sql<boolean>`(not ${roles.isSuper} and not exists (select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.key} like '/%'))`,
      fieldIdleHours: fieldIdleHoursColumn(),
    })
    .from(sessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, sysUsers.roleId))
    .where(
      or(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        and(
          eq(sessions.previousTokenHash, sql.placeholder('tokenHash')),
          gt(sessions.previousValidUntil, sql.placeholder('now')),
        ),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** What an ended session answers: 20006 when it expired, 9999 while its account is blocked, else 20005. */
function endedSessionError(endReason: string | null, account: AccountState): AppError {
  if (endReason === 'expired') return new AppError(Code.SESSION_EXPIRED, 'error.sessionExpired');
  // Ended by a freeze (or disabling): 9999 while the account is still blocked; once it is usable
  // again the old session stays ended, and its token is simply unknown (20005): log in again.
  const block = endReason === 'blocked' ? accountBlock(account) : null;
  if (block) return new AppError(Code.ACCOUNT_BLOCKED, block);
  return new AppError(Code.NOT_LOGGED_IN, 'error.notLoggedIn');
}

/**
 * Confirms, inside a write's transaction, what the guard checked at the start of the request (maybe
 * from the session cache): the session is not ended nor idle too long, the account and role are
 * usable, and the role still holds `permission`. The rows read stay locked until the transaction
 * ends, so a logout, freeze, role change or key removal made elsewhere either committed before (the
 * write is refused with the guard's code: 20005, 20006, 9999 or 10003) or waits for the write to
 * commit (the write happened while the session held). docs/architecture.md "Session cache".
 */
export async function confirmSession(
  tx: Db,
  context: SessionContext,
  permission: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<void> {
  // The user's row first and exclusively: one user's writes run one after the other, so a write that
  // also changes that user or ends their other sessions (a password change) never waits in a cycle
  // for a second write of the same user holding a shared lock.
  const [user] = await tx
    .select({
      status: sysUsers.status,
      accountStatus: sysUsers.accountStatus,
      enabled: sysUsers.enabled,
      deletedAt: sysUsers.deletedAt,
      roleId: sysUsers.roleId,
    })
    .from(sysUsers)
    .where(eq(sysUsers.id, context.userId))
    .for('no key update');
  const [row] = await tx
    .select({
      endedAt: sessions.endedAt,
      endReason: sessions.endReason,
      lastSeenAt: sessions.lastSeenAt,
      isSuper: roles.isSuper,
      roleEnabled: roles.enabled,
      roleDeletedAt: roles.deletedAt,
      fieldIdleHours: fieldIdleHoursColumn(),
    })
    .from(sessions)
    .innerJoin(roles, eq(roles.id, user?.roleId ?? 0))
    .where(eq(sessions.id, context.sessionId))
    // Only the session row is locked: disabling a role ends its users' sessions (that update waits for
    // this write), and a role still held cannot be removed; locking the role too would deadlock two
    // users of one role editing that role at the same moment.
    .for('share', { of: [sessions] });
  if (!user || !row) throw new AppError(Code.NOT_LOGGED_IN, 'error.notLoggedIn');
  const account = { ...user, ...row };
  if (row.endedAt) throw endedSessionError(row.endReason, account);
  // The guard has just touched last_seen_at: this only refuses a request that ran for an idle period.
  if (now.getTime() - row.lastSeenAt.getTime() > policyOf(policy, context.fieldOnly, row.fieldIdleHours).idleMs)
    throw new AppError(Code.SESSION_EXPIRED, 'error.sessionExpired');
  const block = accountBlock(account);
  if (block) throw new AppError(Code.ACCOUNT_BLOCKED, block);
  if (row.isSuper || permission === AUTHENTICATED || permission === PUBLIC) return;
  const held = await tx
    .select({ key: rolePermissions.key })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, user.roleId), eq(rolePermissions.key, permission)))
    .for('share');
  if (held.length === 0) throw new AppError(Code.FORBIDDEN, 'error.forbidden');
}

/**
 * Checks a token on a request: unknown or logged out → 20005, idle too long → 20006, the account or
 * role no longer usable → 9999 (and the session ends). Slides the idle window and renews the token.
 * `permission` is the key the request needs: `holdsPermission` says whether the role holds it (a super
 * role holds every key).
 */
export async function resumeSession(
  db: Db,
  token: string,
  basePolicy: SessionPolicy,
  permission = '',
  now = new Date(),
): Promise<ResumedSession> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const at = now.getTime();
  const known = cache?.find(tokenHash, at);
  const knownPolicy = known ? { idleMs: known.idleMs } : basePolicy;
  // Seen a moment ago and nothing written since: no write is due yet (touch, renewal, idle end).
  if (known && at - known.lastSeenAt <= touchEveryMs(knownPolicy) && at - known.tokenIssuedAt <= renewEveryMs(knownPolicy)) {
    const holds = known.holds.get(permission);
    if (holds !== undefined) {
      cache!.hits++;
      return { renewedToken: null, holdsPermission: holds, context: known.context };
    }
  }
  const epochAtStart = cache?.epoch ?? 0;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString(), permission });

  if (!row) throw new AppError(Code.NOT_LOGGED_IN, 'error.notLoggedIn');
  const { session } = row;
  const fieldOnly = row.fieldOnly === true;
  const policy = policyOf(basePolicy, fieldOnly, row.fieldIdleHours);
  if (session.endedAt) throw endedSessionError(session.endReason, row);
  if (now.getTime() - session.lastSeenAt.getTime() > policy.idleMs) {
    await endSession(db, session.id, 'expired');
    throw new AppError(Code.SESSION_EXPIRED, 'error.sessionExpired');
  }
  const block = accountBlock(row);
  if (block) {
    await endSession(db, session.id, 'blocked');
    throw new AppError(Code.ACCOUNT_BLOCKED, block);
  }

  let renewedToken: string | null = null;
  const usedCurrentToken = session.tokenHash === tokenHash;
  const renewalDue = usedCurrentToken && now.getTime() - session.tokenIssuedAt.getTime() > renewEveryMs(policy);
  if (renewalDue) {
    const candidate = newToken();
    // Conditional on the token still being current: of two concurrent renewals only one wins.
    const updated = await db
      .update(sessions)
      .set({
        tokenHash: hashToken(candidate),
        previousTokenHash: tokenHash,
        previousValidUntil: new Date(now.getTime() + RENEWAL_GRACE_MS),
        tokenIssuedAt: now,
        lastSeenAt: now,
      })
      .where(and(eq(sessions.id, session.id), eq(sessions.tokenHash, tokenHash)))
      .returning({ id: sessions.id });
    if (updated.length > 0) renewedToken = candidate;
  }
  let lastSeenAt = session.lastSeenAt.getTime();
  if (!renewalDue && now.getTime() - lastSeenAt > touchEveryMs(policy)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    lastSeenAt = now.getTime();
  }

  const holdsPermission = row.isSuper || row.holdsPermission === true;
  const context: SessionContext = {
    sessionId: session.id,
    userId: session.userId,
    uname: row.uname,
    name: row.name,
    roleId: row.roleId,
    roleCode: row.roleCode,
    roleNameZh: row.roleNameZh,
    roleNameEn: row.roleNameEn,
    isSuper: row.isSuper,
    fieldOnly,
  };
  // Only the current token is remembered (a renewal here has already made the cache forget).
  if (cache && usedCurrentToken && !renewalDue) {
    cache.store(
      tokenHash,
      epochAtStart,
      { context, lastSeenAt, tokenIssuedAt: session.tokenIssuedAt.getTime(), cachedAt: at, idleMs: policy.idleMs },
      permission,
      holdsPermission,
    );
  }
  return { renewedToken, holdsPermission, context };
}
