import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../platform/columns';

export const roles = pgTable(
  'roles',
  {
    ...baseColumns(),
    /** Stable code used in code and sent as userRole (super_admin, office_manager, …). */
    code: varchar('code', { length: 48 }).notNull(),
    nameEn: varchar('name_en', { length: 64 }).notNull(),
    nameZh: varchar('name_zh', { length: 64 }).notNull(),
    /** The description in English; `descriptionZh` in Chinese (empty: the English one is shown). */
    description: text('description').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** The super administrator holds every key and can be neither disabled nor removed. */
    isSuper: boolean('is_super').notNull().default(false),
    deletedAt: moment('deleted_at'),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code).where(sql`${t.deletedAt} is null`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    key: varchar('key', { length: 96 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.key] })],
);

/** Operation log: one row per change made through the API, written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: moment('at').notNull().defaultNow(),
    userId: integer('user_id'),
    uname: varchar('uname', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    module: varchar('module', { length: 48 }).notNull(),
    action: varchar('action', { length: 48 }).notNull(),
    recordType: varchar('record_type', { length: 48 }),
    recordId: integer('record_id'),
    summary: text('summary').notNull(),
    changes: jsonb('changes'),
    /** The facts of the summary, rendered in the viewer's language (contract audit-texts.ts); null on old rows. */
    details: jsonb('details'),
    /** What the log's text search reads: the summary in English and Chinese and the action's titles; null on old rows. */
    searchText: text('search_text'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_module_at_idx').on(t.module, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    // A record's change log (service plans, tasks, jobs) reads its entries by record.
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.at),
    // The user filter matches the start of the user name, case-insensitively.
    index('audit_log_uname_prefix_idx').using('btree', sql`lower(${t.uname}) varchar_pattern_ops`, t.at),
  ],
);

/** The business location (spec §1 header; issue "system set-up" edits it). One row, id 1. */
export const businessProfile = pgTable(
  'business_profile',
  {
    ...baseColumns(),
    name: varchar('name', { length: 128 }).notNull(),
    /** The employer's legal entity name (wage statements, Labor Code 226(a)(8)); '' means the business name. */
    legalName: varchar('legal_name', { length: 160 }).notNull().default(''),
    street: varchar('street', { length: 160 }).notNull().default(''),
    suite: varchar('suite', { length: 64 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull().default(''),
    state: varchar('state', { length: 2 }).notNull().default('CA'),
    zip: varchar('zip', { length: 10 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 160 }).notNull().default(''),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('America/Los_Angeles'),
    salesTaxBps: integer('sales_tax_bps').notNull().default(0),
    /** Business hours, local wall-clock minutes from midnight: the board's day and where jobs must fit. */
    openingMinutes: integer('opening_minutes').notNull().default(420),
    closingMinutes: integer('closing_minutes').notNull().default(1140),
  },
  (t) => [
    check(
      'business_profile_hours_ck',
      sql`${t.openingMinutes} >= 0 and ${t.closingMinutes} <= 1440 and ${t.openingMinutes} < ${t.closingMinutes}`,
    ),
  ],
);
