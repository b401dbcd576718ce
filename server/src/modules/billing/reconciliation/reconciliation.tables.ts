import { RECONCILIATION_KINDS, RECONCILIATION_RESOLUTIONS } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';

/**
 * Card reconciliation (issue 26; docs/operations.md "Card gateway"). One row per business day compared,
 * with the totals of both sides as last seen, and one row per difference found. A difference is found
 * again by its `findingKey` (kind and the ids it names), so a re-run never adds it twice; an open one
 * that no longer holds is closed as `matched`.
 */
export const cardReconciliationDays = pgTable(
  'card_reconciliation_days',
  {
    ...baseColumns(),
    businessDate: date('business_date').notNull(),
    ranAt: moment('ran_at').notNull(),
    gatewayChargeCount: integer('gateway_charge_count').notNull().default(0),
    gatewayChargeCents: integer('gateway_charge_cents').notNull().default(0),
    ourChargeCount: integer('our_charge_count').notNull().default(0),
    ourChargeCents: integer('our_charge_cents').notNull().default(0),
    gatewayRefundCents: integer('gateway_refund_cents').notNull().default(0),
    ourRefundCents: integer('our_refund_cents').notNull().default(0),
  },
  (t) => [uniqueIndex('card_reconciliation_days_date_uq').on(t.businessDate)],
);

export const cardReconciliationDifferences = pgTable(
  'card_reconciliation_differences',
  {
    ...baseColumns(),
    businessDate: date('business_date').notNull(),
    kind: varchar('kind', { length: 24, enum: RECONCILIATION_KINDS }).notNull(),
    findingKey: varchar('finding_key', { length: 160 }).notNull(),
    gatewayId: varchar('gateway_id', { length: 64 }).notNull().default(''),
    gatewayAmountCents: integer('gateway_amount_cents'),
    ourAmountCents: integer('our_amount_cents'),
    customerId: integer('customer_id'),
    entryId: integer('entry_id'),
    paymentId: integer('payment_id'),
    refundId: integer('refund_id'),
    resolution: varchar('resolution', { length: 16, enum: RECONCILIATION_RESOLUTIONS }),
    resolutionNote: text('resolution_note').notNull().default(''),
    resolvedAt: moment('resolved_at'),
    resolvedBy: integer('resolved_by'),
    /** The payment recorded, or the gateway refund sent, when it was resolved so. */
    resolvedPaymentId: integer('resolved_payment_id'),
    gatewayRefundId: varchar('gateway_refund_id', { length: 64 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('card_reconciliation_differences_finding_uq').on(t.findingKey),
    index('card_reconciliation_differences_open_idx').on(t.businessDate).where(sql`${t.resolution} is null`),
  ],
);
