import { MINIMUM_WAGE_SCOPES, PAY_PERIOD_KINDS, PERCENT_SPLITS, SICK_LEAVE_METHODS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
  /** The business's employee count: the size tier of a minimum wage tiered by employer size (issue 24). */
  employeeCount: integer('employee_count').notNull().default(1),
});

/**
 * The minimum wage of a jurisdiction by effective date (cents per hour): California's $16.90 from
 * 2026-01-01, Burlingame's $17.86… (contract minimum-wages.ts; seeded for 2025 and 2026).
 */
export const minimumWageRates = pgTable(
  'minimum_wage_rates',
  {
    ...baseColumns(),
    effectiveFrom: date('effective_from').notNull(),
    centsPerHour: integer('cents_per_hour').notNull(),
    scope: varchar('scope', { length: 8, enum: MINIMUM_WAGE_SCOPES }).notNull().default('state'),
    jurisdiction: varchar('jurisdiction', { length: 80 }).notNull().default('California'),
    /** A county's unincorporated places (address cities) it covers; [] for the state and a city. */
    places: jsonb('places').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Applies to employers of at least this many employees (0: every employer). */
    minEmployees: integer('min_employees').notNull().default(0),
  },
  (t) => [
    uniqueIndex('minimum_wage_rates_uq').on(t.jurisdiction, t.effectiveFrom, t.minEmployees),
    check('minimum_wage_rates_cents_ck', sql`${t.centsPerHour} > 0`),
    check('minimum_wage_rates_size_ck', sql`${t.minEmployees} >= 0`),
  ],
);
