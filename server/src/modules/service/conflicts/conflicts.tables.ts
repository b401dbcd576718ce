import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { moment } from '../../../platform/columns';

/**
 * A schedule conflict the office has seen and accepts for its day (Start of Day, issue 20), keyed by
 * the date and the conflict's stable key: the same facts stay acknowledged, a new conflict is not.
 */
export const scheduleConflictAcks = pgTable(
  'schedule_conflict_acks',
  {
    serviceDate: date('service_date').notNull(),
    conflictKey: text('conflict_key').notNull(),
    acknowledgedBy: integer('acknowledged_by').notNull(),
    acknowledgedAt: moment('acknowledged_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ name: 'schedule_conflict_acks_pk', columns: [t.serviceDate, t.conflictKey] })],
);
