/**
 * The daily schedule bench (issue 12): a day with 30 teams of 3 and 300 jobs (10 a team), then
 * `/derive/dayDerive` through the real app (app.inject) in English and Chinese, with and without
 * codes, each beside its bare baseline timed in turn in the same run: the same PDF function (same
 * language, codes) behind a bare Fastify route. Prints a BenchReport with the PDF sizes; asserts
 * nothing. PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: migrated and seeded).
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { daySchedule } from '../src/modules/office/start-of-day/day-schedule';
import { businessToday } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { openPostgres, queryRows, wrapPglite } from '../src/platform/database';
import { createSecrets } from '../src/platform/secrets';
import { seed } from '../src/seed/seed';
import { bareRoutes } from './lib/bare';
import { BenchReport } from './lib/report';

const PASSWORD = 'Bench-pass-123';
const TEAMS = 30;
const JOBS_PER_TEAM = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

async function main() {
  const secretKey = 'ab'.repeat(32);
  const config = { ...loadConfig({}), loginSlowdownMs: 0, secretKey, planGeneration: false };
  const secrets = createSecrets(Buffer.from(secretKey, 'hex'));
  const url = process.env.DATABASE_URL;
  const database = url ? openPostgres(url) : wrapPglite(await PGlite.create());
  const db = database.db;
  const report = new BenchReport('Daily schedule PDF (issue 12): 30 teams / 300 jobs', database.engine);
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true, secrets }));
  const date = addDays(await businessToday(db), 200);

  const [role] = await queryRows<{ id: number }>(db, sql`select id from roles order by id desc limit 1`);
  await db.execute(sql`
    insert into teams (name, color, vehicle) select 'Bench team ' || g, '#336699', 'Van ' || g
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
                      duration_minutes, quoted_minutes, drive_minutes, notes)
    select 'J-BENCH-' || t.n || '-' || k, l.customer_id, l.id, l.zone_id, 'scheduled', t.id, ${date}::date, 420 + k * 70,
           60, 180, 12, '请从后门进入 · Use the back door'
    from (select id, row_number() over (order by id) as n from teams where name like 'Bench team %') t
    cross join generate_series(0, ${JOBS_PER_TEAM - 1}::int) k
    join lateral (select id, customer_id, zone_id from customer_locations where deleted_at is null
                  order by id offset ((t.n * 10 + k) % 200) limit 1) l on true`);
  await db.execute(sql`analyze`);
  const [counts] = await queryRows<{ jobs: number }>(
    db,
    sql`select count(*)::int as jobs from jobs where service_date = ${date}`,
  );

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  let bytes = 0;
  const pdf = (locale: 'en' | 'zh') => async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/_/derive/dayDerive?date=${date}`,
      headers: { authorization: token, 'accept-language': locale },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    bytes = response.rawPayload.length;
  };

  console.log(`${counts!.jobs} jobs on ${date}, ${TEAMS} bench teams`);
  // The admin holds the key that reveals codes, so the bare route prints them too.
  const bare = await bareRoutes({
    '/dayDerive': async (body) =>
      (await daySchedule(db, secrets, { date, locale: body.locale as 'en' | 'zh', withCodes: true })).pdf,
  });
  for (const locale of ['zh', 'en'] as const) {
    await pdf(locale)(); // sets bytes: the PDF's size in the note
    await report.compare(`dayDerive ${locale}, with codes: HTTP`, RUNS, pdf(locale), () => bare.call('/dayDerive', { locale }), {
      note: `PDF ${Math.round(bytes / 1024)} kB`,
    });
  }
  report.finish();
  await bare.close();
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
