import { LEAVE_KINDS, PAY_TYPES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, softDelete } from '../../platform/columns';
import { laborTypes } from '../system/settings.tables';
import { sysUsers } from './employees.tables';

/**
 * Pay rates: an employee's rate from a date on. Records are never edited: a new record from a later
 * date replaces the one in force. Only a record not yet in force may be removed (soft).
 * Hourly: cents per hour; salary: cents per semi-monthly pay period; percentage: basis points of the
 * job price (at most 100 %).
 */
export const employeePayRates = pgTable(
  'employee_pay_rates',
  {
    ...baseColumns(),
    ...softDelete(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    payType: varchar('pay_type', { length: 10, enum: PAY_TYPES }).notNull(),
    rateCents: integer('rate_cents').notNull(),
    laborTypeId: integer('labor_type_id').references(() => laborTypes.id),
    isPaid: boolean('is_paid').notNull().default(true),
    effectiveFrom: date('effective_from').notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('employee_pay_rates_user_from_uq').on(t.userId, t.effectiveFrom).where(sql`${t.deletedAt} is null`),
    check('employee_pay_rates_rate_ck', sql`${t.rateCents} > 0`),
    check('employee_pay_rates_percentage_ck', sql`${t.payType} <> 'percentage' or ${t.rateCents} <= 10000`),
  ],
);

/** Dated notes about an employee; the author is the user who wrote them. */
export const employeeRemarks = pgTable(
  'employee_remarks',
  {
    ...baseColumns(),
    ...softDelete(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    remarkDate: date('remark_date').notNull(),
    content: text('content').notNull(),
    authorId: integer('author_id').references(() => sysUsers.id),
  },
  (t) => [index('employee_remarks_user_idx').on(t.userId, t.remarkDate), index('employee_remarks_author_idx').on(t.authorId)],
);

/** Leave (spec §3 "Leave logs"): all day, or from startTime on startDate to endTime on endDate. */
export const employeeLeaves = pgTable(
  'employee_leaves',
  {
    ...baseColumns(),
    ...softDelete(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** personal (unpaid) or sick (paid from the sick leave balance, issue 24). */
    kind: varchar('kind', { length: 10, enum: LEAVE_KINDS }).notNull().default('personal'),
    allDay: boolean('all_day').notNull().default(true),
    /** HH:MM, only when not all day. */
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    reason: varchar('reason', { length: 500 }).notNull(),
  },
  (t) => [
    index('employee_leaves_user_idx').on(t.userId, t.startDate),
    index('employee_leaves_dates_idx').on(t.startDate, t.endDate),
    check('employee_leaves_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
