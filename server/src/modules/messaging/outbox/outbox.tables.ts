import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { invoices } from '../../billing/invoices/invoices.tables';
import { customerPayments } from '../../billing/payments/payments.tables';
import { customers } from '../../customers/customers.tables';
import { jobs } from '../../service/jobs/jobs.tables';

/**
 * The outbox (design §8, issue 22): one row per message and channel, written in the transaction of
 * the event that causes it, sent later by the worker of any server process (outbox/worker.ts).
 * The text is rendered when it is sent, so a held or retried message reads the job as it is then;
 * `subject`, `body` and `toAddress` keep what was sent. `idempotencyKey` is made once at insert and
 * carried by every provider call for the row, so a crash after the provider's answer never sends twice.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    ...baseColumns(),
    /** A MESSAGE_EVENTS value (contract/src/messaging/templates.ts). */
    event: varchar('event', { length: 24 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    jobId: integer('job_id').references(() => jobs.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    paymentId: integer('payment_id').references(() => customerPayments.id),
    /** 'email' or 'sms'. */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** The caller's name of the occasion (e.g. `reminder:job:42`): a second queue call with it queues nothing. */
    dedupeKey: varchar('dedupe_key', { length: 120 }).notNull(),
    /** An OUTBOX_STATUSES value. */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may take it: not before this (back-off, quiet hours, or the lease of a claim). */
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** The provider's id (Twilio MessageSid, the SMTP message id): callbacks find the row by it. */
    providerId: varchar('provider_id', { length: 128 }).notNull().default(''),
    lastError: text('last_error').notNull().default(''),
    sentAt: moment('sent_at'),
    deliveredAt: moment('delivered_at'),
    /** What was sent (empty until then). */
    language: varchar('language', { length: 5 }).notNull().default(''),
    toAddress: varchar('to_address', { length: 160 }).notNull().default(''),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_uq').on(t.dedupeKey, t.channel),
    uniqueIndex('outbox_messages_idempotency_uq').on(t.idempotencyKey),
    // The worker's claim: the due rows among those still to send.
    index('outbox_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('queued', 'held', 'sending')`),
    index('outbox_messages_provider_idx').on(t.providerId).where(sql`${t.providerId} <> ''`),
    // The office's list: newest first, alone or by status, customer or job.
    index('outbox_messages_created_idx').on(t.createdAt, t.id),
    index('outbox_messages_status_created_idx').on(t.status, t.createdAt, t.id),
    index('outbox_messages_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('outbox_messages_job_idx').on(t.jobId).where(sql`${t.jobId} is not null`),
  ],
);

/**
 * Text messages received (the provider's inbound webhook): kept for the customer's communications
 * log and the dashboard's follow-ups. `keyword` is STOP / START when the text changed the opt-out.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    ...baseColumns(),
    /** The provider's MessageSid: a webhook delivered twice stores one row. */
    providerId: varchar('provider_id', { length: 128 }).notNull(),
    fromPhone: varchar('from_phone', { length: 32 }).notNull(),
    toPhone: varchar('to_phone', { length: 32 }).notNull().default(''),
    body: text('body').notNull().default(''),
    /** The customer whose phone it came from, when one is known. */
    customerId: integer('customer_id').references(() => customers.id),
    keyword: varchar('keyword', { length: 12 }).notNull().default(''),
    receivedAt: moment('received_at').notNull().defaultNow(),
    /** Set when the office has followed it up (dashboard). */
    handledAt: moment('handled_at'),
    handledBy: integer('handled_by'),
  },
  (t) => [
    uniqueIndex('inbound_messages_provider_uq').on(t.providerId),
    index('inbound_messages_customer_idx').on(t.customerId, t.receivedAt),
    index('inbound_messages_open_idx').on(t.receivedAt).where(sql`${t.handledAt} is null`),
  ],
);

/**
 * Messaging's Location Parameters, one row (id 1): the text provider's account (the auth token
 * encrypted as the card vendor key is, platform/secrets) and the event timings M3's scans read.
 * No account sid: texts go to SMS_URL, or to the local simulator.
 */
export const messageParameters = pgTable('message_parameters', {
  ...baseColumns(),
  smsAccountSid: varchar('sms_account_sid', { length: 64 }).notNull().default(''),
  smsAuthTokenEncrypted: text('sms_auth_token_encrypted'),
  smsFromNumber: varchar('sms_from_number', { length: 32 }).notNull().default(''),
  /** Reminder this many hours before the job. */
  reminderLeadHours: integer('reminder_lead_hours').notNull().default(24),
  /** Review request this many days after a first visit. */
  reviewRequestDays: integer('review_request_days').notNull().default(2),
});
