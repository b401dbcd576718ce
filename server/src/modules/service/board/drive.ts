import { driveEstimate, type LatLng } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { zipCentroid } from './zip-centroids';

/** Statuses of a job that is on a team's route that day (drawn on the board, driven to). */
export const ON_ROUTE_STATUSES = ['scheduled', 'completed', 'uncompleted', 'closed'] as const;
export const ON_ROUTE_SQL = sql.raw(ON_ROUTE_STATUSES.map((s) => `'${s}'`).join(', '));

export interface TeamDay {
  teamId: number;
  date: string;
}

interface Stop {
  id: number;
  zip: string;
  driveTenthMiles: number | null;
  driveMinutes: number | null;
}

/** Drive estimates along a route: the first stop from the office, each next one from the stop before. */
export function routeDrives(officeZip: string, zips: readonly string[]): { tenthMiles: number | null; minutes: number | null }[] {
  let previous: LatLng | null = zipCentroid(officeZip);
  return zips.map((zip) => {
    const here = zipCentroid(zip);
    const estimate = previous && here ? driveEstimate(previous, here) : null;
    previous = here;
    return { tenthMiles: estimate?.tenthMiles ?? null, minutes: estimate?.minutes ?? null };
  });
}

/**
 * Recomputes and stores the drive from the previous stop of every job on these team-days (in start
 * order). Called inside the move's transaction, with the team-days locked. Only changed rows are written;
 * the version is not bumped (a derived figure, not an edit someone could conflict with).
 */
export async function recomputeDrives(tx: Db, teamDays: readonly TeamDay[]): Promise<void> {
  if (teamDays.length === 0) return;
  const keys = sql.join(
    teamDays.map((d) => sql`(${d.teamId}::int, ${d.date}::date)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    select j.id, j.team_id as "teamId", j.service_date::text as "date", l.zip,
           j.driving_distance_tenth_miles as "driveTenthMiles", j.drive_minutes as "driveMinutes",
           (select bp.zip from business_profile bp where bp.id = 1) as "officeZip"
    from jobs j join customer_locations l on l.id = j.location_id
    where (j.team_id, j.service_date) in (${keys}) and j.status in (${ON_ROUTE_SQL})
    order by j.team_id, j.service_date, j.start_minutes, j.id`)) as unknown as {
    rows: (Stop & { teamId: number; date: string; officeZip: string | null })[];
  };
  const routes = new Map<string, (typeof result.rows)[number][]>();
  for (const row of result.rows) {
    const key = `${row.teamId}|${row.date}`;
    routes.set(key, [...(routes.get(key) ?? []), row]);
  }
  const changed: { id: number; tenthMiles: number | null; minutes: number | null }[] = [];
  for (const stops of routes.values()) {
    const drives = routeDrives(
      stops[0]!.officeZip ?? '',
      stops.map((s) => s.zip),
    );
    stops.forEach((stop, i) => {
      const d = drives[i]!;
      if (d.tenthMiles !== stop.driveTenthMiles || d.minutes !== stop.driveMinutes) {
        changed.push({ id: stop.id, tenthMiles: d.tenthMiles, minutes: d.minutes });
      }
    });
  }
  if (changed.length === 0) return;
  const values = sql.join(
    changed.map((c) => sql`(${c.id}::int, ${c.tenthMiles}::int, ${c.minutes}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update jobs set driving_distance_tenth_miles = v.tenth, drive_minutes = v.minutes
    from (values ${values}) as v(id, tenth, minutes) where jobs.id = v.id`);
}
