import { FIELD_ACTION_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../platform/columns';
import { sysUsers } from '../employees/employees.tables';
import { jobs } from '../service/jobs/jobs.tables';

/**
 * The field app's actions as applied (docs/business-rules.md "Field app"): one row per cleaner and
 * idempotency key, holding the answer given, so a replay of the same key answers the same and changes
 * nothing. A conflict (the office changed the same punch or job meanwhile) stays here, flagged for
 * the office, until someone in the office resolves it.
 */
export const fieldActions = pgTable(
  'field_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    key: uuid('key').notNull(),
    /** 'punch' or 'jobEvent', and its kind (clockIn…, checkIn…). */
    type: varchar('type', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    /** When it happened on the phone. */
    recordedAt: moment('recorded_at').notNull(),
    /** The business date it belongs to (null when refused before one was known). */
    workDate: date('work_date'),
    jobId: integer('job_id').references(() => jobs.id),
    /** The time-card punch the action opened or closed. */
    punchId: integer('punch_id'),
    status: varchar('status', { length: 10, enum: FIELD_ACTION_STATUSES }).notNull(),
    /** The answer's message (key and facts), rendered again in the caller's language on a replay. */
    messageKey: varchar('message_key', { length: 64 }),
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    createdAt: moment('created_at').notNull().defaultNow(),
    /** A conflict the office has dealt with. */
    resolvedAt: moment('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    uniqueIndex('field_actions_user_key_uq').on(t.userId, t.key),
    index('field_actions_conflicts_idx').on(t.workDate).where(sql`${t.status} = 'conflict' and ${t.resolvedAt} is null`),
    index('field_actions_job_idx').on(t.jobId).where(sql`${t.jobId} is not null`),
  ],
);

/**
 * A job as its crew reports it from the field: the first check-in, the last check-out, "done", the
 * note to the office and the checklist ticks (item id → done). The in-home time itself is in the
 * cleaners' job punches (time cards); this row is the job's live state for the board.
 */
export const jobFieldStates = pgTable(
  'job_field_states',
  {
    ...baseColumns(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    checkedInAt: moment('checked_in_at'),
    checkedOutAt: moment('checked_out_at'),
    /** Reported done by the crew (the office still confirms in Job Completion). */
    doneAt: moment('done_at'),
    doneBy: integer('done_by'),
    note: text('note').notNull().default(''),
    noteAt: moment('note_at'),
    checklist: jsonb('checklist').$type<Record<string, boolean>>().notNull().default({}),
    /** A field action on this job met an office change: the office looks before anything is overwritten. */
    conflictAt: moment('conflict_at'),
  },
  (t) => [uniqueIndex('job_field_states_job_uq').on(t.jobId)],
);
