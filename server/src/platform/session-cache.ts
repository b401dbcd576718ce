import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './database';
import type { SessionContext } from './request-context';

/**
 * What one process knows of the sessions it has checked, so that a request of a session seen a
 * moment ago needs no database round trip (docs/architecture.md "Session cache").
 *
 * It is only ever used while the process is sure to hear of every change that could make it wrong:
 * - the database notifies "tidyhouse_auth" at the commit of any change to sessions (other than a
 *   touch of last_seen_at), users, roles or role permissions (migration 0026), or to the quote
 *   parameters that hold a phone's idle-out (migration 0047), and every process forgets all it knew;
 * - on PostgreSQL, a statement this process sends to those tables makes it forget at once, before
 *   the statement even runs (the notification then follows at its commit): a change made here takes
 *   effect here without waiting for the notification; PGlite delivers its notifications before the
 *   statement's promise resolves;
 * - while the listening connection is down (or not yet up, or has not yet heard its own probe
 *   notification) nothing is served from memory;
 * - an entry is used only while no write is due for its session (touch, renewal, idle end) and for
 *   at most MAX_AGE_MS.
 */
const AUTH_CHANNEL = 'tidyhouse_auth';
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

export interface CachedSession {
  context: SessionContext;
  lastSeenAt: number;
  tokenIssuedAt: number;
  cachedAt: number;
  /** The idle-out that applies to it (a field-only session's is a Location Parameter). */
  idleMs: number;
  /** Whether the role holds each key asked for so far. */
  holds: Map<string, boolean>;
}

export class SessionCache {
  private entries = new Map<string, CachedSession>();
  private live = false;
  /** Bumped by every forget: a lookup that started before one must not store what it read. */
  epoch = 0;
  /** Requests answered from memory (the tests read it). */
  hits = 0;
  private started = false;

  constructor(private readonly startListening: (cache: SessionCache) => void) {}

  forget(): void {
    this.epoch++;
    this.entries.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.forget();
  }

  /** The entry for a token hash, if it may be trusted now; starts listening on first use. */
  find(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.started) {
      this.started = true;
      this.startListening(this);
    }
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry || now - entry.cachedAt > MAX_AGE_MS || now < entry.cachedAt) return undefined;
    return entry;
  }

  /** Stores what a lookup read, unless something was forgotten since it started. */
  store(tokenHash: string, epochAtStart: number, entry: Omit<CachedSession, 'holds'>, permission: string, holds: boolean) {
    if (!this.live || epochAtStart !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const known = this.entries.get(tokenHash);
    const map = known && known.context.sessionId === entry.context.sessionId ? known.holds : new Map<string, boolean>();
    map.set(permission, holds);
    this.entries.set(tokenHash, { ...entry, holds: map });
  }
}

const caches = new WeakMap<Db, SessionCache>();
export const sessionCacheOf = (db: Db): SessionCache | undefined => caches.get(db);

/**
 * A statement that writes to a table the sessions depend on. The touch of last_seen_at that
 * resumeSession sends (exactly this text) and a new session's insert change no cached entry.
 */
const AUTH_WRITE =
  /^\s*(?:update|delete\s+from|insert\s+into|truncate(?:\s+table)?)\s+"?(sessions|sys_users|roles|role_permissions|quote_parameters)"?(?:[\s(;]|$)/i;
const TOUCH = 'update "sessions" set "last_seen_at" = $1 where "sessions"."id" = $2';

export function writesAuthState(query: string): boolean {
  const match = AUTH_WRITE.exec(query);
  if (!match) return false;
  if (match[1]!.toLowerCase() === 'sessions' && (query === TOUCH || /^\s*insert/i.test(query))) return false;
  return true;
}

/** The PostgreSQL side: a cache, a Drizzle logger that forgets on a local write, and a listener. */
export function postgresSessionCache(url: string): {
  cache: SessionCache;
  logQuery: (query: string) => void;
  close(): Promise<void>;
} {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = (cache: SessionCache) => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    const retry = () => {
      cache.setLive(false);
      next.removeAllListeners();
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!closed && !timer) {
        timer = setTimeout(() => {
          timer = null;
          connect(cache);
        }, RECONNECT_MS);
        timer.unref();
      }
    };
    // Live only once a notification of our own has come back on this connection: behind a pooler
    // that does not keep LISTEN (PgBouncer in transaction mode) it never does, and the cache stays off.
    const probe = `probe ${randomUUID()}`;
    next.on('notification', (message) => {
      if (message.payload === probe) {
        if (!closed && client === next) cache.setLive(true);
      } else cache.forget();
    });
    next.on('error', retry);
    next.on('end', retry);
    next
      .connect()
      .then(() => next.query(`LISTEN ${AUTH_CHANNEL}`))
      .then(() => next.query('select pg_notify($1, $2)', [AUTH_CHANNEL, probe]))
      .catch(retry);
  };
  const cache = new SessionCache(connect);
  return {
    cache,
    logQuery: (query) => {
      if (writesAuthState(query)) cache.forget();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      cache.setLive(false);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => {});
        await open.end().catch(() => {});
      }
    },
  };
}

/** The embedded engine delivers notifications before the statement's promise resolves. */
export function pgliteSessionCache(client: PGlite): SessionCache {
  return new SessionCache((cache) => {
    client
      .listen(AUTH_CHANNEL, () => cache.forget())
      .then(() => cache.setLive(true))
      .catch(() => cache.setLive(false));
  });
}

export function registerSessionCache(db: Db, cache: SessionCache): void {
  caches.set(db, cache);
}
