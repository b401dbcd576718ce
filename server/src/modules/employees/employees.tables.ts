import { ACCOUNT_STATUSES, EMPLOYMENT_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { baseColumns, moment, softDelete } from '../../platform/columns';
import { zones } from '../system/settings.tables';
import { roles } from '../system/system.tables';

export { ACCOUNT_STATUSES, EMPLOYMENT_STATUSES };

/** Binary column (PGlite answers Uint8Array, node-postgres Buffer: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
    /** Job role: one of the system roles. */
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: varchar('status', { length: 16, enum: EMPLOYMENT_STATUSES }).notNull().default('active'),
    accountStatus: varchar('account_status', { length: 16, enum: ACCOUNT_STATUSES }).notNull().default('normal'),
    /** updateState (spec §4): a disabled employee keeps the record but cannot log in. */
    enabled: boolean('enabled').notNull().default(true),
    birthDate: date('birth_date'),
    hireDate: date('hire_date'),
    terminatedOn: date('terminated_on'),
    terminationReason: varchar('termination_reason', { length: 500 }),
    referredBy: varchar('referred_by', { length: 96 }),
    location: varchar('location', { length: 160 }),
    driverLicenseNo: varchar('driver_license_no', { length: 32 }),
    driverLicenseExpiry: date('driver_license_expiry'),
    emergencyContact: varchar('emergency_contact', { length: 96 }),
    emergencyPhone: varchar('emergency_phone', { length: 32 }),
    notes: text('notes'),
    lockedUntil: moment('locked_until'),
    lastLoginAt: moment('last_login_at'),
    passwordChangedAt: moment('password_changed_at'),
  },
  (t) => [
    // A removed employee's user name and number may be given again (removal needs a clean history).
    uniqueIndex('sys_users_uname_uq').on(sql`lower(${t.uname})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('sys_users_employee_no_uq').on(sql`lower(${t.employeeNo})`).where(sql`${t.deletedAt} is null`),
    index('sys_users_role_idx').on(t.roleId),
    index('sys_users_name_idx').on(t.name),
    index('sys_users_status_idx').on(t.status, t.accountStatus),
  ],
);

/** An employee's photo (at most 2 MB of JPEG, PNG or WebP), apart from the row lists read. */
export const employeePhotos = pgTable('employee_photos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => sysUsers.id),
  contentType: varchar('content_type', { length: 32 }).notNull(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Part of the SHA-256 of the bytes: the ETag and the cache-busting `v` of the photo URL. */
  tag: varchar('tag', { length: 64 }).notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Skill sets (deep cleaning, carpet, Spanish speaking, …): a list the office extends. */
export const skills = pgTable(
  'skills',
  {
    ...baseColumns(),
    ...softDelete(),
    nameEn: varchar('name_en', { length: 64 }).notNull(),
    nameZh: varchar('name_zh', { length: 64 }).notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('skills_name_en_uq').on(sql`lower(${t.nameEn})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('skills_name_zh_uq').on(t.nameZh).where(sql`${t.deletedAt} is null`),
  ],
);

export const employeeSkills = pgTable(
  'employee_skills',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skillId] }), index('employee_skills_skill_idx').on(t.skillId)],
);

export const teams = pgTable(
  'teams',
  {
    ...baseColumns(),
    ...softDelete(),
    name: varchar('name', { length: 64 }).notNull(),
    /** Primary colour on boards and calendars, and the colour of text drawn on it. */
    color: varchar('color', { length: 16 }).notNull().default('#1677ff'),
    textColor: varchar('text_color', { length: 16 }).notNull().default('#ffffff'),
    vehicle: varchar('vehicle', { length: 64 }).notNull().default(''),
    mobile: varchar('mobile', { length: 32 }).notNull().default(''),
    defaultZoneId: integer('default_zone_id').references(() => zones.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('teams_name_uq').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

/** An employee is in at most one team (unique user_id); a team has at most one leader. */
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
  (t) => [
    uniqueIndex('team_members_user_uq').on(t.userId),
    index('team_members_team_idx').on(t.teamId),
    uniqueIndex('team_members_leader_uq').on(t.teamId).where(sql`${t.isLeader}`),
  ],
);

/** Days a team is out (vehicle in the shop, training, holiday), with the reason. */
export const teamOutages = pgTable(
  'team_outages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('team_outages_team_idx').on(t.teamId, t.startDate),
    check('team_outages_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
