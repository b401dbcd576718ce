import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { moment } from '../../platform/columns';
import { sysUsers } from '../employees/employees.tables';

/**
 * Sessions live in the database so any server process can serve any request. Only hashes of tokens
 * are stored. After a renewal the previous token stays valid for a short grace period, so requests
 * already in flight with it still succeed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    previousTokenHash: varchar('previous_token_hash', { length: 64 }),
    previousValidUntil: moment('previous_valid_until'),
    tokenIssuedAt: moment('token_issued_at').notNull().defaultNow(),
    createdAt: moment('created_at').notNull().defaultNow(),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
    endedAt: moment('ended_at'),
    endReason: varchar('end_reason', { length: 32 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    index('sessions_previous_token_idx').on(t.previousTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** The login tracker: every attempt, good or bad. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: moment('at').notNull().defaultNow(),
    uname: varchar('uname', { length: 64 }).notNull(),
    userId: integer('user_id'),
    success: boolean('success').notNull(),
    /** ok, bad_credentials, locked, accountFrozen, accountDisabled, accountTerminated, roleDisabled (contract LOGIN_RESULTS) */
    result: varchar('result', { length: 32 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [
    index('login_attempts_at_idx').on(t.at),
    index('login_attempts_uname_at_idx').on(t.uname, t.at),
    // Login tracker filters: the start of the user name (stored lower-case), the result, success.
    index('login_attempts_uname_prefix_idx').on(t.uname.op('varchar_pattern_ops')),
    index('login_attempts_result_at_idx').on(t.result, t.at),
    index('login_attempts_success_at_idx').on(t.success, t.at),
  ],
);

/**
 * Failed-login throttles (docs/business-rules.md "Failed logins"): one row per user name and client
 * address together (`user:<uname>|<ip>`) and one per client address (`address:<ip>`). Each attempt
 * takes its place with one atomic upsert before the password is checked, so parallel guesses
 * cannot exceed the limit; a success gives its place back.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: varchar('key', { length: 160 }).primaryKey(),
    /** Attempts in the current window that did not succeed (or are being checked). */
    failures: integer('failures').notNull(),
    windowStart: moment('window_start').notNull(),
    /** When the limit was reached: refused until this + the lock time. */
    lockedAt: moment('locked_at'),
  },
  (t) => [index('login_throttles_window_idx').on(t.windowStart)],
);
