import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Code } from '@tidyhouse/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { sysUsers } from '../src/modules/employees/employees.tables';
import { type Config, loadConfig } from '../src/platform/config';
import { type Database, type Db, openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { translate } from '../src/platform/messages';
import { createSession } from '../src/platform/sessions';
import { type RoleCode, TEST_PASSWORD, TEST_SECRET_KEY, USER_OF_ROLE } from './fixtures';

/** The client address of fixture logins (see login below). */
const FIXTURE_LOGIN_IP = '198.51.100.250';

export interface CallResult<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Record<string, string | number | string[] | undefined>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  method?: 'GET' | 'POST';
  locale?: 'en' | 'zh' | 'es';
  query?: Record<string, string>;
  /** The client address the request comes from (default 127.0.0.1). */
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  call<T = unknown>(path: string, options?: CallOptions): Promise<CallResult<T>>;
  login(uname: string, password?: string): Promise<string>;
  loginAs(role: RoleCode): Promise<string>;
  /** A session for a role's fixture user made directly, without the password check: for tests of
   * everything but login, where hundreds of argon2 verifications would only cost time. */
  sessionAs(role: RoleCode): Promise<string>;
  /** A digest of every business table: equal before and after means nothing changed. */
  fingerprint(): Promise<string>;
  close(): Promise<void>;
}

/** Tables that change on every request by design (the session and login tracker), left out of fingerprints. */
const VOLATILE_TABLES = new Set(['sessions', 'login_attempts']);

async function openTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (process.env.TEST_ENGINE === 'postgres') {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `${base.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 4);
    return {
      database,
      dispose: async () => {
        await database.close();
        // FORCE cannot end an autovacuum worker that happens to be in the database (PostgreSQL 15
        // refuses a role that is not its member); such a worker is done in a moment, so try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await admin.query(`drop database if exists "${name}" with (force)`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
        await admin.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  const database = wrapPglite(client);
  return { database, dispose: () => database.close() };
}

/** Boots the real app on a fresh copy of the seeded test database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    logStream?: DestinationStream;
    /** Keep the demo's closed office day (yesterday when the template was seeded): only its own tests want it. */
    keepClosedDays?: boolean;
  } = {},
): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase();
  // The demo closes yesterday, which would refuse (10010) any test writing a job or payment on a fixed
  // date the day after that date; tests of the office day ask to keep it.
  if (!options.keepClosedDays) await database.db.execute(sql`update office_days set status = 'open' where status = 'closed'`);
  const config: Config = {
    ...loadConfig({}),
    loginSlowdownMs: 0,
    secretKey: TEST_SECRET_KEY,
    gatewayUrl: inject('gatewayUrl'),
    // Test apps send no customer messages by themselves: the outbox tests run the worker's cycles.
    outboxWorker: false,
    // Nor generate plan jobs on their first request: after midnight in the business time zone that run
    // added the new day's jobs in the middle of a test (the generation tests run it themselves).
    planGeneration: false,
    smsSimUrl: inject('smsSimUrl'),
    ...overrides,
  };
  const app = await buildApp({
    config,
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    serveStatic: false,
    checkResponses: true,
  });
  const db = database.db;

  const call = async <T>(path: string, options: CallOptions = {}): Promise<CallResult<T>> => {
    const method = options.method ?? 'POST';
    const headers: Record<string, string> = { 'accept-language': options.locale ?? 'en' };
    if (options.token) headers.authorization = options.token;
    // A GET takes its input from the query string: the body of a table-driven case becomes the query.
    const query =
      options.query ??
      (method === 'GET' && options.body && typeof options.body === 'object'
        ? Object.fromEntries(Object.entries(options.body).map(([k, v]) => [k, String(v)]))
        : undefined);
    const response = await app.inject({
      method,
      url: `/_${path}`,
      headers,
      query,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(method === 'POST' ? { payload: (options.body ?? {}) as object } : {}),
    });
    // A binary answer (an image) has no envelope: success is its HTTP status.
    if (!String(response.headers['content-type'] ?? '').includes('json')) {
      const ok = response.statusCode === 200 || response.statusCode === 304;
      return {
        status: response.statusCode,
        code: ok ? 0 : -1,
        message: '',
        data: response.rawPayload as T,
        headers: response.headers,
      };
    }
    const body = response.json() as { code: number; message: string; data: T };
    // A document (the OpenAPI one) is JSON without an envelope: success is its HTTP status too.
    if (typeof body.code !== 'number') {
      return {
        status: response.statusCode,
        code: response.statusCode === 200 ? 0 : -1,
        message: '',
        data: body as T,
        headers: response.headers,
      };
    }
    return { status: response.statusCode, ...body, headers: response.headers };
  };

  // Fixtures log in from an address of their own, so that tests of failed logins from the default
  // address (the throttle, the fuzz test) never lock the fixtures out.
  const login = async (uname: string, password = TEST_PASSWORD) => {
    const result = await call<{ token: string }>('/login', { body: { uname, password }, ip: FIXTURE_LOGIN_IP });
    // A user without menu entries nor the field app is refused by /login; the guard tests still need their
    // session to prove the server refuses them everything else.
    if (result.code === Code.REFUSED && result.message === translate('en', 'auth.noMenu')) {
      const [user] = await db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, uname));
      return createSession(db, user!.id, {});
    }
    if (result.code !== 0) throw new Error(`login of ${uname} failed: ${result.code} ${result.message}`);
    return result.data.token;
  };

  // Every row version carries the id of the transaction that wrote it (xmin), and ids only grow: a
  // table's row count and highest xmin change on any committed insert, update or delete, even one that
  // writes back the same values. One query over all tables, about ten times cheaper than hashing rows.
  let fingerprintQuery: SQL | undefined;
  const fingerprint = async () => {
    if (!fingerprintQuery) {
      const tables = await queryRows<{ tablename: string }>(
        db,
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      fingerprintQuery = sql.raw(
        tables
          .filter(({ tablename }) => !VOLATILE_TABLES.has(tablename))
          .map(
            ({ tablename }) =>
              `select '${tablename}' as t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as d from "${tablename}"`,
          )
          .join(' union all '),
      );
    }
    const rows = await queryRows<{ t: string; d: string }>(db, fingerprintQuery);
    // Sorted here: PostgreSQL may run the union's branches in parallel and answer in any order.
    return rows
      .map((r) => `${r.t}:${r.d}`)
      .sort()
      .join(',');
  };

  return {
    app,
    db,
    config,
    call,
    login,
    loginAs: (role) => login(USER_OF_ROLE[role]),
    sessionAs: async (role) => {
      const [user] = await db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, USER_OF_ROLE[role]));
      return createSession(db, user!.id, { ip: FIXTURE_LOGIN_IP });
    },
    fingerprint,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}
