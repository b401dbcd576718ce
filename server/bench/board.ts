/**
 * The schedule board bench (issue 10): a day with 30 teams of 3 and 300 jobs (10 a team), then
 * `/jhSchedule/queryBoard`, the week view and the change stamps through the real app (app.inject:
 * routing, session, validation, the queries, serialization), each beside its bare baseline: the same
 * service function behind a bare Fastify route (bench/lib/bare.ts), timed in turn in the same run.
 * Prints a BenchReport (load before and after, p99 beside bare); asserts nothing. PGlite in memory,
 * or DATABASE_URL's PostgreSQL (use an empty database: it is migrated and seeded). BENCH_RUNS sets
 * the number of timed runs.
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { assignmentsStamp } from '../src/modules/service/assignments/day-stamp';
import { boardDay, boardStamp, boardWeek } from '../src/modules/service/board/board.query';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { seed } from '../src/seed/seed';
import { bareRoutes } from './lib/bare';
import { BenchReport } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const TEAMS = 30;
const JOBS_PER_TEAM = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function main() {
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey: 'ab'.repeat(32), planGeneration: false };
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  const report = new BenchReport('Schedule board (issue 10): a day of 30 teams / 300 jobs', database.engine);
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const date = addDays(await businessToday(db), 200);

  // 30 bench teams of 3 cleaners, then 10 jobs a team on the date (07:00, 08:10, … 17:30; 60 minutes each for 3).
  const [role] = await queryRows<{ id: number }>(db, sql`select id from roles order by id desc limit 1`);
  await db.execute(sql`
    insert into teams (name, color) select 'Bench team ' || g, '#' || lpad(to_hex((g * 2654435) % 16777215), 6, '0')
    from generate_series(1, ${TEAMS}::int) g`);
  await db.execute(sql`
    insert into sys_users (uname, password_hash, name, role_id)
    select 'bench' || g, 'x', 'Bench cleaner ' || g, ${role!.id}::int from generate_series(1, ${TEAMS * 3}::int) g`);
  await db.execute(sql`
    insert into team_members (team_id, user_id, is_leader)
    select t.id, u.id, (right(u.uname, -5)::int - 1) % 3 = 0
    from sys_users u join teams t on t.name = 'Bench team ' || (1 + (right(u.uname, -5)::int - 1) / 3)
    where u.uname like 'bench%'`);
  await db.execute(sql`
    insert into jobs (reference, customer_id, location_id, zone_id, status, team_id, service_date, start_minutes,
                      duration_minutes, quoted_minutes, revenue_cents, window_start_minutes, window_end_minutes)
    select 'J-BENCH-' || t.n || '-' || k, l.customer_id, l.id, l.zone_id, 'scheduled', t.id, ${date}::date, 420 + k * 70,
           60, 180, 18000, 480, 720
    from (select id, row_number() over (order by id) as n from teams where name like 'Bench team %') t
    cross join generate_series(0, ${JOBS_PER_TEAM - 1}::int) k
    join lateral (select id, customer_id, zone_id from customer_locations where deleted_at is null
                  order by id offset ((t.n * 10 + k) % 200) limit 1) l on true`);
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<{ jobs: number; teams: number }>(
    db,
    sql`select (select count(*)::int from jobs where service_date = ${date}) as jobs,
               (select count(*)::int from teams where active and deleted_at is null) as teams`,
  );

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const call = (path: string, payload: Record<string, unknown>) => async () => {
    const response = await app.inject({ method: 'POST', url: `/_${path}`, headers: { authorization: token }, payload });
    if ((response.json() as { code: number }).code !== 0) throw new Error(response.body);
    return response;
  };
  const sample = await call('/jhSchedule/queryBoard', { date })();
  console.log(
    `engine: ${database.engine}; ${counts!.teams} active teams, ${counts!.jobs} jobs on ${date}; answer ${Math.round(sample.body.length / 1024)} kB`,
  );
  const bare = await bareRoutes({
    '/queryBoard': () => boardDay(db, date),
    '/queryWeek': () => boardWeek(db, date),
    '/boardStamp': () => boardStamp(db, date),
    '/assignmentsStamp': () => assignmentsStamp(db, date),
  });
  await report.compare('queryBoard, the day', RUNS, call('/jhSchedule/queryBoard', { date }), () => bare.call('/queryBoard'));
  await report.compare('queryWeek (7 days, 30 teams)', RUNS, call('/jhSchedule/queryWeek', { date }), () =>
    bare.call('/queryWeek'),
  );
  await report.compare('boardStamp (the 3-second poll)', RUNS, call('/jhSchedule/boardStamp', { date }), () =>
    bare.call('/boardStamp'),
  );
  await report.compare(
    'assignmentsStamp (the 3-second poll)',
    RUNS,
    call('/jhSchedule/assignmentsStamp', { serviceDate: date }),
    () => bare.call('/assignmentsStamp'),
  );
  report.finish();
  await bare.close();
  await app.close();
  await database.close();
}

void main();
