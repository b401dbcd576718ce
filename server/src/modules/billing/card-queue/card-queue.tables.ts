import { CARD_FAILURE_RESOLUTIONS, CARD_QUEUE_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { customers } from '../../customers/customers.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { customerPayments } from '../payments/payments.tables';

/**
 * The e-payment queue (spec §3 "Card queue entry"). The card fields are a copy of the customer's
 * saved card when the entry was queued (token, brand, last four, expiry): never a full number.
 * `idempotencyKey` is made once at insert and sent with every gateway call for this entry.
 */
export const cardQueueEntries = pgTable(
  'card_queue_entries',
  {
    ...baseColumns(),
    /** Serial number shown to the office (platform/references). */
    serial: varchar('serial', { length: 20 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    jobId: integer('job_id').references(() => jobs.id),
    /** The business date the charge belongs to (the job's service date): the close-day gate reads it. */
    serviceDate: date('service_date').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: varchar('status', { length: 8, enum: CARD_QUEUE_STATUSES }).notNull().default('pending'),
    cardBrand: varchar('card_brand', { length: 16 }).notNull().default(''),
    cardLast4: varchar('card_last4', { length: 4 }).notNull().default(''),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    cardVendorToken: varchar('card_vendor_token', { length: 128 }).notNull().default(''),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** Set while a process is charging the entry (claimed with FOR UPDATE SKIP LOCKED). */
    processingStartedAt: moment('processing_started_at'),
    processedAt: moment('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    gatewayTransactionId: varchar('gateway_transaction_id', { length: 64 }).notNull().default(''),
    /** The PaymentIntent made for the current key, stored before it is confirmed (recovery asks the gateway about it). */
    gatewayIntentId: varchar('gateway_intent_id', { length: 64 }).notNull().default(''),
    /** When the current key first went to the gateway: past the replay window (24 h) it is never sent again. */
    gatewaySentAt: moment('gateway_sent_at'),
    declineCode: varchar('decline_code', { length: 48 }).notNull().default(''),
    /** The customer payment the approved charge became. */
    paymentId: integer('payment_id').references(() => customerPayments.id),
    resolution: varchar('resolution', { length: 12, enum: CARD_FAILURE_RESOLUTIONS }),
    resolutionNote: text('resolution_note').notNull().default(''),
    resolvedAt: moment('resolved_at'),
    resolvedBy: integer('resolved_by'),
  },
  (t) => [
    uniqueIndex('card_queue_entries_serial_uq').on(t.serial),
    uniqueIndex('card_queue_entries_idempotency_uq').on(t.idempotencyKey),
    index('card_queue_entries_status_date_idx').on(t.status, t.serviceDate),
    index('card_queue_entries_date_idx').on(t.serviceDate),
    index('card_queue_entries_customer_idx').on(t.customerId),
    index('card_queue_entries_job_idx').on(t.jobId).where(sql`${t.jobId} is not null`),
    check('card_queue_entries_amount_ck', sql`${t.amountCents} > 0`),
  ],
);
