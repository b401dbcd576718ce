import type { ChecklistItem } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import { type Db, queryRows } from '../../../platform/database';
import { queryFlags } from '../../payroll/time-cards/attendance.query';

/** Enough for any day's staff; the gate lists every employee whose card is flagged. */
const MAX_FLAGS = 1000;

/**
 * The time cards of a day that keep it from closing, as checklist rows: one row per employee whose
 * card has an open flag (time cards' own rules: a missing punch, job time outside the day's clock,
 * overlapping punches, a missing or late meal, a day over 12 hours), with the number of issues,
 * linked to the employee's card of that day. A punch still open counts too, even on a day time
 * cards do not yet call over: closing the day says it is over. A day after today has no time cards
 * to judge (nobody can punch ahead of the day), so only its open punches count.
 */
export async function timeCardIssuesOn(db: Db, date: string): Promise<ChecklistItem['rows']> {
  const flags =
    date > (await businessToday(db))
      ? { list: [] }
      : await queryFlags(db, { from: date, to: date, pageNum: 1, pageSize: MAX_FLAGS });
  const open = await queryRows<{ userId: number; name: string; punchId: number }>(
    db,
    sql`select p.user_id as "userId", u.name, p.id as "punchId" from time_punches p join sys_users u on u.id = p.user_id
         where p.work_date = ${date} and p.deleted_at is null and p.ends_at is null`,
  );
  const issues = new Map<number, { name: string; keys: Set<string> }>();
  const add = (userId: number, name: string, key: string) => {
    const entry = issues.get(userId) ?? { name, keys: new Set<string>() };
    entry.keys.add(key);
    issues.set(userId, entry);
  };
  for (const row of flags.list) {
    const punchIds = row.flag.params.punchIds ?? [];
    // An open punch that time cards already flag is one issue, not two.
    add(
      row.userId,
      row.name,
      row.flag.code === 'openPunch' && punchIds.length ? `open:${punchIds[0]}` : JSON.stringify(row.flag),
    );
  }
  for (const row of open) add(row.userId, row.name, `open:${row.punchId}`);
  return [...issues]
    .sort(([, a], [, b]) => a.name.localeCompare(b.name))
    .map(([userId, { name, keys }]) => ({
      label: `${name} (${keys.size})`,
      link: `/employee/attendance?date=${date}&userId=${userId}`,
    }));
}
