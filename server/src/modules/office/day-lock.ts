import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { refused } from '../../platform/errors';

/**
 * The lock of a closed day (design.md §8 "Locks of the day"): every write to a job, payment or
 * punch of a business date asks this first, inside its own transaction, after locking the record
 * it changes.
 *
 * Why it cannot race a close: the day's row is made if missing (`on conflict do nothing` waits for
 * a close that is inserting it), then read `for share`, which a close (`for update`) waits for and
 * which waits for a close in progress. So either the write commits before the close reads the day,
 * or it sees the day closed and is refused with 10010.
 */
export async function assertDaysOpen(tx: Db, dates: readonly (string | null | undefined)[]): Promise<void> {
  const days = [...new Set(dates.filter((d): d is string => !!d))].sort();
  for (const day of days) {
    await tx.execute(sql`insert into office_days (business_date) values (${day}) on conflict (business_date) do nothing`);
    const result = (await tx.execute(sql`select status from office_days where business_date = ${day} for share`)) as unknown as {
      rows: { status: string }[];
    };
    if (result.rows[0]?.status === 'closed') throw refused('office.dayClosed', { date: day });
  }
}

/** Whether a day is closed, for screens (no lock; writes use assertDaysOpen). */
export async function isDayClosed(db: Db, day: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from office_days where business_date = ${day} and status = 'closed'`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
