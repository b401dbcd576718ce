import type { BusinessProfile } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { businessProfile } from './system.tables';

export const BUSINESS_PROFILE_ID = 1;

export async function readBusinessProfile(db: Db): Promise<BusinessProfile> {
  const [row] = await db.select().from(businessProfile).where(eq(businessProfile.id, BUSINESS_PROFILE_ID));
  return {
    name: row?.name ?? 'Tidyhouse',
    street: row?.street ?? '',
    suite: row?.suite ?? '',
    city: row?.city ?? '',
    state: row?.state ?? '',
    zip: row?.zip ?? '',
    phone: row?.phone ?? '',
    timeZone: row?.timeZone ?? 'America/Los_Angeles',
  };
}
