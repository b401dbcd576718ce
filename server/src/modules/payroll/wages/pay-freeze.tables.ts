import { PAY_ADJUSTMENT_KINDS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { sysUsers } from '../../employees/employees.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import type { EmployeeWages } from './california/types';

/** Approval freezes pay (issue 24; docs/business-rules.md "Approval freezes pay"). */

/**
 * Every approval of an employee's period with the wages it froze (lines and items, days, warnings,
 * hours, gross): the history. The row not reopened is the current snapshot the period is read from;
 * reopening stamps it (who, when, why) and the next approval adds a new row.
 */
export const payPeriodSnapshots = pgTable(
  'pay_period_snapshots',
  {
    ...baseColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    approvedAt: moment('approved_at').notNull(),
    approvedBy: integer('approved_by'),
    reopenedAt: moment('reopened_at'),
    reopenedBy: integer('reopened_by'),
    reopenReason: text('reopen_reason').notNull().default(''),
    wages: jsonb('wages').$type<EmployeeWages>().notNull(),
    grossCents: integer('gross_cents').notNull(),
    /** The jobs whose money is in the snapshot (piece pay, tips): a change to one looks here. */
    jobIds: integer('job_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    uniqueIndex('pay_period_snapshots_current_uq').on(t.userId, t.periodStart).where(sql`${t.reopenedAt} is null`),
    index('pay_period_snapshots_user_idx').on(t.userId, t.periodStart),
    index('pay_period_snapshots_jobs_idx').using('gin', t.jobIds),
  ],
);

/**
 * A change an approved period's pay had to take (a job's price, a voided tip, a job team's hours):
 * the difference, paid in the employee's next open period (its `adjustment` line) and frozen there
 * by that period's approval (`applied_period_start`). Never updated otherwise.
 */
export const payAdjustments = pgTable(
  'pay_adjustments',
  {
    ...baseColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    sourcePeriodStart: date('source_period_start').notNull(),
    sourcePeriodEnd: date('source_period_end').notNull(),
    cents: integer('cents').notNull(),
    kind: varchar('kind', { length: 12, enum: PAY_ADJUSTMENT_KINDS }).notNull(),
    jobId: integer('job_id').references(() => jobs.id),
    paymentId: integer('payment_id'),
    appliedPeriodStart: date('applied_period_start'),
  },
  (t) => [
    index('pay_adjustments_user_source_idx').on(t.userId, t.sourcePeriodStart),
    index('pay_adjustments_pending_idx').on(t.userId).where(sql`${t.appliedPeriodStart} is null`),
    check('pay_adjustments_cents_ck', sql`${t.cents} <> 0`),
  ],
);
