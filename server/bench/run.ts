/**
 * The basic calls: login, the signed-in user's info and the business profile through the real app
 * (app.inject: routing, the session check, validation, the query, serialization, without network
 * noise), each beside its bare baseline timed in turn in the same run: the password check alone for
 * the login (argon2id verify dominates it), the same service function behind a bare Fastify route
 * for the others. Prints a BenchReport; asserts nothing. A fresh in-memory PGlite, or DATABASE_URL's
 * PostgreSQL when set. BENCH_RUNS sets the runs (500; the login 50).
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { userInfoOfSession } from '../src/modules/auth/auth.service';
import { readBusinessProfile } from '../src/modules/system/params.service';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { verifyPassword } from '../src/platform/passwords';
import type { SessionContext } from '../src/platform/request-context';
import { seed } from '../src/seed/seed';
import { bareRoutes } from './lib/bare';
import { BenchReport } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const RUNS = Number(process.env.BENCH_RUNS ?? 500);

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32) };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  const report = new BenchReport('Basic calls: login, user info, business profile', database.engine);
  await database.migrate();
  await db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const app = await buildApp({ config, database, logger: false, serveStatic: false });

  const login = async () => {
    const response = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
    return (response.json() as { data: { token: string } }).data.token;
  };
  const [admin] = await queryRows<{ hash: string }>(db, sql`select password_hash as hash from sys_users where uname = 'admin'`);
  await report.compare('POST /_/login (argon2id verify)', Math.min(RUNS, 50), login, async () => {
    if (!(await verifyPassword(admin!.hash, PASSWORD))) throw new Error('the bare verify refused the password');
  });

  const token = await login();
  // The session as the auth hook hands it to the route, read the way a bare route would have it.
  const [row] = await queryRows<SessionContext>(
    db,
    sql`select s.id as "sessionId", u.id as "userId", u.uname, u.name, r.id as "roleId", r.code as "roleCode",
               r.name_zh as "roleNameZh", r.name_en as "roleNameEn", r.is_super as "isSuper", false as "fieldOnly"
          from sessions s join sys_users u on u.id = s.user_id join roles r on r.id = u.role_id
         where u.uname = 'admin' and s.ended_at is null order by s.id desc limit 1`,
  );
  if (!row) throw new Error('no open session of admin');
  const bare = await bareRoutes({
    '/getUserInfo': () => userInfoOfSession(db, row, 'en'),
    '/businessProfile': () => readBusinessProfile(db),
  });
  await report.compare(
    'GET /_/getUserInfo (session + menu)',
    RUNS,
    () => app.inject({ method: 'GET', url: '/_/getUserInfo', headers: { authorization: token } }),
    () => bare.call('/getUserInfo'),
  );
  await report.compare(
    'POST /_/sysParam/businessProfile',
    RUNS,
    () => app.inject({ method: 'POST', url: '/_/sysParam/businessProfile', headers: { authorization: token }, payload: {} }),
    () => bare.call('/businessProfile'),
  );
  report.finish();
  await bare.close();
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
