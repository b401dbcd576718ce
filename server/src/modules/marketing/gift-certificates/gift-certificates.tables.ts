import { GIFT_CERTIFICATE_STATUSES, GIFT_ENTRY_KINDS, GIFT_PURCHASE_METHODS, LOCALES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../../platform/columns';

/**
 * Gift certificates (spec §3). California Civil Code 1749.5: there is deliberately no expiry date and
 * no fee column. The balance only moves with an entry in `gift_certificate_entries`, under the row's
 * lock (redemption.ts), and never goes below zero.
 */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    ...baseColumns(),
    /** 16 digits, random, the last a Luhn check digit (contract gift-certificates.ts). */
    number: varchar('number', { length: 16 }).notNull(),
    purchaseAmountCents: integer('purchase_amount_cents').notNull(),
    certificateAmountCents: integer('certificate_amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    purchaseMethod: varchar('purchase_method', { length: 16, enum: GIFT_PURCHASE_METHODS }).notNull(),
    purchasedOn: date('purchased_on').notNull(),
    sentOn: date('sent_on'),
    status: varchar('status', { length: 16, enum: GIFT_CERTIFICATE_STATUSES }).notNull().default('active'),
    purchaserCustomerId: integer('purchaser_customer_id'),
    purchaserName: varchar('purchaser_name', { length: 120 }).notNull(),
    purchaserPhone: varchar('purchaser_phone', { length: 32 }).notNull().default(''),
    purchaserEmail: varchar('purchaser_email', { length: 160 }).notNull().default(''),
    recipientName: varchar('recipient_name', { length: 120 }).notNull(),
    recipientPhone: varchar('recipient_phone', { length: 32 }).notNull().default(''),
    recipientEmail: varchar('recipient_email', { length: 160 }).notNull().default(''),
    language: varchar('language', { length: 2, enum: LOCALES }).notNull().default('en'),
    serviceDescription: text('service_description').notNull().default(''),
    message: text('message').notNull().default(''),
    officeNotes: text('office_notes').notNull().default(''),
    voidReason: text('void_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('gift_certificates_number_uq').on(t.number),
    index('gift_certificates_status_idx').on(t.status, t.purchasedOn),
    index('gift_certificates_purchased_on_idx').on(t.purchasedOn),
    index('gift_certificates_purchaser_idx').on(t.purchaserCustomerId).where(sql`${t.purchaserCustomerId} is not null`),
    check('gift_certificates_balance_ck', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.certificateAmountCents}`),
    check('gift_certificates_amounts_ck', sql`${t.purchaseAmountCents} >= 0 and ${t.certificateAmountCents} > 0`),
  ],
);

/** The certificate's history: every change of its balance, signed, with the balance after it. */
export const giftCertificateEntries = pgTable(
  'gift_certificate_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => giftCertificates.id),
    kind: varchar('kind', { length: 20, enum: GIFT_ENTRY_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceAfterCents: integer('balance_after_cents').notNull(),
    /** The customer payment that redeemed (or its reversal that restored) the amount. */
    customerPaymentId: integer('customer_payment_id'),
    jobId: integer('job_id'),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_certificate_entries_certificate_idx').on(t.certificateId, t.id),
    check('gift_certificate_entries_balance_ck', sql`${t.balanceAfterCents} >= 0`),
  ],
);
