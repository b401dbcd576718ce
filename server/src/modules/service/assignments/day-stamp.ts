import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';

/**
 * The parts of a cheap fingerprint of who works in which team on `date`: the day's stored assignment,
 * the standing teams (membership and leaders), the teams themselves, the employees (a freeze, a
 * termination or a new hire bumps a version or the count), the leave touching the date (an added,
 * changed or cancelled leave changes its id, version or deleted flag) and the team outages on it
 * (added or removed). Versions only grow, so a count with a sum of versions moves on every change.
 * Each part reads a small table or one date through an index.
 */
export function crewStampParts(date: string): SQL[] {
  return [
    sql`(select ad.version::text from assignment_days ad where ad.service_date = ${date})`,
    sql`(select string_agg(tm.user_id || ':' || tm.team_id || ':' || tm.is_leader, ',' order by tm.user_id) from team_members tm)`,
    sql`(select count(*) || ':' || coalesce(sum(tt.version), 0) from teams tt)`,
    sql`(select count(*) || ':' || coalesce(sum(u.version), 0) from sys_users u)`,
    sql`(select string_agg(l.id || ':' || l.version || ':' || (l.deleted_at is null), ',' order by l.id)
           from employee_leaves l where l.start_date <= ${date} and l.end_date >= ${date})`,
    sql`(select string_agg(o.id::text, ',' order by o.id)
           from team_outages o where o.start_date <= ${date} and o.end_date >= ${date})`,
  ];
}

/** One md5 over the parts (a missing part counts as empty, its place kept by the separator). */
export async function stampOf(db: Db, parts: SQL[]): Promise<string> {
  const [row] = await queryRows<{ stamp: string }>(
    db,
    sql`select md5(concat_ws('|', ${sql.join(
      parts.map((part) => sql`coalesce(${part}, '')`),
      sql`, `,
    )})) as stamp`,
  );
  return row!.stamp;
}

/** `/jhSchedule/assignmentsStamp`: polled by the daily assignments screen, which reloads only on a change. */
export async function assignmentsStamp(db: Db, date: string): Promise<{ serviceDate: string; stamp: string }> {
  return { serviceDate: date, stamp: await stampOf(db, crewStampParts(date)) };
}
