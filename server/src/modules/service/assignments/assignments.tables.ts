import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment } from '../../../platform/columns';
import { sysUsers, teams } from '../../employees/employees.tables';

/**
 * A service date whose team members were changed for that day (issue 10, daily assignments).
 * Its presence means the day's members are the rows of `day_assignments`, not the standing teams;
 * its version is the optimistic-concurrency stamp of the whole day (one scheduler's edit at a time).
 */
export const assignmentDays = pgTable('assignment_days', {
  serviceDate: date('service_date').primaryKey(),
  version: integer('version').notNull().default(1),
  createdAt: moment('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** One employee working in one team on one stored day; the database allows one team per employee per day. */
export const dayAssignments = pgTable(
  'day_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceDate: date('service_date')
      .notNull()
      .references(() => assignmentDays.serviceDate),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    isLeader: boolean('is_leader').notNull().default(false),
    createdAt: moment('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('day_assignments_day_user_uq').on(t.serviceDate, t.userId),
    index('day_assignments_day_team_idx').on(t.serviceDate, t.teamId),
    uniqueIndex('day_assignments_day_leader_uq').on(t.serviceDate, t.teamId).where(sql`${t.isLeader}`),
    index('day_assignments_user_idx').on(t.userId),
  ],
);
