import { addDays } from '@tidyhouse/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { sysUsers } from '../../employees/employees.tables';
import { campaigns } from './campaigns.tables';

/**
 * Demo campaigns in every audit state, made by the office manager and decided by the administrator;
 * the demo quotes' channels and SPRING20 coupon link to them, so the results tab has figures.
 */
export async function seedDemoCampaigns(db: Db, today: string): Promise<void> {
  const staff = await db
    .select({ id: sysUsers.id, uname: sysUsers.uname })
    .from(sysUsers)
    .where(inArray(sysUsers.uname, ['office', 'admin']));
  const office = staff.find((s) => s.uname === 'office')?.id ?? null;
  const admin = staff.find((s) => s.uname === 'admin')?.id ?? null;
  const decided = { auditedBy: admin, auditedAt: new Date(`${addDays(today, -200)}T17:00:00Z`) };
  const running = { startDate: addDays(today, -240), endDate: addDays(today, 120) };
  const by = { createdBy: office, updatedBy: office };
  await db.insert(campaigns).values([
    {
      ...by,
      ...running,
      ...decided,
      category: 'direct_mail',
      sourceName: 'Spring mailer 2026',
      couponCode: 'SPRING20',
      couponKind: 'fixed',
      couponValue: 2000,
      costCents: 180_000,
      auditStatus: 'approved',
    },
    { ...by, ...running, ...decided, category: 'online', sourceName: 'Google Ads', costCents: 420_000, auditStatus: 'approved' },
    {
      ...by,
      ...running,
      ...decided,
      category: 'online',
      sourceName: 'Nextdoor',
      couponCode: 'NEIGHBOR10',
      couponKind: 'percent',
      couponValue: 1000,
      costCents: 60_000,
      auditStatus: 'approved',
    },
    { ...by, ...running, ...decided, category: 'online', sourceName: 'Yelp', costCents: 150_000, auditStatus: 'approved' },
    {
      ...by,
      startDate: addDays(today, 7),
      endDate: addDays(today, 97),
      category: 'referral',
      sourceName: 'Refer a friend (fall)',
      couponCode: 'FRIEND15',
      couponKind: 'percent',
      couponValue: 1500,
      costCents: 25_000,
      auditStatus: 'pending',
    },
    {
      ...by,
      ...decided,
      startDate: addDays(today, -30),
      endDate: addDays(today, 60),
      category: 'event',
      sourceName: 'County fair booth',
      couponCode: 'FAIR50',
      couponKind: 'fixed',
      couponValue: 5000,
      costCents: 90_000,
      active: false,
      auditStatus: 'failed',
      auditReason: 'A $50 coupon is more than the booth brings in; resubmit at $25.',
    },
  ]);
  // The demo quotes came through these channels (or with the spring coupon).
  await db.execute(sql`update quotes set campaign_id = c.id from campaigns c
    where quotes.campaign_id is null and c.deleted_at is null
      and (lower(quotes.channel) = lower(c.source_name) or (quotes.coupon_code <> '' and lower(quotes.coupon_code) = lower(c.coupon_code)))`);
}
