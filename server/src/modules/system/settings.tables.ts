import { DISCLAIMER_PURPOSES, PRICE_ITEM_KINDS, ZIP_KINDS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment, softDelete } from '../../platform/columns';

/**
 * The settings of system set-up (spec §3 "System entities", §9) that every later domain reads:
 * quote parameters, payment vendor parameters, disclaimers, the price list with effective-dated
 * rates, labor types and zones. Single-row settings use id 1.
 */

/** The eight quote parameters of spec §9. Units are in the column names. */
export const quoteParameters = pgTable('quote_parameters', {
  ...baseColumns(),
  /** Labour minutes one person needs per 1000 sq ft of house. */
  minutesPerPersonPer1000Sqft: integer('minutes_per_person_per_1000_sqft').notNull(),
  /** The calculated range is price ± this (basis points: 1000 = 10 %). */
  priceRangeVarianceBps: integer('price_range_variance_bps').notNull(),
  maxDiscountBps: integer('max_discount_bps').notNull(),
  defaultTeamSize: integer('default_team_size').notNull(),
  /** Price of one labour minute, in cents. */
  defaultPricePerMinuteCents: integer('default_price_per_minute_cents').notNull(),
  /** Pay multiplier beyond regular hours (basis points: 15000 = 1.5×). */
  overtimeMultiplierBps: integer('overtime_multiplier_bps').notNull(),
  dailyCleanMinutesGoal: integer('daily_clean_minutes_goal').notNull(),
  dailyRevenueGoalCents: integer('daily_revenue_goal_cents').notNull(),
  /** Invoice payment terms: days from issue to due (0 = due on receipt). */
  paymentTermsDays: integer('payment_terms_days').notNull().default(0),
  /** A cleaner's phone (a field-only session) idles out after this many hours (issue 21; 1 to 168). */
  fieldSessionIdleHours: integer('field_session_idle_hours').notNull().default(12),
});

/** Payment vendor parameters (spec §3). The access key is stored encrypted (platform/secrets). */
export const paymentParameters = pgTable('payment_parameters', {
  ...baseColumns(),
  accountId: varchar('account_id', { length: 96 }).notNull().default(''),
  apiAccessKeyEncrypted: text('api_access_key_encrypted'),
  /** Accepted card brands: visa, mastercard, amex, discover. */
  cardTypes: jsonb('card_types').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  remitToName: varchar('remit_to_name', { length: 128 }).notNull().default(''),
  remitToStreet: varchar('remit_to_street', { length: 160 }).notNull().default(''),
  remitToCity: varchar('remit_to_city', { length: 80 }).notNull().default(''),
  remitToState: varchar('remit_to_state', { length: 2 }).notNull().default(''),
  remitToZip: varchar('remit_to_zip', { length: 10 }).notNull().default(''),
});

/** Named texts in both languages printed on quotes, invoices and gift certificates. */
export const disclaimers = pgTable(
  'disclaimers',
  {
    ...baseColumns(),
    ...softDelete(),
    purpose: varchar('purpose', { length: 24, enum: DISCLAIMER_PURPOSES }).notNull(),
    name: varchar('name', { length: 96 }).notNull(),
    textEn: text('text_en').notNull().default(''),
    textZh: text('text_zh').notNull().default(''),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('disclaimers_purpose_idx').on(t.purpose)],
);

/** Price list entries (spec §3 Job "Pricing lines"): what is sold. Their rates are dated apart. */
export const priceItems = pgTable(
  'price_items',
  {
    ...baseColumns(),
    ...softDelete(),
    kind: varchar('kind', { length: 8, enum: PRICE_ITEM_KINDS }).notNull(),
    nameEn: varchar('name_en', { length: 96 }).notNull(),
    nameZh: varchar('name_zh', { length: 96 }).notNull(),
    taxable: boolean('taxable').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('price_items_kind_idx').on(t.kind, t.sortOrder)],
);

/**
 * The minutes and unit price of a price item from a date on. The rate in force on a day is the one
 * with the latest effective_from not after it; quotes and jobs copy the figures they were made with.
 */
export const priceItemRates = pgTable(
  'price_item_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    priceItemId: integer('price_item_id')
      .notNull()
      .references(() => priceItems.id),
    effectiveFrom: date('effective_from').notNull(),
    inHomeMinutes: integer('in_home_minutes').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [uniqueIndex('price_item_rates_item_from_uq').on(t.priceItemId, t.effectiveFrom)],
);

/** Labor types (regular cleaning, deep cleaning, travel, training, office, …): pay rates and wages refer to them. */
export const laborTypes = pgTable('labor_types', {
  ...baseColumns(),
  ...softDelete(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
  nameZh: varchar('name_zh', { length: 64 }).notNull(),
  defaultHourlyRateCents: integer('default_hourly_rate_cents').notNull(),
  isPaid: boolean('is_paid').notNull().default(true),
  countsAsInHome: boolean('counts_as_in_home').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const zones = pgTable(
  'zones',
  {
    ...baseColumns(),
    ...softDelete(),
    name: varchar('name', { length: 64 }).notNull(),
    color: varchar('color', { length: 16 }).notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('zones_code_uq').on(t.code).where(sql`${t.deletedAt} is null`)],
);

/**
 * The postal codes of a zone. A zip is primary in at most one active zone (the service checks it
 * under a lock, naming the other zone); lookup: primary, else secondary, never an exception.
 */
export const zoneZips = pgTable(
  'zone_zips',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    zip: varchar('zip', { length: 5 }).notNull(),
    kind: varchar('kind', { length: 10, enum: ZIP_KINDS }).notNull(),
  },
  (t) => [uniqueIndex('zone_zips_zone_zip_uq').on(t.zoneId, t.zip), index('zone_zips_zip_idx').on(t.zip, t.kind)],
);

/** E-mail (SMTP) settings of the location parameters; the password encrypted (platform/secrets). One row, id 1. */
export const mailParameters = pgTable('mail_parameters', {
  ...baseColumns(),
  /** Empty: not set up (mail goes to the built-in catcher when it runs). */
  host: varchar('host', { length: 160 }).notNull().default(''),
  port: integer('port').notNull().default(587),
  secure: boolean('secure').notNull().default(false),
  username: varchar('username', { length: 160 }).notNull().default(''),
  passwordEncrypted: text('password_encrypted'),
  fromAddress: varchar('from_address', { length: 160 }).notNull().default(''),
  fromName: varchar('from_name', { length: 128 }).notNull().default(''),
});
