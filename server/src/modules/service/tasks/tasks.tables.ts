import { SERVICE_FREQUENCIES, TASK_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, softDelete } from '../../../platform/columns';
import { teams } from '../../employees/employees.tables';

/**
 * Tasks (spec §3 Task): internal recurring work for one or more teams. Occurrences are computed from
 * the RRULE (same engine as plans) when asked for, never stored.
 */
export const tasks = pgTable(
  'tasks',
  {
    ...baseColumns(),
    ...softDelete(),
    reference: varchar('reference', { length: 20 }).notNull(),
    name: varchar('name', { length: 96 }).notNull(),
    frequency: varchar('frequency', { length: 24, enum: SERVICE_FREQUENCIES }).notNull(),
    intervalWeeks: integer('interval_weeks'),
    rrule: varchar('rrule', { length: 120 }).notNull(),
    status: varchar('status', { length: 10, enum: TASK_STATUSES }).notNull().default('active'),
    startDate: date('start_date').notNull(),
    /** Local wall-clock minutes from midnight (business time zone); null: any time of the day. */
    startMinutes: integer('start_minutes'),
    durationMinutes: integer('duration_minutes').notNull(),
    endDate: date('end_date'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    uniqueIndex('tasks_reference_uq').on(t.reference),
    index('tasks_status_idx').on(t.status, t.startDate).where(sql`${t.deletedAt} is null`),
    index('tasks_name_idx').on(t.name),
    check('tasks_interval_ck', sql`${t.intervalWeeks} is null or (${t.intervalWeeks} between 1 and 52)`),
    check('tasks_start_ck', sql`${t.startMinutes} is null or (${t.startMinutes} between 0 and 1439)`),
    check('tasks_duration_ck', sql`${t.durationMinutes} between 5 and 1440`),
    check('tasks_end_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const taskTeams = pgTable(
  'task_teams',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.teamId] }), index('task_teams_team_idx').on(t.teamId)],
);
