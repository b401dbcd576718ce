/**
 * The route order bench (issue 20): 30 teams of 3 with 10 jobs each on one date, their addresses the
 * demo's (Bay Area ZIP codes), each job 30 minutes on site (90 person-minutes for 3) every 65 minutes
 * from 07:00, every other one with an arrival window of two hours either side of its start. Measures the
 * suggestion (contract suggestRouteOrder, the heuristic above 8 jobs) for all 30 team-days at once and
 * for one, beside the bare baseline of placing the current order (contract placeRoute: the times and
 * drive, no search), and `/jhSchedule/suggestOrder` for one team through the real app (app.inject)
 * beside the same service function behind a bare Fastify route; each pair timed in turn in one run.
 * Prints a BenchReport (load before and after); asserts nothing (docs/performance.md "Route order").
 * PGlite in memory, or DATABASE_URL's PostgreSQL (an empty database: it is migrated and seeded).
 */
import { PGlite } from '@electric-sql/pglite';
import { addDays, placeRoute, type RouteDay, suggestRouteOrder } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { suggestOrder } from '../src/modules/service/board/route-order.service';
import { zipCentroid } from '../src/modules/service/board/zip-centroids';
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
  const report = new BenchReport('Route order (issue 20): 30 teams × 10 jobs', database.engine);
  await database.migrate();
  await database.db.transaction((tx) => seed(tx, { adminPassword: PASSWORD, demo: true }));
  const date = addDays(await businessToday(db), 200);

  // 30 bench teams of 3 cleaners; 10 jobs a team from 07:00 every 65 minutes, locations spread over the demo's.
  const [role] = await queryRows<{ id: number }>(db, sql`select id from roles order by id desc limit 1`);
  await db.execute(sql`
    insert into teams (name, color) select 'Route bench ' || g, '#336699' from generate_series(1, ${TEAMS}::int) g`);
  await db.execute(sql`
    insert into sys_users (uname, password_hash, name, role_id)
    select 'route' || g, 'x', 'Route cleaner ' || g, ${role!.id}::int from generate_series(1, ${TEAMS * 3}::int) g`);
  await db.execute(sql`
    insert into team_members (team_id, user_id, is_leader)
    select t.id, u.id, (right(u.uname, -5)::int - 1) % 3 = 0
    from sys_users u join teams t on t.name = 'Route bench ' || (1 + (right(u.uname, -5)::int - 1) / 3)
    where u.uname like 'route%'`);
  await db.execute(sql`
    insert into jobs (reference, customer_id, location_id, zone_id, status, team_id, service_date, start_minutes,
                      duration_minutes, quoted_minutes, revenue_cents, window_start_minutes, window_end_minutes)
    select 'J-ROUTE-' || t.n || '-' || k, l.customer_id, l.id, l.zone_id, 'scheduled', t.id, ${date}::date, 420 + k * 65,
           30, 90, 18000,
           case when k % 2 = 0 then 420 + k * 65 - 120 end, case when k % 2 = 0 then 420 + k * 65 + 120 end
    from (select id, row_number() over (order by id) as n from teams where name like 'Route bench %') t
    cross join generate_series(0, ${JOBS_PER_TEAM - 1}::int) k
    join lateral (select id, customer_id, zone_id from customer_locations where deleted_at is null
                  order by id offset ((t.n * 37 + k * 11) % 200) limit 1) l on true`);
  await db.execute(sql`analyze`);
  const teams = await queryRows<{ id: number }>(db, sql`select id from teams where name like 'Route bench %' order by id`);

  // The 30 team-days as the suggestion reads them (the service's answer, once each), then the pure search alone.
  const zips = await queryRows<{ id: number; zip: string }>(
    db,
    sql`select j.id, l.zip from jobs j join customer_locations l on l.id = j.location_id where j.reference like 'J-ROUTE-%'`,
  );
  const [office] = await queryRows<{ zip: string }>(db, sql`select zip from business_profile where id = 1`);
  const zipOf = new Map(zips.map((z) => [z.id, z.zip]));
  const routes: RouteDay[] = [];
  let saved = 0;
  let improved = 0;
  for (const team of teams) {
    const s = await suggestOrder(db, { teamId: team.id, date });
    saved += s.savingMinutes;
    if (s.changed) improved += 1;
    routes.push({
      office: zipCentroid(office?.zip),
      stops: s.current.map((j) => ({
        id: j.id,
        location: zipCentroid(zipOf.get(j.id)),
        startMinutes: j.startMinutes,
        durationMinutes: j.durationMinutes,
        windowStartMinutes: j.windowStartMinutes,
        windowEndMinutes: j.windowEndMinutes,
      })),
      closingMinutes: 19 * 60,
      slotMinutes: 15,
    });
  }
  console.log(
    `${teams.length} team-days of ${JOBS_PER_TEAM} jobs on ${date}: ${improved} with a shorter order, ${saved} drive minutes saved in all`,
  );

  const app = await buildApp({ config, database, logger: false, serveStatic: false });
  const login = await app.inject({ method: 'POST', url: '/_/login', payload: { uname: 'admin', password: PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const inject = async (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => {
    const response = await app.inject({ method, url: `/_${path}`, headers: { authorization: token }, payload });
    if ((response.json() as { code: number }).code !== 0) throw new Error(response.body);
  };

  const bare = await bareRoutes({
    '/suggestOrder': (body) => suggestOrder(db, { teamId: Number(body.teamId), date }),
  });
  const currentIds = routes.map((r) => r.stops.map((stop) => stop.id));
  await report.compare(
    'suggestRouteOrder for all 30 teams × 10 jobs (pure)',
    RUNS,
    () => routes.map((r) => suggestRouteOrder(r)),
    () => routes.map((r, k) => placeRoute(r, currentIds[k]!)),
    { note: 'bare: placeRoute of the current order (no search)' },
  );
  await report.compare(
    'suggestRouteOrder, one team of 10 jobs (pure)',
    RUNS,
    (i) => suggestRouteOrder(routes[i % routes.length]!),
    (i) => placeRoute(routes[i % routes.length]!, currentIds[i % routes.length]!),
    { note: 'bare: placeRoute of the current order' },
  );
  await report.compare(
    'suggestOrder, one team of 10 jobs: HTTP',
    RUNS,
    (i) => inject('POST', '/jhSchedule/suggestOrder', { teamId: teams[i % teams.length]!.id, date }),
    (i) => bare.call('/suggestOrder', { teamId: teams[i % teams.length]!.id }),
  );
  report.finish();
  await bare.close();
  await app.close();
  await database.close();
}

void main();
