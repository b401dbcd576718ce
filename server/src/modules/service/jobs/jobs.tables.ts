import { JOB_CANCEL_REASONS, JOB_IMAGE_KINDS, JOB_LINE_KINDS, JOB_STATUSES, SERVICE_FREQUENCIES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { customerLocations, customers } from '../../customers/customers.tables';
import { sysUsers, teams } from '../../employees/employees.tables';
import { priceItems, zones } from '../../system/settings.tables';
import { servicePlans } from '../plans/plans.tables';

/**
 * Jobs (spec §3 Job): one visit to one customer location on one service date. Jobs are never
 * deleted: a job that will not happen is cancelled. Costing columns hold the server's own
 * calculation (contract calculateJobCosting), recomputed on every save.
 */
export const jobs = pgTable(
  'jobs',
  {
    ...baseColumns(),
    reference: varchar('reference', { length: 20 }).notNull(),
    /** Copy of the location's customer and zone, so the list filters without joins. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => customerLocations.id),
    zoneId: integer('zone_id').references(() => zones.id),
    frequency: varchar('frequency', { length: 24, enum: SERVICE_FREQUENCIES }).notNull().default('one_time'),
    status: varchar('status', { length: 12, enum: JOB_STATUSES }).notNull().default('unscheduled'),
    statusChangedAt: moment('status_changed_at'),
    teamId: integer('team_id').references(() => teams.id),
    preferredTeamId: integer('preferred_team_id').references(() => teams.id),
    /** Preferred arrival window and start: local wall-clock minutes from midnight (business time zone). */
    windowStartMinutes: integer('window_start_minutes'),
    windowEndMinutes: integer('window_end_minutes'),
    serviceDate: date('service_date'),
    startMinutes: integer('start_minutes'),
    /** Planned time on site. */
    durationMinutes: integer('duration_minutes').notNull().default(0),
    /** Person-minutes of the pricing lines (quoted in-home time). */
    quotedMinutes: integer('quoted_minutes').notNull().default(0),
    actualMinutes: integer('actual_minutes'),
    /** Tips the team reported at job completion (office day). */
    tipCents: integer('tip_cents').notNull().default(0),
    uncompletedReason: text('uncompleted_reason').notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 24, enum: JOB_CANCEL_REASONS }),
    cancelNote: text('cancel_note').notNull().default(''),
    cancelFeeCents: integer('cancel_fee_cents').notNull().default(0),
    /** The job this one re-cleans (at no charge). */
    recleanOfJobId: integer('reclean_of_job_id'),
    recleanReason: text('reclean_reason').notNull().default(''),
    customerAtHome: boolean('customer_at_home').notNull().default(false),
    assigneeId: integer('assignee_id').references(() => sysUsers.id),
    drivingDistanceTenthMiles: integer('driving_distance_tenth_miles'),
    /** Estimated drive from the previous stop, minutes (schedule board; recomputed on every board move). */
    driveMinutes: integer('drive_minutes'),
    /** In-home person-minutes set by resizing on the board; the board divides them by the day's members. */
    plannedMinutes: integer('planned_minutes'),
    notes: text('notes').notNull().default(''),
    // Where the job came from.
    quoteId: integer('quote_id'),
    planId: integer('plan_id').references(() => servicePlans.id),
    occurrenceDate: date('occurrence_date'),
    /** Moved (date, time, team) or otherwise edited by hand: a plan change from a date leaves it alone. */
    movedByHand: boolean('moved_by_hand').notNull().default(false),
    editedByHand: boolean('edited_by_hand').notNull().default(false),
    // Pricing inputs.
    pricePerMinuteCents: integer('price_per_minute_cents').notNull().default(0),
    flatRateCents: integer('flat_rate_cents'),
    couponCode: varchar('coupon_code', { length: 32 }).notNull().default(''),
    couponCents: integer('coupon_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    salesTaxBps: integer('sales_tax_bps').notNull().default(0),
    // Costing (server's calculation).
    revenueCents: integer('revenue_cents').notNull().default(0),
    discountsCents: integer('discounts_cents').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    taxableCents: integer('taxable_cents').notNull().default(0),
    taxesCents: integer('taxes_cents').notNull().default(0),
    projectedLaborCents: integer('projected_labor_cents').notNull().default(0),
    invoiceTotalCents: integer('invoice_total_cents').notNull().default(0),
    profitLossCents: integer('profit_loss_cents').notNull().default(0),
    completedAt: moment('completed_at'),
    completedBy: integer('completed_by'),
    closedAt: moment('closed_at'),
  },
  (t) => [
    uniqueIndex('jobs_reference_uq').on(t.reference),
    index('jobs_reference_prefix_idx').using('btree', t.reference.op('varchar_pattern_ops')),
    uniqueIndex('jobs_plan_occurrence_uq').on(t.planId, t.occurrenceDate).where(sql`${t.planId} is not null`),
    // Migration 0059 adds INCLUDE (id): the list sorted by reference within a date range reads each
    // day's first rows in reference order from this index alone (job-page-ids.ts sortedInRange).
    index('jobs_date_idx').on(t.serviceDate, t.reference),
    index('jobs_status_date_idx').on(t.status, t.serviceDate),
    index('jobs_team_date_idx').on(t.teamId, t.serviceDate),
    index('jobs_zone_date_idx').on(t.zoneId, t.serviceDate),
    index('jobs_frequency_date_idx').on(t.frequency, t.serviceDate),
    index('jobs_customer_date_idx').on(t.customerId, t.serviceDate),
    // The Job List's order (job-cursor.ts: no nulls, so a cursor is one row comparison), alone and
    // after its two commonest filters; the first page and every page after a cursor read 20 entries.
    // Migration 0054 adds INCLUDE (service_date, start_minutes) to all three (drizzle has no INCLUDE),
    // so a page by offset skips its entries in the index alone; migration 0058 adds the status to the
    // team's, so a team and a status walk it without reading a table row per entry.
    index('jobs_list_order_idx').on(
      sql`coalesce(${t.serviceDate}, 'infinity'::date)`,
      sql`coalesce(${t.startMinutes}, 1440)`,
      t.id,
    ),
    index('jobs_status_list_idx').on(
      t.status,
      sql`coalesce(${t.serviceDate}, 'infinity'::date)`,
      sql`coalesce(${t.startMinutes}, 1440)`,
      t.id,
    ),
    index('jobs_team_list_idx').on(
      t.teamId,
      sql`coalesce(${t.serviceDate}, 'infinity'::date)`,
      sql`coalesce(${t.startMinutes}, 1440)`,
      t.id,
    ),
    // The list sorted by reference after a status: scheduled jobs hold the newest references, so the
    // reference index alone walked 905,000 older jobs before its first scheduled one (migration 0056).
    index('jobs_status_reference_idx').on(t.status, t.reference),
    index('jobs_location_idx').on(t.locationId),
    index('jobs_reclean_of_idx').on(t.recleanOfJobId).where(sql`${t.recleanOfJobId} is not null`),
    index('jobs_assignee_idx').on(t.assigneeId),
    // Uses of a coupon (its usage limit) are counted by code, any case.
    index('jobs_coupon_code_idx').on(sql`lower(${t.couponCode})`).where(sql`${t.couponCode} <> ''`),
    check('jobs_start_minutes_ck', sql`${t.startMinutes} is null or (${t.startMinutes} >= 0 and ${t.startMinutes} < 1440)`),
    check('jobs_money_ck', sql`${t.cancelFeeCents} >= 0 and ${t.couponCents} >= 0 and ${t.discountCents} >= 0`),
    check(
      'jobs_scheduled_ck',
      sql`${t.status} in ('unscheduled', 'cancelled') or (${t.teamId} is not null and ${t.serviceDate} is not null and ${t.startMinutes} is not null)`,
    ),
  ],
);

/** Pricing lines: items, add-ons and fees with the price-list rate copied as it stood on the job's date. */
export const jobLines = pgTable(
  'job_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    kind: varchar('kind', { length: 8, enum: JOB_LINE_KINDS }).notNull(),
    priceItemId: integer('price_item_id').references(() => priceItems.id),
    nameEn: varchar('name_en', { length: 96 }).notNull(),
    nameZh: varchar('name_zh', { length: 96 }).notNull(),
    rateEffectiveFrom: date('rate_effective_from'),
    quantity: integer('quantity').notNull(),
    minutesEach: integer('minutes_each').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    taxable: boolean('taxable').notNull(),
    free: boolean('free').notNull().default(false),
    freeReason: varchar('free_reason', { length: 200 }).notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    index('job_lines_job_idx').on(t.jobId, t.sortOrder),
    check('job_lines_quantity_ck', sql`${t.quantity} > 0 and ${t.minutesEach} >= 0 and ${t.unitPriceCents} >= 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/** Before/after photos; the content sits apart so lists and the detail never read it. */
export const jobImages = pgTable(
  'job_images',
  {
    ...baseColumns(),
    deletedAt: moment('deleted_at'),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    kind: varchar('kind', { length: 8, enum: JOB_IMAGE_KINDS }).notNull(),
    name: varchar('name', { length: 160 }).notNull(),
    mimeType: varchar('mime_type', { length: 32 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
  },
  (t) => [index('job_images_job_idx').on(t.jobId, t.id)],
);

export const jobImageContents = pgTable('job_image_contents', {
  imageId: integer('image_id')
    .primaryKey()
    .references(() => jobImages.id),
  content: bytea('content').notNull(),
});

export const jobReminders = pgTable(
  'job_reminders',
  {
    ...baseColumns(),
    deletedAt: moment('deleted_at'),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    dueDate: date('due_date').notNull(),
    note: varchar('note', { length: 500 }).notNull(),
    done: boolean('done').notNull().default(false),
    doneAt: moment('done_at'),
    doneBy: integer('done_by'),
  },
  (t) => [
    index('job_reminders_job_idx').on(t.jobId, t.dueDate),
    index('job_reminders_due_idx').on(t.dueDate).where(sql`not ${t.done} and ${t.deletedAt} is null`),
  ],
);
