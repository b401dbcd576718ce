import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { customers } from '../../customers/customers.tables';

/**
 * Message templates (issue 22): one per event, channel and language; `enabled` is the event's on/off,
 * written on all of an event's rows at once (`/messageTemplate/update`). Defaults are seeded on every
 * start where missing (templates.seed.ts).
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    ...baseColumns(),
    /** A MESSAGE_EVENTS value (contract/src/messaging/templates.ts). */
    event: varchar('event', { length: 24 }).notNull(),
    /** 'email' or 'sms'. */
    channel: varchar('channel', { length: 8 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    /** E-mail only; empty for SMS. */
    subject: varchar('subject', { length: 200 }).notNull().default(''),
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The event's link (like `enabled`, the same on its rows): the review page, card update page or invoices page. */
    linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
  },
  (t) => [uniqueIndex('message_templates_event_channel_language_uq').on(t.event, t.channel, t.language)],
);

/**
 * The customer's message choices (docs/business-rules.md "Customer messages"). No row: the defaults
 * (both channels on, no consent recorded). The language is the customer's own `language`.
 */
export const customerMessageChoices = pgTable('customer_message_choices', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  version: integer('version').notNull().default(1),
  emailEnabled: boolean('email_enabled').notNull().default(true),
  smsEnabled: boolean('sms_enabled').notNull().default(true),
  /** The day the customer agreed (business time zone) and how (CONSENT_SOURCES). */
  consentDate: date('consent_date'),
  consentSource: varchar('consent_source', { length: 16 }),
  /** STOP (or the office); cleared by START. At: the last change of the state; source: OPT_OUT_SOURCES. */
  smsOptedOut: boolean('sms_opted_out').notNull().default(false),
  smsOptedOutAt: moment('sms_opted_out_at'),
  smsOptOutSource: varchar('sms_opt_out_source', { length: 16 }),
  /** The unsubscribe link of a non-transactional e-mail (or the office). */
  emailOptedOut: boolean('email_opted_out').notNull().default(false),
  emailOptedOutAt: moment('email_opted_out_at'),
  emailOptOutSource: varchar('email_opt_out_source', { length: 16 }),
});
