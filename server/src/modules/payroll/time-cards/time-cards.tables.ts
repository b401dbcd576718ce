import { PAY_PERIOD_APPROVAL_STATUSES, TIME_PUNCH_KINDS, TIME_PUNCH_SOURCES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment, softDelete } from '../../../platform/columns';
import { sysUsers } from '../../employees/employees.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { laborTypes } from '../../system/settings.tables';

/**
 * Punches (contract TIME_PUNCH_KINDS): one interval of an employee's work day. An open punch
 * (no end yet) is a missing punch once the day is over. Corrections keep the row and write the
 * reason to the log; a removed punch is soft-deleted.
 */
export const timePunches = pgTable(
  'time_punches',
  {
    ...baseColumns(),
    ...softDelete(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    /** The business date the punch belongs to (a shift past midnight stays on its start day). */
    workDate: date('work_date').notNull(),
    kind: varchar('kind', { length: 8, enum: TIME_PUNCH_KINDS }).notNull(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at'),
    jobId: integer('job_id').references(() => jobs.id),
    laborTypeId: integer('labor_type_id').references(() => laborTypes.id),
    source: varchar('source', { length: 8, enum: TIME_PUNCH_SOURCES }).notNull().default('office'),
    note: text('note').notNull().default(''),
    /** Where the phone was at the start and at the end (field punches, when the cleaner allows it). */
    startLat: doublePrecision('start_lat'),
    startLng: doublePrecision('start_lng'),
    startAccuracyM: integer('start_accuracy_m'),
    endLat: doublePrecision('end_lat'),
    endLng: doublePrecision('end_lng'),
    endAccuracyM: integer('end_accuracy_m'),
  },
  (t) => [
    index('time_punches_user_date_idx').on(t.userId, t.workDate).where(sql`${t.deletedAt} is null`),
    index('time_punches_date_idx').on(t.workDate).where(sql`${t.deletedAt} is null`),
    index('time_punches_job_idx').on(t.jobId).where(sql`${t.jobId} is not null`),
    check('time_punches_order_ck', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('time_punches_job_ck', sql`(${t.kind} = 'job') = (${t.jobId} is not null)`),
    check('time_punches_labor_ck', sql`(${t.kind} = 'labor') = (${t.laborTypeId} is not null)`),
  ],
);

/** Per employee and work day: what a punch cannot say (rest breaks not given, the office's note). */
export const timeCardDays = pgTable(
  'time_card_days',
  {
    ...baseColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    workDate: date('work_date').notNull(),
    /** Rest breaks (10 min per 4 h) the employee could not take: each owes a premium hour. */
    missedRestBreaks: integer('missed_rest_breaks').notNull().default(0),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('time_card_days_user_date_uq').on(t.userId, t.workDate),
    index('time_card_days_date_idx').on(t.workDate),
    check('time_card_days_rest_ck', sql`${t.missedRestBreaks} between 0 and 5`),
  ],
);

/**
 * A pay period's approval per employee: approved locks the employee's time cards (and the pay rates
 * in force) for the period; reopening needs its own permission and a reason, kept on the row.
 */
export const payPeriodApprovals = pgTable(
  'pay_period_approvals',
  {
    ...baseColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: varchar('status', { length: 10, enum: PAY_PERIOD_APPROVAL_STATUSES }).notNull(),
    approvedAt: moment('approved_at'),
    approvedBy: integer('approved_by'),
    reopenedAt: moment('reopened_at'),
    reopenedBy: integer('reopened_by'),
    reopenReason: text('reopen_reason').notNull().default(''),
    /** The first approval's moment, never overwritten by a re-approval: it decides where a late tip goes. */
    firstApprovedAt: moment('first_approved_at'),
  },
  (t) => [
    uniqueIndex('pay_period_approvals_user_start_uq').on(t.userId, t.periodStart),
    index('pay_period_approvals_start_idx').on(t.periodStart, t.periodEnd),
    check('pay_period_approvals_range_ck', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/**
 * Meal waivers (contract meal-waivers.ts; Labor Code 512): what an employee signed, entered by the
 * office. Valid from signed_on up to the day before revoked_on; at most one unrevoked waiver per meal.
 */
export const mealWaivers = pgTable(
  'meal_waivers',
  {
    ...baseColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    /** 1: the first meal period; 2: the second. */
    meal: smallint('meal').notNull(),
    signedOn: date('signed_on').notNull(),
    revokedOn: date('revoked_on'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('meal_waivers_user_idx').on(t.userId, t.signedOn),
    uniqueIndex('meal_waivers_open_uq').on(t.userId, t.meal).where(sql`${t.revokedOn} is null`),
    check('meal_waivers_meal_ck', sql`${t.meal} in (1, 2)`),
    check('meal_waivers_range_ck', sql`${t.revokedOn} is null or ${t.revokedOn} > ${t.signedOn}`),
  ],
);
