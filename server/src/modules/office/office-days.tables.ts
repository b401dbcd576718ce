import { OFFICE_DAY_STATUSES } from '@tidyhouse/contract';
import { date, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../platform/columns';

/**
 * The office day (issue 12), one row per business date once the office acts on it. A day without a
 * row is open. Closing locks the day's jobs, payments and punches (day-lock.ts); reopening needs its
 * own permission and a reason, kept on the row and in the log.
 */
export const officeDays = pgTable('office_days', {
  ...baseColumns(),
  businessDate: date('business_date').notNull().unique('office_days_date_uq'),
  status: varchar('status', { length: 8, enum: OFFICE_DAY_STATUSES }).notNull().default('open'),
  closedAt: moment('closed_at'),
  closedBy: integer('closed_by'),
  reopenedAt: moment('reopened_at'),
  reopenedBy: integer('reopened_by'),
  reopenReason: text('reopen_reason').notNull().default(''),
  /** What the office counted in the drawer at close (null until verified); compared with the day's payments. */
  countedCashCents: integer('counted_cash_cents'),
  countedCheckCents: integer('counted_check_cents'),
  /** Why a counted total differs from the recorded payments (the close needs it when they differ). */
  differenceNote: text('difference_note').notNull().default(''),
});
