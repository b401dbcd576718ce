import {
  CONNECT_PURPOSES,
  CONNECT_STATUSES,
  CONNECT_TYPES,
  CONTACT_METHODS,
  CUSTOMER_SOURCES,
  CUSTOMER_STATUSES,
  HOUSE_TYPES,
  INVOICE_TYPES,
  JOB_FREQUENCIES,
  KEY_LOCATIONS,
  PAYMENT_METHODS,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment, softDelete } from '../../platform/columns';
import { sysUsers, teams } from '../employees/employees.tables';
import { zones } from '../system/settings.tables';

/** Card columns (docs/business-rules.md "Card details"): never a full number, never a security code. */
export const cardColumns = () => ({
  cardBrand: varchar('card_brand', { length: 16 }),
  cardLast4: varchar('card_last4', { length: 4 }),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  cardHolderName: varchar('card_holder_name', { length: 96 }).notNull().default(''),
  cardVendorToken: varchar('card_vendor_token', { length: 128 }).notNull().default(''),
});

/** Customers (spec §3). Address, city, zip and zone are a copy of the primary location's, for the list. */
export const customers = pgTable(
  'customers',
  {
    ...baseColumns(),
    ...softDelete(),
    name: varchar('name', { length: 128 }).notNull(),
    company: varchar('company', { length: 128 }).notNull().default(''),
    phone1: varchar('phone1', { length: 32 }).notNull(),
    phone2: varchar('phone2', { length: 32 }).notNull().default(''),
    phone3: varchar('phone3', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 160 }).notNull().default(''),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    source: varchar('source', { length: 24, enum: CUSTOMER_SOURCES }),
    channel: varchar('channel', { length: 64 }).notNull().default(''),
    note: text('note').notNull().default(''),
    status: varchar('status', { length: 12, enum: CUSTOMER_STATUSES }).notNull().default('prospect'),
    serviceTeamId: integer('service_team_id').references(() => teams.id),
    nextServiceDate: date('next_service_date'),
    lastServiceDate: date('last_service_date'),
    address1: varchar('address1', { length: 160 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull().default(''),
    zip: varchar('zip', { length: 5 }).notNull().default(''),
    zoneId: integer('zone_id').references(() => zones.id),
    /** The quote this customer was converted from. */
    quoteId: integer('quote_id'),
    ...cardColumns(),
    /** The card gateway's customer the saved card is attached to (billing/card-queue). */
    gatewayCustomerId: varchar('gateway_customer_id', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('customers_name_idx').on(t.name, t.id),
    index('customers_status_idx').on(t.status),
    index('customers_zone_idx').on(t.zoneId),
    index('customers_team_idx').on(t.serviceTeamId),
    index('customers_next_service_idx').on(t.nextServiceDate),
    index('customers_last_service_idx').on(t.lastServiceDate),
    index('customers_source_idx').on(t.source),
    index('customers_created_idx').on(t.createdAt),
    // The status filter's page in name order and its capped count, from the index alone (issue 25).
    index('customers_live_status_name_idx').on(t.status, t.name, t.id).where(sql`${t.deletedAt} is null`),
    // The few removed customers, which a search drops from the terms' matches (search-terms.ts).
    index('customers_removed_idx').on(t.id).where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * The customer search index: one row per searchable word of a customer (name and company words,
 * e-mail, phone digits, address words, city, zip), lower case. A search word matches a term by
 * prefix through the varchar_pattern_ops index, on both engines, without trigram extensions.
 */
export const customerSearchTerms = pgTable(
  'customer_search_terms',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    term: varchar('term', { length: 64 }).notNull(),
    /**
     * The customer's name when the terms were written (refreshCustomerIndex, on every change of the
     * customer): a search sorts and pages its matches by it without reading one customer row.
     */
    sortName: varchar('sort_name', { length: 128 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.term] }),
    // Each term's customers in name order (migration 0052): a common search walks each matching term
    // for one page instead of sorting every match (search-terms.ts searchPageMatches); covering.
    index('customer_search_terms_term_idx').using('btree', t.term.op('varchar_pattern_ops'), t.sortName, t.customerId),
  ],
);

export const customerLocations = pgTable(
  'customer_locations',
  {
    ...baseColumns(),
    ...softDelete(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: varchar('name', { length: 96 }).notNull(),
    address1: varchar('address1', { length: 160 }).notNull(),
    address2: varchar('address2', { length: 80 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull().default(''),
    state: varchar('state', { length: 2 }).notNull().default('CA'),
    zip: varchar('zip', { length: 5 }).notNull(),
    zoneId: integer('zone_id').references(() => zones.id),
    /** Normalized address with zip, for duplicate checks (contract addressKey). */
    addressKey: varchar('address_key', { length: 160 }).notNull().default(''),
    primaryContact: varchar('primary_contact', { length: 96 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 32 }).notNull().default(''),
    houseType: varchar('house_type', { length: 12, enum: HOUSE_TYPES }).notNull(),
    sqft: integer('sqft'),
    accessNotes: text('access_notes').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Encrypted at rest (platform/secrets); answered masked; revealed only with customer:keys:reveal. */
    keyCodeEncrypted: text('key_code_encrypted'),
    alarmCodeEncrypted: text('alarm_code_encrypted'),
    gateCodeEncrypted: text('gate_code_encrypted'),
    keyTag: varchar('key_tag', { length: 32 }).notNull().default(''),
    keyLocation: varchar('key_location', { length: 16, enum: KEY_LOCATIONS }),
    keyHolderId: integer('key_holder_id').references(() => sysUsers.id),
    keyCheckedOutAt: moment('key_checked_out_at'),
  },
  (t) => [
    index('customer_locations_customer_idx').on(t.customerId),
    index('customer_locations_address_key_idx').on(t.addressKey),
    index('customer_locations_zone_idx').on(t.zoneId),
    index('customer_locations_holder_idx').on(t.keyHolderId),
    index('customer_locations_key_tag_idx').on(t.keyTag),
  ],
);

/** Key custody history: every check-out, check-in and hand-over of a location's key. */
export const customerKeyEvents = pgTable(
  'customer_key_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => customerLocations.id),
    at: moment('at').notNull().defaultNow(),
    action: varchar('action', { length: 16 }).notNull(),
    keyTag: varchar('key_tag', { length: 32 }).notNull().default(''),
    keyLocation: varchar('key_location', { length: 16, enum: KEY_LOCATIONS }),
    holderId: integer('holder_id').references(() => sysUsers.id),
    actorId: integer('actor_id'),
  },
  (t) => [index('customer_key_events_location_idx').on(t.locationId, t.at)],
);

export const customerPreferences = pgTable(
  'customer_preferences',
  {
    ...baseColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    noticeMethod: varchar('notice_method', { length: 8, enum: CONTACT_METHODS }),
    scheduledMethod: varchar('scheduled_method', { length: 8, enum: CONTACT_METHODS }),
    invoiceType: varchar('invoice_type', { length: 8, enum: INVOICE_TYPES }),
    paymentMethod: varchar('payment_method', { length: 12, enum: PAYMENT_METHODS }),
    healthConcern: text('health_concern').notNull().default(''),
    preferredTeamId: integer('preferred_team_id').references(() => teams.id),
    preferredStartTime: varchar('preferred_start_time', { length: 5 }),
    frequency: varchar('frequency', { length: 20, enum: JOB_FREQUENCIES }),
    noteDirections: text('note_directions').notNull().default(''),
    travelDirections: text('travel_directions').notNull().default(''),
  },
  (t) => [uniqueIndex('customer_preferences_customer_uq').on(t.customerId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

export const customerDocuments = pgTable(
  'customer_documents',
  {
    ...baseColumns(),
    ...softDelete(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: varchar('name', { length: 160 }).notNull(),
    mimeType: varchar('mime_type', { length: 96 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
  },
  (t) => [index('customer_documents_customer_idx').on(t.customerId, t.updatedAt)],
);

/** Document content apart from its row, so lists never read it. */
export const customerDocumentContents = pgTable('customer_document_contents', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => customerDocuments.id),
  content: bytea('content').notNull(),
});

export const connectRecords = pgTable(
  'connect_records',
  {
    ...baseColumns(),
    ...softDelete(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    status: varchar('status', { length: 8, enum: CONNECT_STATUSES }).notNull().default('open'),
    purpose: varchar('purpose', { length: 20, enum: CONNECT_PURPOSES }).notNull(),
    type: varchar('type', { length: 8, enum: CONNECT_TYPES }).notNull(),
    contactDate: date('contact_date').notNull(),
    subject: varchar('subject', { length: 160 }).notNull(),
    details: text('details').notNull().default(''),
    loggedForId: integer('logged_for_id').references(() => sysUsers.id),
    followUpDate: date('follow_up_date'),
  },
  (t) => [
    index('connect_records_contact_idx').on(t.contactDate, t.id),
    index('connect_records_customer_idx').on(t.customerId, t.contactDate),
    index('connect_records_logged_for_idx').on(t.loggedForId),
    index('connect_records_follow_up_idx').on(t.status, t.followUpDate),
  ],
);
