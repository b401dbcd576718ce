import {
  formatCents,
  giftNumberDigits,
  type Locale,
  type Payment,
  type PaymentAddRequest,
  type PaymentSummary,
  type Refund,
  type RefundAddRequest,
  type RefundStatus,
} from '@tidyhouse/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { assertNotAfterToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { queryRows } from '../../../platform/database';
import { conflict, notFound, refused } from '../../../platform/errors';
import { paged, totalCount } from '../../../platform/list';
import { updateVersioned } from '../../../platform/versioned';
import { customers } from '../../customers/customers.tables';
import { businessToday } from '../../customers/lookups';
import { iso } from '../../customers/mappers';
import { sysUsers } from '../../employees/employees.tables';
import { giftCertificates } from '../../marketing/gift-certificates/gift-certificates.tables';
import { queuePaymentReceived } from '../../messaging/events';
import { assertDaysOpen } from '../../office/day-lock';
import { adjustApprovedPay } from '../../payroll/wages/pay-adjustments';
import {
  afterPaymentVoided,
  afterRefundChanged,
  applyPayment,
  assertPayableInvoice,
  balanceOf,
} from '../balances/balances.service';
import { redeemGiftCertificate, restoreGiftCertificate } from './gift-redemption';
import { customerPayments, customerRefunds } from './payments.tables';

/** Payments, refunds and the balance (docs/business-rules.md "Payments, balance and refunds"). */

export async function paymentSummary(db: Db, customerId: number): Promise<PaymentSummary> {
  const [row] = await queryRows<{ received: string | number; gratuity: string | number; refunded: string | number }>(
    db,
    sql`select
          (select coalesce(sum(amount_cents), 0) from customer_payments where customer_id = ${customerId}) as received,
          (select coalesce(sum(gratuity_cents), 0) from customer_payments where customer_id = ${customerId}) as gratuity,
          (select coalesce(sum(amount_cents), 0) from customer_refunds
            where customer_id = ${customerId} and status = 'refunded') as refunded`,
  );
  const received = Number(row?.received ?? 0);
  const refunded = Number(row?.refunded ?? 0);
  // Invoiced and the balance are the maintained totals (billing/balances): open invoices − credit.
  const { invoicedCents: invoiced, balanceCents: balance, creditCents: credit } = await balanceOf(db, customerId);
  const net = received - refunded;
  return {
    totalReceivedCents: received,
    totalGratuityCents: Number(row?.gratuity ?? 0),
    totalRefundedCents: refunded,
    netReceivedCents: net,
    invoicedCents: invoiced,
    balanceCents: balance,
    amountRemainingCents: Math.max(0, balance),
    creditCents: credit,
    refundableCents: Math.max(0, net),
  };
}

/** Locks the customer's row: every check of money bounds runs under it, so two requests cannot both pass. */
export async function lockCustomer(tx: Db, customerId: number): Promise<void> {
  const [row] = await tx
    .select({ id: customers.id, deletedAt: customers.deletedAt })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!row || row.deletedAt) throw notFound('customers.customer');
}

type PaymentRow = typeof customerPayments.$inferSelect;

function toPayment(row: PaymentRow, createdBy: string | null, giftCertificateNumber: string | null = null): Payment {
  return {
    id: row.id,
    version: row.version,
    customerId: row.customerId,
    kind: row.kind,
    paidOn: row.paidOn,
    amountCents: row.amountCents,
    gratuityCents: row.gratuityCents,
    method: row.method,
    checkNumber: row.checkNumber,
    cardLast4: row.cardLast4,
    giftCertificateNumber: giftCertificateNumber ?? '',
    note: row.note,
    reversalOfId: row.reversalOfId,
    reversedById: row.reversedById,
    gatewayCharged: row.method === 'credit_card' && row.kind === 'payment' && row.gatewayTransactionId !== '',
    createdBy,
    createdAt: iso(row.createdAt),
  };
}

export async function listPayments(db: Db, req: { customerId: number; pageNum: number; pageSize: number }) {
  const query = db
    .select({ payment: customerPayments, createdBy: sysUsers.name, giftNumber: giftCertificates.number, total: totalCount })
    .from(customerPayments)
    .leftJoin(sysUsers, eq(sysUsers.id, customerPayments.createdBy))
    .leftJoin(giftCertificates, eq(giftCertificates.id, customerPayments.giftCertificateId))
    .where(eq(customerPayments.customerId, req.customerId))
    .orderBy(desc(customerPayments.paidOn), desc(customerPayments.id))
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    total,
    list: rows.map((r) => toPayment(r.payment, r.createdBy, r.giftNumber)),
    summary: await paymentSummary(db, req.customerId),
  };
}

export async function paymentDetail(db: Db, id: number): Promise<Payment> {
  const [row] = await db
    .select({ payment: customerPayments, createdBy: sysUsers.name, giftNumber: giftCertificates.number })
    .from(customerPayments)
    .leftJoin(sysUsers, eq(sysUsers.id, customerPayments.createdBy))
    .leftJoin(giftCertificates, eq(giftCertificates.id, customerPayments.giftCertificateId))
    .where(eq(customerPayments.id, id));
  if (!row) throw notFound('customers.payment');
  return toPayment(row.payment, row.createdBy, row.giftNumber);
}

export async function addPayment(
  tx: Db,
  actorId: number,
  req: PaymentAddRequest,
  opts: { jobId?: number | null; locale?: Locale } = {},
): Promise<PaymentRow> {
  await lockCustomer(tx, req.customerId);
  if (req.invoiceId !== undefined) await assertPayableInvoice(tx, req.customerId, req.invoiceId);
  // A payment belongs to the office day it was received on: that day's cash count includes it.
  await assertDaysOpen(tx, [req.paidOn]);
  // And that day has come where the business is: a payment dated tomorrow would miss today's close.
  await assertNotAfterToday(tx, 'paidOn', req.paidOn);
  const [row] = await tx
    .insert(customerPayments)
    .values({
      customerId: req.customerId,
      kind: 'payment',
      paidOn: req.paidOn,
      amountCents: req.amountCents,
      gratuityCents: req.gratuityCents,
      method: req.method,
      checkNumber: req.method === 'check' ? req.checkNumber : '',
      cardLast4: req.method === 'credit_card' ? req.cardLast4 : '',
      note: req.note,
      jobId: opts.jobId ?? null,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  // Applied in this transaction, under the lock: a picked invoice, its job's invoice, or oldest first.
  await applyPayment(tx, row!.id, actorId, req.invoiceId ?? null);
  // The customer's receipt of the payment (messaging/events), in this transaction.
  await queuePaymentReceived(tx, row!);
  if (req.method !== 'gift_certificate') return row!;
  // The whole payment (gratuity included) comes off the certificate, under its row lock.
  const certificate = await redeemGiftCertificate(
    tx,
    {
      number: giftNumberDigits(req.giftCertificateNumber),
      amountCents: req.amountCents + req.gratuityCents,
      customerPaymentId: row!.id,
      jobId: opts.jobId ?? null,
      actorId,
    },
    opts.locale,
  );
  const [linked] = await tx
    .update(customerPayments)
    .set({ giftCertificateId: certificate.id })
    .where(eq(customerPayments.id, row!.id))
    .returning();
  return linked!;
}

/**
 * Voids a payment by adding its reversal (negative amounts, the reason as note). Refused for a
 * reversal, a payment already voided, or when it would leave less received than already refunded.
 */
export async function voidPayment(tx: Db, actorId: number, req: { id: number; version: number; reason: string }, locale: Locale) {
  const [payment] = await tx.select().from(customerPayments).where(eq(customerPayments.id, req.id));
  if (!payment) throw notFound('customers.payment');
  await lockCustomer(tx, payment.customerId);
  const [current] = await tx.select().from(customerPayments).where(eq(customerPayments.id, req.id)).for('update');
  if (current!.version !== req.version) throw conflict();
  await assertDaysOpen(tx, [current!.paidOn, await businessToday(tx)]);
  if (current!.kind === 'reversal') throw refused('customers.reversalNotVoidable');
  if (current!.reversedById !== null) throw refused('customers.alreadyVoided');
  const summary = await paymentSummary(tx, payment.customerId);
  const remaining = summary.totalReceivedCents - current!.amountCents;
  if (remaining < summary.totalRefundedCents) {
    throw refused('customers.voidUnderfunds', {
      remaining: formatCents(remaining, locale),
      refunded: formatCents(summary.totalRefundedCents, locale),
    });
  }
  const [reversal] = await tx
    .insert(customerPayments)
    .values({
      customerId: current!.customerId,
      kind: 'reversal',
      paidOn: await businessToday(tx),
      amountCents: -current!.amountCents,
      gratuityCents: -current!.gratuityCents,
      method: current!.method,
      checkNumber: current!.checkNumber,
      cardLast4: current!.cardLast4,
      note: req.reason,
      reversalOfId: current!.id,
      jobId: current!.jobId,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  const { after } = await updateVersioned(
    tx,
    customerPayments,
    'customers.payment',
    req,
    { reversedById: reversal!.id },
    actorId,
  );
  if (current!.giftCertificateId !== null) {
    await tx
      .update(customerPayments)
      .set({ giftCertificateId: current!.giftCertificateId })
      .where(eq(customerPayments.id, reversal!.id));
    await restoreGiftCertificate(tx, {
      certificateId: current!.giftCertificateId,
      amountCents: current!.amountCents + current!.gratuityCents,
      reversalPaymentId: reversal!.id,
      jobId: current!.jobId,
      actorId,
      note: req.reason,
    });
  }
  await afterPaymentVoided(tx, current!.id, actorId);
  // A tip already in approved pay is taken back as an adjustment of the next open period.
  if (current!.jobId !== null && current!.gratuityCents > 0)
    await adjustApprovedPay(tx, actorId, { jobIds: [current!.jobId], kind: 'tipVoided', paymentId: current!.id });
  return { payment: after, reversal: reversal! };
}

// ---- Refunds ----

type RefundRow = typeof customerRefunds.$inferSelect;

export function toRefund(row: RefundRow, createdBy: string | null, cardLast4 = ''): Refund {
  return {
    id: row.id,
    version: row.version,
    customerId: row.customerId,
    refundedOn: row.refundedOn,
    amountCents: row.amountCents,
    reason: row.reason,
    status: row.status,
    note: row.note,
    cardPaymentId: row.cardPaymentId,
    cardLast4,
    gatewayRefundId: row.gatewayRefundId,
    createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function listRefunds(db: Db, req: { customerId: number; pageNum: number; pageSize: number }) {
  const query = db
    .select({ refund: customerRefunds, createdBy: sysUsers.name, cardLast4: customerPayments.cardLast4, total: totalCount })
    .from(customerRefunds)
    .leftJoin(sysUsers, eq(sysUsers.id, customerRefunds.createdBy))
    .leftJoin(customerPayments, eq(customerPayments.id, customerRefunds.cardPaymentId))
    .where(eq(customerRefunds.customerId, req.customerId))
    .orderBy(desc(customerRefunds.refundedOn), desc(customerRefunds.id))
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    total,
    list: rows.map((r) => toRefund(r.refund, r.createdBy, r.cardLast4 ?? '')),
    summary: await paymentSummary(db, req.customerId),
  };
}

/**
 * The refund bound: a refund never exceeds what was received minus the refunds already refunded.
 * Checked under the customer's row lock when a refund is recorded and again when it is marked
 * refunded, so concurrent requests cannot together exceed it.
 */
export async function assertRefundable(
  tx: Db,
  customerId: number,
  amountCents: number,
  exceptRefundId: number | null,
  locale: Locale,
) {
  const summary = await paymentSummary(tx, customerId);
  let refunded = summary.totalRefundedCents;
  if (exceptRefundId !== null) {
    const [other] = await tx
      .select({ amountCents: customerRefunds.amountCents, status: customerRefunds.status })
      .from(customerRefunds)
      .where(eq(customerRefunds.id, exceptRefundId));
    if (other?.status === 'refunded') refunded -= other.amountCents;
  }
  const available = summary.totalReceivedCents - refunded;
  if (amountCents > available) {
    throw refused('customers.refundTooLarge', {
      amount: formatCents(amountCents, locale),
      available: formatCents(Math.max(0, available), locale),
      received: formatCents(summary.totalReceivedCents, locale),
      refunded: formatCents(refunded, locale),
    });
  }
}

export async function addRefund(tx: Db, actorId: number, req: RefundAddRequest, locale: Locale): Promise<RefundRow> {
  await assertNotAfterToday(tx, 'refundedOn', req.refundedOn);
  await lockCustomer(tx, req.customerId);
  await assertRefundable(tx, req.customerId, req.amountCents, null, locale);
  const [row] = await tx
    .insert(customerRefunds)
    .values({
      customerId: req.customerId,
      refundedOn: req.refundedOn,
      amountCents: req.amountCents,
      reason: req.reason,
      status: req.status,
      note: req.note,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await afterRefundChanged(tx, row!.id, actorId);
  return row!;
}

export async function changeRefundStatus(
  tx: Db,
  actorId: number,
  req: { id: number; version: number; status: RefundStatus },
  locale: Locale,
) {
  const [refund] = await tx.select().from(customerRefunds).where(eq(customerRefunds.id, req.id));
  if (!refund) throw notFound('customers.refund');
  await lockCustomer(tx, refund.customerId);
  if (req.status === 'refunded') await assertRefundable(tx, refund.customerId, refund.amountCents, refund.id, locale);
  const changed = await updateVersioned(tx, customerRefunds, 'customers.refund', req, { status: req.status }, actorId);
  await afterRefundChanged(tx, refund.id, actorId);
  return changed;
}
