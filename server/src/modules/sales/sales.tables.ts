import {
  CUSTOMER_SOURCES,
  HOUSE_TYPES,
  JOB_FREQUENCIES,
  LOCATION_TYPES,
  PRICE_LINE_KINDS,
  QUOTE_STATUSES,
  QUOTE_TYPES,
  type QuotePriceBreakdown,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../platform/columns';
import { cardColumns, customers } from '../customers/customers.tables';
import { teams } from '../employees/employees.tables';
import { campaigns } from '../marketing/campaigns/campaigns.tables';
import { priceItems, zones } from '../system/settings.tables';

/**
 * Quotes (spec §3 Quote). Quotes are never removed: a lost one is "not sold". The price figures are
 * the server's own calculation with the parameters and rates copied into the quote when it was made.
 */
export const quotes = pgTable(
  'quotes',
  {
    ...baseColumns(),
    reference: varchar('reference', { length: 20 }).notNull(),
    /** Business date of creation (business time zone): the date filters and the rates use it. */
    quoteDate: date('quote_date').notNull(),
    status: varchar('status', { length: 10, enum: QUOTE_STATUSES }).notNull().default('pending'),
    statusReason: text('status_reason').notNull().default(''),
    statusChangedAt: moment('status_changed_at'),
    customerId: integer('customer_id').references(() => customers.id),
    customerName: varchar('customer_name', { length: 128 }).notNull(),
    phone1: varchar('phone1', { length: 32 }).notNull(),
    phone2: varchar('phone2', { length: 32 }).notNull().default(''),
    phone3: varchar('phone3', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 160 }).notNull().default(''),
    address1: varchar('address1', { length: 160 }).notNull(),
    address2: varchar('address2', { length: 80 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull().default(''),
    state: varchar('state', { length: 2 }).notNull().default('CA'),
    county: varchar('county', { length: 64 }).notNull().default(''),
    zip: varchar('zip', { length: 5 }).notNull(),
    country: varchar('country', { length: 56 }).notNull().default('US'),
    zoneId: integer('zone_id').references(() => zones.id),
    addressKey: varchar('address_key', { length: 160 }).notNull().default(''),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    source: varchar('source', { length: 24, enum: CUSTOMER_SOURCES }),
    channel: varchar('channel', { length: 64 }).notNull().default(''),
    /** The campaign the lead came through: its coupon's, else the one whose source name is the channel. */
    campaignId: integer('campaign_id').references(() => campaigns.id),
    customerNote: text('customer_note').notNull().default(''),
    locationType: varchar('location_type', { length: 12, enum: LOCATION_TYPES }).notNull().default('residential'),
    houseType: varchar('house_type', { length: 12, enum: HOUSE_TYPES }).notNull(),
    jobLocation: varchar('job_location', { length: 160 }).notNull().default(''),
    jobNote: text('job_note').notNull().default(''),
    occupants: integer('occupants'),
    houseSizeSqft: integer('house_size_sqft').notNull(),
    housingArea: varchar('housing_area', { length: 96 }).notNull().default(''),
    quoteType: varchar('quote_type', { length: 8, enum: QUOTE_TYPES }).notNull().default('fixed'),
    frequency: varchar('frequency', { length: 20, enum: JOB_FREQUENCIES }).notNull().default('one_time'),
    teamSize: integer('team_size').notNull(),
    pricePerMinuteCents: integer('price_per_minute_cents').notNull(),
    travelMinutes: integer('travel_minutes').notNull().default(0),
    couponCode: varchar('coupon_code', { length: 32 }).notNull().default(''),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    flatRateCents: integer('flat_rate_cents'),
    // Parameters copied when the quote was made: a later settings change never reprices it.
    minutesPerPersonPer1000Sqft: integer('minutes_per_person_per_1000_sqft').notNull(),
    priceRangeVarianceBps: integer('price_range_variance_bps').notNull(),
    maxDiscountBps: integer('max_discount_bps').notNull(),
    salesTaxBps: integer('sales_tax_bps').notNull(),
    defaultTeamSize: integer('default_team_size').notNull(),
    defaultPricePerMinuteCents: integer('default_price_per_minute_cents').notNull(),
    // The server's calculation.
    totalMinutes: integer('total_minutes').notNull(),
    inHomeMinutes: integer('in_home_minutes').notNull(),
    calculatedPriceCents: integer('calculated_price_cents').notNull(),
    rangeLowCents: integer('range_low_cents').notNull(),
    rangeHighCents: integer('range_high_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    finalOfferCents: integer('final_offer_cents').notNull(),
    breakdown: jsonb('breakdown').$type<QuotePriceBreakdown>().notNull(),
    teamNote: text('team_note').notNull().default(''),
    preferredTeamId: integer('preferred_team_id').references(() => teams.id),
    ...cardColumns(),
  },
  (t) => [
    uniqueIndex('quotes_reference_uq').on(t.reference),
    index('quotes_reference_prefix_idx').using('btree', t.reference.op('varchar_pattern_ops')),
    index('quotes_date_idx').on(t.quoteDate, t.id),
    // The list's default order exactly, so its first page reads 20 rows (issue 25).
    index('quotes_list_order_idx').on(t.quoteDate.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id),
    index('quotes_status_date_idx').on(t.status, t.quoteDate),
    index('quotes_created_by_idx').on(t.createdBy),
    index('quotes_customer_idx').on(t.customerId),
    index('quotes_address_key_idx').on(t.addressKey),
    index('quotes_zip_idx').on(t.zip),
    index('quotes_source_idx').on(t.source),
    index('quotes_campaign_date_idx').on(t.campaignId, t.quoteDate),
    // Uses of a coupon (its usage limit) are counted by code, any case.
    index('quotes_coupon_code_idx').on(sql`lower(${t.couponCode})`).where(sql`${t.couponCode} <> ''`),
  ],
);

/** Housing detail, add-on and fee lines with the rate copied from the price list on the quote date. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    priceItemId: integer('price_item_id')
      .notNull()
      .references(() => priceItems.id),
    kind: varchar('kind', { length: 8, enum: PRICE_LINE_KINDS }).notNull(),
    nameEn: varchar('name_en', { length: 96 }).notNull(),
    nameZh: varchar('name_zh', { length: 96 }).notNull(),
    taxable: boolean('taxable').notNull(),
    quantity: integer('quantity').notNull(),
    minutesEach: integer('minutes_each').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalMinutes: integer('total_minutes').notNull(),
    amountCents: integer('amount_cents').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId, t.sortOrder)],
);

/** Every change of a quote, kept with the quote (the operation log may be cleared; this is not). */
export const quoteHistory = pgTable(
  'quote_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    at: moment('at').notNull().defaultNow(),
    userId: integer('user_id'),
    action: varchar('action', { length: 16, enum: ['created', 'modified', 'status_changed', 'sent'] }).notNull(),
    fromStatus: varchar('from_status', { length: 10, enum: QUOTE_STATUSES }),
    toStatus: varchar('to_status', { length: 10, enum: QUOTE_STATUSES }),
    reason: text('reason').notNull().default(''),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
  },
  (t) => [index('quote_history_quote_idx').on(t.quoteId, t.at)],
);
