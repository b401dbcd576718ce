import { PLAN_STATUSES, SERVICE_FREQUENCIES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { customerLocations, customers } from '../../customers/customers.tables';
import { teams } from '../../employees/employees.tables';
import { quotes } from '../../sales/sales.tables';
import { priceItems } from '../../system/settings.tables';

/**
 * Recurring service plans (spec §3 Plan). A plan is never deleted: it is paused (not_used) or
 * cancelled. Its recurrence is an RFC 5545 RRULE value expanded from `pattern_from` (DTSTART) with
 * the rrule package; jobs (plan_id, occurrence_date) are generated up to the horizon.
 */
export const servicePlans = pgTable(
  'service_plans',
  {
    ...baseColumns(),
    reference: varchar('reference', { length: 20 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => customerLocations.id),
    /** The sold quote the plan came from, if any. */
    quoteId: integer('quote_id').references(() => quotes.id),
    frequency: varchar('frequency', { length: 24, enum: SERVICE_FREQUENCIES }).notNull(),
    intervalWeeks: integer('interval_weeks'),
    /** RRULE value without DTSTART, e.g. FREQ=MONTHLY;BYDAY=+2TU. */
    rrule: varchar('rrule', { length: 120 }).notNull(),
    /** First visit of the plan. */
    startDate: date('start_date').notNull(),
    /** DTSTART of the current pattern: the start date, or the date a change of pattern took effect. */
    patternFrom: date('pattern_from').notNull(),
    endDate: date('end_date'),
    status: varchar('status', { length: 10, enum: PLAN_STATUSES }).notNull().default('used'),
    statusReason: text('status_reason').notNull().default(''),
    statusChangedAt: moment('status_changed_at'),
    servicePriceCents: integer('service_price_cents').notNull(),
    budgetMinutes: integer('budget_minutes').notNull(),
    durationMinutes: integer('duration_minutes'),
    preferredTeamId: integer('preferred_team_id').references(() => teams.id),
    /** Preferred arrival window: local wall-clock minutes from midnight (business time zone). */
    windowStartMinutes: integer('window_start_minutes'),
    windowEndMinutes: integer('window_end_minutes'),
    notes: text('notes').notNull().default(''),
    /** Jobs exist for every occurrence up to this day; generation continues from the day after. */
    generatedUntil: date('generated_until'),
  },
  (t) => [
    uniqueIndex('service_plans_reference_uq').on(t.reference),
    index('service_plans_reference_prefix_idx').using('btree', t.reference.op('varchar_pattern_ops')),
    index('service_plans_status_idx').on(t.status, t.id),
    // Generation claims the plans that are behind the horizon.
    index('service_plans_generation_idx').on(t.generatedUntil).where(sql`${t.status} = 'used'`),
    index('service_plans_customer_idx').on(t.customerId),
    index('service_plans_location_idx').on(t.locationId),
    index('service_plans_team_idx').on(t.preferredTeamId),
    index('service_plans_quote_idx').on(t.quoteId),
    check('service_plans_interval_ck', sql`${t.intervalWeeks} is null or (${t.intervalWeeks} between 1 and 52)`),
    check('service_plans_money_ck', sql`${t.servicePriceCents} >= 0 and ${t.budgetMinutes} >= 0`),
    check(
      'service_plans_window_ck',
      sql`(${t.windowStartMinutes} is null or ${t.windowStartMinutes} between 0 and 1439) and (${t.windowEndMinutes} is null or ${t.windowEndMinutes} between 0 and 1439)`,
    ),
    check('service_plans_end_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/** Default pricing lines of a plan: each generated job prices them as the price list stands on its date. */
export const servicePlanLines = pgTable(
  'service_plan_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => servicePlans.id),
    priceItemId: integer('price_item_id')
      .notNull()
      .references(() => priceItems.id),
    quantity: integer('quantity').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    index('service_plan_lines_plan_idx').on(t.planId, t.sortOrder),
    check('service_plan_lines_qty_ck', sql`${t.quantity} > 0`),
  ],
);
