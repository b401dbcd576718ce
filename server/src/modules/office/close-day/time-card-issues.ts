import { type ChecklistItem, DEFAULT_TIME_ZONE } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';

/**
 * The time cards of a day that keep it from closing, as checklist rows. The one place the close
 * gate asks about time cards: for now an open punch (no end) is the only flag; the time-cards
 * workstream (helper "tc") wires its own flags (missed meals, overlaps, …) in here.
 */
export async function timeCardIssuesOn(db: Db, date: string): Promise<ChecklistItem['rows']> {
  const rows = await queryRows<{ user_id: number; name: string; kind: string; starts: string }>(
    db,
    sql`select p.user_id, u.name, p.kind, to_char(p.starts_at at time zone coalesce(
               (select bp.time_zone from business_profile bp where bp.id = 1), ${DEFAULT_TIME_ZONE}), 'HH24:MI') as starts
          from time_punches p
          join sys_users u on u.id = p.user_id
         where p.work_date = ${date} and p.deleted_at is null and p.ends_at is null
         order by u.name, p.starts_at`,
  );
  return rows.map((r) => ({
    label: `${r.name} · ${r.kind} ${r.starts} → ?`,
    link: `/employee/attendance?date=${date}&userId=${r.user_id}`,
  }));
}
