import { INVOICE_LINE_KINDS, INVOICE_STATUSES } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, moment } from '../../../platform/columns';
import { customers } from '../../customers/customers.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { customerPayments, customerRefunds } from '../payments/payments.tables';

/**
 * Invoices (docs/business-rules.md "Invoices and balances"). An issued invoice is frozen: its
 * amounts and lines never change; `applied_cents` and `status` follow the payments applied to it,
 * and a void sets `voided_*` once. A correction is a new invoice naming the one it corrects.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...baseColumns(),
    number: varchar('number', { length: 20 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    /** Business date of issue (the office day it belongs to) and the due date from payment terms. */
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    status: varchar('status', { length: 12, enum: INVOICE_STATUSES }).notNull().default('open'),
    /** The customer's language when issued: the PDF is written in it. */
    language: varchar('language', { length: 2 }).notNull().default('en'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Σ of its applications (maintained in the transaction that adds one). */
    appliedCents: integer('applied_cents').notNull().default(0),
    voidReason: text('void_reason').notNull().default(''),
    voidedAt: moment('voided_at'),
    voidedBy: integer('voided_by'),
    correctsInvoiceId: integer('corrects_invoice_id'),
    sentAt: moment('sent_at'),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    // One live invoice per job: a correction is issued only after the original is void.
    uniqueIndex('invoices_job_live_uq').on(t.jobId).where(sql`${t.status} <> 'void'`),
    index('invoices_job_idx').on(t.jobId),
    index('invoices_customer_idx').on(t.customerId, t.issuedOn, t.id),
    index('invoices_issued_idx').on(t.issuedOn, t.id),
    // Open invoices by customer and due date: balances, aging and oldest-first application read these;
    // with the amounts, the aging buckets of a searched report are read from the index alone.
    index('invoices_open_idx')
      .on(t.customerId, t.dueOn, t.id, t.totalCents, t.appliedCents)
      .where(sql`${t.status} in ('open', 'partly_paid')`),
    index('invoices_open_due_idx').on(t.dueOn).where(sql`${t.status} in ('open', 'partly_paid')`),
    uniqueIndex('invoices_corrects_uq').on(t.correctsInvoiceId).where(sql`${t.correctsInvoiceId} is not null`),
    check('invoices_applied_ck', sql`${t.appliedCents} >= 0 and (${t.status} = 'void' or ${t.appliedCents} <= ${t.totalCents})`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 12, enum: INVOICE_LINE_KINDS }).notNull(),
    descriptionEn: varchar('description_en', { length: 200 }).notNull(),
    descriptionZh: varchar('description_zh', { length: 200 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] })],
);

/**
 * How payments pay invoices: rows never updated or deleted. A payment's void, a refund, or the void
 * of an invoice undoes an application by a row of the opposite sign naming it (`reversal_of_id`).
 */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: moment('created_at').notNull().defaultNow(),
    createdBy: integer('created_by'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => customerPayments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    reversalOfId: integer('reversal_of_id'),
    /** The refund that took this money back off the invoice, when a refund did. */
    refundId: integer('refund_id').references(() => customerRefunds.id),
  },
  (t) => [
    index('payment_applications_invoice_idx').on(t.invoiceId),
    index('payment_applications_payment_idx').on(t.paymentId),
    index('payment_applications_customer_idx').on(t.customerId),
    uniqueIndex('payment_applications_reversal_uq').on(t.reversalOfId).where(sql`${t.reversalOfId} is not null`),
  ],
);

/**
 * A customer's billing totals, maintained in the transaction of every write that changes them
 * (design §9: never summed per request). balance = open − credit: positive the customer owes.
 *   invoiced: Σ totals of invoices not void;  open: Σ (total − applied) of open invoices;
 *   credit: money received and not applied (net of refunds).
 */
export const customerBalances = pgTable(
  'customer_balances',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    invoicedCents: bigint('invoiced_cents', { mode: 'number' }).notNull().default(0),
    openCents: bigint('open_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** Due date of the oldest open invoice (aging and the "past due" filter). */
    oldestDueOn: date('oldest_due_on'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_balances_owing_idx').on(t.balanceCents, t.customerId).where(sql`${t.balanceCents} <> 0`),
    index('customer_balances_oldest_due_idx').on(t.oldestDueOn).where(sql`${t.oldestDueOn} is not null`),
    /* Every customer has a row (migration 0033's trigger): the list sorted by balance walks this. */
    index('customer_balances_balance_idx').on(t.balanceCents, t.customerId),
    /* The aging report's rows by customer, with their amounts: a search probes its matches here alone. */
    index('customer_balances_report_idx')
      .on(t.customerId, t.openCents, t.creditCents, t.balanceCents, t.oldestDueOn)
      .where(sql`${t.openCents} <> 0 or ${t.creditCents} <> 0`),
    /* The aging report's rows (open or credit), walked in its default order. */
    index('customer_balances_aging_idx')
      .on(t.balanceCents, t.customerId)
      .where(sql`${t.openCents} <> 0 or ${t.creditCents} <> 0`),
  ],
);

/**
 * Open amount (total − applied of open and partly paid invoices) per due date, kept by statement
 * triggers on invoices (migration 0033) in the same transaction as every change, whichever path makes
 * it: the aging totals sum a few thousand dates instead of every open invoice.
 */
export const openByDueDate = pgTable('open_by_due_date', {
  dueOn: date('due_on').primaryKey(),
  openCents: bigint('open_cents', { mode: 'number' }).notNull().default(0),
});

/**
 * The aging report's totals per oldest due date of its customers ('infinity' for credit only), kept by
 * statement triggers on customer_balances (migration 0034): the report's count and sums, and those of
 * "past due only" (the dates before the business date), without reading every customer.
 */
export const agingByOldestDue = pgTable('aging_by_oldest_due', {
  oldestDueOn: date('oldest_due_on').primaryKey(),
  customers: bigint('customers', { mode: 'number' }).notNull().default(0),
  openCents: bigint('open_cents', { mode: 'number' }).notNull().default(0),
  creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
});
