import { LEDGER_PAYMENT_METHODS, REFUND_REASONS, REFUND_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { customers } from '../../customers/customers.tables';

/** Money records are never deleted: a void adds a reversal (negative amounts) pointing at the payment. */
export const customerPayments = pgTable(
  'customer_payments',
  {
    ...baseColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: varchar('kind', { length: 10, enum: ['payment', 'reversal'] }).notNull(),
    paidOn: date('paid_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gratuityCents: integer('gratuity_cents').notNull().default(0),
    method: varchar('method', { length: 16, enum: LEDGER_PAYMENT_METHODS }).notNull(),
    checkNumber: varchar('check_number', { length: 32 }).notNull().default(''),
    /** The gift certificate redeemed by a gift certificate payment (and restored by its reversal). */
    giftCertificateId: integer('gift_certificate_id'),
    cardLast4: varchar('card_last4', { length: 4 }).notNull().default(''),
    note: text('note').notNull().default(''),
    reversalOfId: integer('reversal_of_id'),
    reversedById: integer('reversed_by_id'),
    /** The job the payment is for, when it is for one (its reversal carries the same job). */
    jobId: integer('job_id'),
    /** The card gateway's charge id when the payment is a card charge (billing/card-queue). */
    gatewayTransactionId: varchar('gateway_transaction_id', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('customer_payments_customer_idx').on(t.customerId, t.paidOn),
    index('customer_payments_job_idx').on(t.jobId).where(sql`${t.jobId} is not null`),
    uniqueIndex('customer_payments_reversal_uq').on(t.reversalOfId).where(sql`${t.reversalOfId} is not null`),
  ],
);

export const customerRefunds = pgTable(
  'customer_refunds',
  {
    ...baseColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    refundedOn: date('refunded_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: varchar('reason', { length: 24, enum: REFUND_REASONS }).notNull(),
    status: varchar('status', { length: 16, enum: REFUND_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    /** Set when the money goes back to the card of this card payment through the gateway. */
    cardPaymentId: integer('card_payment_id'),
    /** The one idempotency key of a card refund for its whole life (sent again on every retry). */
    idempotencyKey: varchar('idempotency_key', { length: 80 }).notNull().default(''),
    /** The gateway's refund id, once the gateway has returned the money. */
    gatewayRefundId: varchar('gateway_refund_id', { length: 64 }).notNull().default(''),
    /** When the refund's key first went to the gateway: a later send looks the refund up first. */
    gatewaySentAt: moment('gateway_sent_at'),
  },
  (t) => [
    index('customer_refunds_customer_idx').on(t.customerId, t.refundedOn),
    index('customer_refunds_card_payment_idx').on(t.cardPaymentId).where(sql`${t.cardPaymentId} is not null`),
    uniqueIndex('customer_refunds_idempotency_uq').on(t.idempotencyKey).where(sql`${t.idempotencyKey} <> ''`),
  ],
);
