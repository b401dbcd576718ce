import { Code, DEFAULT_TIME_ZONE, isValidTimeZone, todayIn } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { businessProfile } from '../modules/system/system.tables';
import type { Db } from './database';
import { AppError } from './errors';

/** The business profile is one row (system set-up edits it). */
export const BUSINESS_PROFILE_ID = 1;

/** The business time zone (business profile); service dates and log cut-offs are days in it. */
export async function businessTimeZone(db: Db): Promise<string> {
  const [row] = await db
    .select({ timeZone: businessProfile.timeZone })
    .from(businessProfile)
    .where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  return row && isValidTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE;
}

/**
 * Where "now" is read for business dates. Only tests move it: a job is completed only once its day
 * has come, and the office-day tests confirm and close days of their own, in the future.
 */
export const businessClock = { now: (): Date => new Date() };

/** Today's calendar date in the business time zone (`YYYY-MM-DD`). */
export async function businessToday(db: Db, at: Date = businessClock.now()): Promise<string> {
  return todayIn(await businessTimeZone(db), at);
}

/**
 * Refuses a business date after today in the business time zone (10001 naming the field): money is
 * recorded on the day it moved, and a day ahead would miss that day's close. The caller's transaction
 * rolls back, so nothing changes.
 */
export async function assertNotAfterToday(db: Db, field: string, date: string): Promise<void> {
  const today = await businessToday(db);
  if (date > today) throw new AppError(Code.INVALID_INPUT, 'error.dateAfterToday', { field, date, today });
}

/** Today in the business time zone, inside SQL (saves a round trip in list queries). */
export const businessTodaySql = sql`(now() at time zone coalesce((select bp.time_zone from business_profile bp where bp.id = 1), ${DEFAULT_TIME_ZONE}))::date`;
