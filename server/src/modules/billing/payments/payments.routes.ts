import {
  formatCents,
  type RefundAddRequest,
  ZId,
  ZPayment,
  ZPaymentAddRequest,
  ZPaymentListRequest,
  ZPaymentListResponse,
  ZPaymentVoidRequest,
  ZRefundAddRequest,
  ZRefundChangeStatusRequest,
  ZRefundListRequest,
  ZRefundListResponse,
  ZSaved,
} from '@tidyhouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { refused } from '../../../platform/errors';
import { CUSTOMER_DETAIL, customerRoute, PAYMENTS_MANAGE } from '../../customers/route';
import { declineReason } from '../card-queue/card-queue.service';
import { gatewayFor } from '../card-queue/gateway/gateway-settings';
import { cardRefundToSend, recordCardRefund, sendCardRefund } from './card-refunds.service';
import {
  addPayment,
  addRefund,
  changeRefundStatus,
  listPayments,
  listRefunds,
  paymentDetail,
  voidPayment,
} from './payments.service';

/** Payments and refunds of a customer (routes under /customerPayment and /customerRefund, spec §3). */
export async function paymentsRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const route = customerRoute(app);

  // ---- Payments ----

  route({
    path: '/customerPayment/queryList',
    summary: "A customer's payments",
    permission: CUSTOMER_DETAIL,
    body: ZPaymentListRequest,
    response: ZPaymentListResponse,
    handler: (_request, body) => listPayments(db, body),
  });

  route({
    path: '/customerPayment/detail',
    summary: 'One payment',
    permission: CUSTOMER_DETAIL,
    body: ZId,
    response: ZPayment,
    handler: (_request, body) => paymentDetail(db, body.id),
  });

  route({
    path: '/customerPayment/add',
    summary: 'Record a payment',
    permission: PAYMENTS_MANAGE,
    body: ZPaymentAddRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await addPayment(tx, request.session!.userId, body, { locale: request.locale });
        await audit(tx, request, {
          module: 'customers',
          action: 'addPayment',
          recordType: 'customerPayment',
          recordId: row.id,
          summary: `Payment of ${formatCents(row.amountCents)} (+${formatCents(row.gratuityCents)} gratuity) by ${row.method} on ${row.paidOn} from customer #${row.customerId}`,
          details: {
            params: {
              amountCents: row.amountCents,
              gratuityCents: row.gratuityCents,
              method: row.method,
              date: row.paidOn,
              customerId: row.customerId,
              invoiceId: body.invoiceId ?? null,
            },
          },
        });
        return { id: row.id, version: row.version };
      }),
  });

  route({
    path: '/customerPayment/void',
    summary: 'Void a payment',
    permission: PAYMENTS_MANAGE,
    body: ZPaymentVoidRequest,
    response: ZSaved.extend({ reversalId: ZId.shape.id }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { payment, reversal } = await voidPayment(tx, request.session!.userId, body, request.locale);
        await audit(tx, request, {
          module: 'customers',
          action: 'voidPayment',
          recordType: 'customerPayment',
          recordId: payment.id,
          summary: `Voided payment #${payment.id} of ${formatCents(payment.amountCents)} (reversal #${reversal.id}): ${body.reason}`,
          details: {
            params: { id: payment.id, amountCents: payment.amountCents, reversalId: reversal.id, reason: body.reason },
          },
        });
        return { id: payment.id, version: payment.version, reversalId: reversal.id };
      }),
  });

  // ---- Refunds ----

  route({
    path: '/customerRefund/queryList',
    summary: "A customer's refunds",
    permission: CUSTOMER_DETAIL,
    body: ZRefundListRequest,
    response: ZRefundListResponse,
    handler: (_request, body) => listRefunds(db, body),
  });

  route({
    path: '/customerRefund/add',
    summary: 'Record a refund (with a card payment: the money goes back to that card through the gateway)',
    permission: PAYMENTS_MANAGE,
    body: ZRefundAddRequest,
    response: ZSaved,
    handler: async (request, body) => {
      if (body.cardPaymentId !== null) return refundToCard(request, { ...body, cardPaymentId: body.cardPaymentId });
      return db.transaction(async (tx) => {
        const row = await addRefund(tx, request.session!.userId, body, request.locale);
        await audit(tx, request, {
          module: 'customers',
          action: 'addRefund',
          recordType: 'customerRefund',
          recordId: row.id,
          summary: `Refund of ${formatCents(row.amountCents)} (${row.reason}, ${row.status}) for customer #${row.customerId}`,
          details: {
            params: { amountCents: row.amountCents, reason: row.reason, status: row.status, customerId: row.customerId },
          },
        });
        return { id: row.id, version: row.version };
      });
    },
  });

  /** Records the card refund, sends it with its key, and logs the gateway's answer; a refusal says why. */
  async function refundToCard(request: FastifyRequest, body: RefundAddRequest & { cardPaymentId: number }) {
    const { row, existing } = await db.transaction(async (tx) => {
      const recorded = await recordCardRefund(tx, request.session!.userId, body, request.locale);
      if (!recorded.existing) {
        await audit(tx, request, {
          module: 'customers',
          action: 'addCardRefund',
          recordType: 'customerRefund',
          recordId: recorded.row.id,
          summary: `Card refund of ${formatCents(recorded.row.amountCents)} (${recorded.row.reason}) of payment #${body.cardPaymentId} for customer #${recorded.row.customerId}`,
          details: {
            params: {
              amountCents: recorded.row.amountCents,
              reason: recorded.row.reason,
              customerId: recorded.row.customerId,
              cardPaymentId: body.cardPaymentId,
            },
          },
        });
      }
      return recorded;
    });
    const saved = await finishCardRefund(request, row.id);
    return existing && saved.version === row.version ? { id: row.id, version: row.version } : saved;
  }

  async function finishCardRefund(request: FastifyRequest, refundId: number) {
    const outcome = await sendCardRefund(db, await gatewayFor(deps), refundId, request.session!.userId, (tx, row) =>
      audit(tx, request, {
        module: 'customers',
        action: 'cardRefundReturned',
        recordType: 'customerRefund',
        recordId: row.id,
        summary: `Refund #${row.id} of ${formatCents(row.amountCents)} returned to the card (${row.gatewayRefundId})`,
        details: { params: { id: row.id, amountCents: row.amountCents, gatewayRefundId: row.gatewayRefundId } },
        changes: { status: { from: 'not_refunded', to: 'refunded' } },
      }),
    );
    if (!outcome.refunded) {
      const { declineCode, requestId, message } = outcome.failure;
      request.log.warn(
        { refundId, code: declineCode, gatewayRequestId: requestId, gatewayMessage: message },
        'Card refund not made',
      );
      const key = outcome.failure.transient ? 'customers.cardRefundUnanswered' : 'customers.cardRefundFailed';
      throw refused(key, { reason: declineReason(declineCode, request.locale) });
    }
    return { id: outcome.row.id, version: outcome.row.version };
  }

  route({
    path: '/customerRefund/changeStatus',
    summary: "Change a refund's status (a card refund: marking it refunded sends it to the gateway again with its key)",
    permission: PAYMENTS_MANAGE,
    body: ZRefundChangeStatusRequest,
    response: ZSaved,
    handler: async (request, body) => {
      const cardRefund = await cardRefundToSend(db, body);
      if (cardRefund) return finishCardRefund(request, cardRefund);
      return db.transaction(async (tx) => {
        const { before, after } = await changeRefundStatus(tx, request.session!.userId, body, request.locale);
        await audit(tx, request, {
          module: 'customers',
          action: 'changeRefundStatus',
          recordType: 'customerRefund',
          recordId: after.id,
          summary: `Refund #${after.id} of ${formatCents(after.amountCents)}: ${before.status} → ${after.status}`,
          details: { params: { id: after.id, amountCents: after.amountCents, from: before.status, to: after.status } },
          changes: { status: { from: before.status, to: after.status } },
        });
        return { id: after.id, version: after.version };
      });
    },
  });
}
