import { DEFAULT_TIME_ZONE } from '@tidyhouse/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { messageParameters } from '../outbox/outbox.tables';

/** The business time zone inside SQL (the business profile's, as businessTodaySql reads it). */
export const TZ_SQL = sql`coalesce((select bp.time_zone from business_profile bp where bp.id = 1), ${DEFAULT_TIME_ZONE})`;

/** A job's start as a moment: its service date and wall-clock start in the business time zone. */
export const jobStartSql = (alias: string): SQL =>
  sql`((${sql.raw(alias)}.service_date + make_interval(mins => ${sql.raw(alias)}.start_minutes)) at time zone ${TZ_SQL})`;

/** The event timings of the messaging Location Parameters (row 1), with their defaults when unset. */
export async function eventTimings(db: Db): Promise<{ reminderLeadHours: number; reviewRequestDays: number }> {
  const [row] = await db
    .select({ lead: messageParameters.reminderLeadHours, days: messageParameters.reviewRequestDays })
    .from(messageParameters)
    .where(eq(messageParameters.id, 1));
  return { reminderLeadHours: row?.lead ?? 24, reviewRequestDays: row?.days ?? 2 };
}

/** Whether a scheduled job still starts after `now` (a job typed in after the fact tells no one). */
export async function startsAfter(
  db: Db,
  job: { serviceDate: string | null; startMinutes: number | null },
  now: Date,
): Promise<boolean> {
  if (job.serviceDate === null || job.startMinutes === null) return false;
  const [row] = await queryRows<{ ahead: boolean }>(
    db,
    sql`select ((${job.serviceDate}::date + make_interval(mins => ${job.startMinutes}::int)) at time zone ${TZ_SQL}) > ${now.toISOString()}::timestamptz as ahead`,
  );
  return row?.ahead === true;
}
