import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment, softDelete } from '../../platform/columns';
import { roles } from '../system/system.tables';

export const EMPLOYMENT_STATUSES = ['active', 'terminated'] as const;
export const ACCOUNT_STATUSES = ['normal', 'frozen'] as const;

/** System users are the employees (spec §3 Employee); every employee may hold a login account. */
export const sysUsers = pgTable(
  'sys_users',
  {
    ...baseColumns(),
    ...softDelete(),
    uname: varchar('uname', { length: 64 }).notNull(),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    name: varchar('name', { length: 96 }).notNull(),
    email: varchar('email', { length: 160 }),
    phone: varchar('phone', { length: 32 }),
    employeeNo: varchar('employee_no', { length: 32 }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: varchar('status', { length: 16, enum: EMPLOYMENT_STATUSES }).notNull().default('active'),
    accountStatus: varchar('account_status', { length: 16, enum: ACCOUNT_STATUSES }).notNull().default('normal'),
    /** updateState (spec §4): a disabled employee keeps the record but cannot log in. */
    enabled: boolean('enabled').notNull().default(true),
    hireDate: date('hire_date'),
    terminatedOn: date('terminated_on'),
    lockedUntil: moment('locked_until'),
    lastLoginAt: moment('last_login_at'),
    passwordChangedAt: moment('password_changed_at'),
  },
  (t) => [
    uniqueIndex('sys_users_uname_uq').on(sql`lower(${t.uname})`),
    index('sys_users_role_idx').on(t.roleId),
    index('sys_users_name_idx').on(t.name),
  ],
);

export const teams = pgTable('teams', {
  ...baseColumns(),
  ...softDelete(),
  name: varchar('name', { length: 64 }).notNull(),
  color: varchar('color', { length: 16 }).notNull().default('#1677ff'),
  vehicle: varchar('vehicle', { length: 64 }).notNull().default(''),
  mobile: varchar('mobile', { length: 32 }).notNull().default(''),
  active: boolean('active').notNull().default(true),
});

/** An employee is in at most one team (unique user_id). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    isLeader: boolean('is_leader').notNull().default(false),
    joinedAt: moment('joined_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_members_user_uq').on(t.userId), index('team_members_team_idx').on(t.teamId)],
);
