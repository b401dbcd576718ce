import { CAMPAIGN_AUDIT_STATUSES, CAMPAIGN_CATEGORIES, COUPON_KINDS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment, softDelete } from '../../../platform/columns';

/**
 * Marketing campaigns (spec §3 Campaign). A new or changed campaign is pending until someone with the
 * approve key, not its last editor, approves or fails it; only an approved, active campaign's coupon
 * applies, within its dates.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    ...baseColumns(),
    ...softDelete(),
    category: varchar('category', { length: 16, enum: CAMPAIGN_CATEGORIES }).notNull(),
    sourceName: varchar('source_name', { length: 64 }).notNull(),
    couponCode: varchar('coupon_code', { length: 32 }).notNull().default(''),
    couponKind: varchar('coupon_kind', { length: 8, enum: COUPON_KINDS }).notNull().default('percent'),
    /** Basis points for a percentage, cents for a fixed amount. */
    couponValue: integer('coupon_value').notNull().default(0),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    /** Uses allowed across quotes and jobs (null: no limit). */
    usageLimit: integer('usage_limit'),
    /** The smallest price before discounts the coupon applies to. */
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    auditStatus: varchar('audit_status', { length: 8, enum: CAMPAIGN_AUDIT_STATUSES }).notNull().default('pending'),
    auditReason: text('audit_reason').notNull().default(''),
    auditedBy: integer('audited_by'),
    auditedAt: moment('audited_at'),
  },
  (t) => [
    // Coupon codes are unique without regard to case among campaigns not removed.
    uniqueIndex('campaigns_coupon_code_uq')
      .on(sql`lower(${t.couponCode})`)
      .where(sql`${t.couponCode} <> '' and ${t.deletedAt} is null`),
    index('campaigns_source_name_idx').on(sql`lower(${t.sourceName})`),
    index('campaigns_audit_status_idx').on(t.auditStatus),
    check('campaigns_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('campaigns_money_ck', sql`${t.costCents} >= 0 and ${t.couponValue} >= 0`),
  ],
);
