import { DEFAULT_TIME_ZONE, isValidTimeZone, todayIn } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { businessProfile } from './system.tables';

export const BUSINESS_PROFILE_ID = 1;

/** The business time zone (business profile); service dates and log cut-offs are days in it. */
export async function businessTimeZone(db: Db): Promise<string> {
  const [row] = await db
    .select({ timeZone: businessProfile.timeZone })
    .from(businessProfile)
    .where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  return row && isValidTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE;
}

/** Today's date (`YYYY-MM-DD`) in the business time zone. */
export async function businessToday(db: Db, now: Date = new Date()): Promise<string> {
  return todayIn(await businessTimeZone(db), now);
}
