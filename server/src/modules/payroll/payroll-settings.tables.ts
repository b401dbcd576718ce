import { PAY_PERIOD_KINDS, PERCENT_SPLITS, SICK_LEAVE_METHODS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../platform/columns';

/** Payroll settings: one row (id 1), created with defaults by the migration's seed or on first read. */
export const payrollSettings = pgTable('payroll_settings', {
  ...baseColumns(),
  periodKind: varchar('period_kind', { length: 12, enum: PAY_PERIOD_KINDS }).notNull().default('weekly'),
  /** The first day of one weekly/biweekly period (a Sunday by default); periods repeat from it. */
  anchorDate: date('anchor_date').notNull().default('2026-01-04'),
  percentSplit: varchar('percent_split', { length: 10, enum: PERCENT_SPLITS }).notNull().default('by_minutes'),
  /** Paid sick leave: accrued per hour worked or 40 h front-loaded each year (issue 24). */
  sickLeaveMethod: varchar('sick_leave_method', { length: 10, enum: SICK_LEAVE_METHODS }).notNull().default('accrual'),
});

/** The minimum wage by effective date (cents per hour): $16.90 from 2026-01-01 in California. */
export const minimumWageRates = pgTable(
  'minimum_wage_rates',
  {
    ...baseColumns(),
    effectiveFrom: date('effective_from').notNull(),
    centsPerHour: integer('cents_per_hour').notNull(),
  },
  (t) => [
    uniqueIndex('minimum_wage_rates_from_uq').on(t.effectiveFrom),
    check('minimum_wage_rates_cents_ck', sql`${t.centsPerHour} > 0`),
  ],
);
