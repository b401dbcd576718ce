import {
  AUTHENTICATED,
  formatGiftNumber,
  GIFT_CASH_REFUND_KEY,
  GIFT_VOID_KEY,
  ZGiftCertificate,
  ZGiftCertificateAddRequest,
  ZGiftCertificateCashRefundRequest,
  ZGiftCertificateDetail,
  ZGiftCertificateListRequest,
  ZGiftCertificateListResponse,
  ZGiftCertificateLookup,
  ZGiftCertificateLookupRequest,
  ZGiftCertificatePdfQuery,
  ZGiftCertificateUpdateRequest,
  ZGiftCertificateVoidRequest,
  ZId,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit, diff, pick } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { defineFileRoute, defineRoute } from '../../../platform/route';
import { giftCertificateDocument } from './gift-certificate-pdf';
import {
  addGiftCertificate,
  cashRefundGiftCertificate,
  GIFT_FIELDS,
  giftCertificate,
  giftCertificateDetail,
  listGiftCertificates,
  lookupGiftCertificate,
  updateGiftCertificate,
  voidGiftCertificate,
} from './gift-certificates.service';

const SCREEN = '/marketing/giftcertificate';
const MODULE = 'giftCertificates';
const RECORD = 'giftCertificate';

/** Gift Certificate Management: sell, edit, void, pay out small balances, print; the payment forms' lookup. */
export async function giftCertificatesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/giftCertificate/queryList',
    summary: 'List gift certificates, with the outstanding balance of the active ones',
    permission: SCREEN,
    body: ZGiftCertificateListRequest,
    response: ZGiftCertificateListResponse,
    handler: (_request, body) => listGiftCertificates(db, body),
  });

  defineRoute(app, {
    path: '/giftCertificate/detail',
    summary: 'One gift certificate with its history',
    permission: SCREEN,
    body: ZId,
    response: ZGiftCertificateDetail,
    handler: (_request, body) => giftCertificateDetail(db, body.id),
  });

  // Whoever records a payment checks the number as it is typed: only the status and the balance come back.
  defineRoute(app, {
    path: '/giftCertificate/lookup',
    summary: 'The status and balance of a gift certificate number (payment forms)',
    permission: AUTHENTICATED,
    body: ZGiftCertificateLookupRequest,
    response: ZGiftCertificateLookup,
    handler: (_request, body) => lookupGiftCertificate(db, body.number),
  });

  defineRoute(app, {
    path: '/giftCertificate/add',
    summary: 'Sell a gift certificate (the number is generated)',
    permission: SCREEN,
    body: ZGiftCertificateAddRequest,
    response: ZGiftCertificate,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await addGiftCertificate(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'sell',
          recordType: RECORD,
          recordId: row.id,
          details: {
            params: {
              number: formatGiftNumber(row.number),
              certificateAmountCents: row.certificateAmountCents,
              purchaseAmountCents: row.purchaseAmountCents,
              purchaseMethod: row.purchaseMethod,
              purchaser: row.purchaserName,
              recipient: row.recipientName,
            },
          },
          changes: diff({}, pick(row, GIFT_FIELDS)),
        });
        return row;
      }),
  });

  defineRoute(app, {
    path: '/giftCertificate/update',
    summary: 'Edit a gift certificate (amounts only while nothing was redeemed)',
    permission: SCREEN,
    body: ZGiftCertificateUpdateRequest,
    response: ZGiftCertificate,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await updateGiftCertificate(tx, request.session!.userId, body);
        const changes = diff(pick(before, GIFT_FIELDS), pick(after, GIFT_FIELDS));
        await audit(tx, request, {
          module: MODULE,
          action: 'modify',
          recordType: RECORD,
          recordId: after.id,
          details: { params: { number: formatGiftNumber(after.number), fields: Object.keys(changes ?? {}) } },
          changes,
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/giftCertificate/void',
    summary: 'Void a gift certificate (a reason is required; its balance is cancelled)',
    permission: GIFT_VOID_KEY,
    body: ZGiftCertificateVoidRequest,
    response: ZGiftCertificate,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await voidGiftCertificate(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'void',
          recordType: RECORD,
          recordId: after.id,
          details: { params: { number: formatGiftNumber(after.number), balanceCents: before.balanceCents, reason: body.reason } },
          changes: diff(pick(before, ['status', 'balanceCents']), pick(after, ['status', 'balanceCents'])),
        });
        return giftCertificate(tx, after.id);
      }),
  });

  defineRoute(app, {
    path: '/giftCertificate/cashRefund',
    summary: 'Pay out a balance under $10 in cash (California Civil Code 1749.5)',
    permission: GIFT_CASH_REFUND_KEY,
    body: ZGiftCertificateCashRefundRequest,
    response: ZGiftCertificate,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after, amountCents } = await cashRefundGiftCertificate(tx, request.session!.userId, body, request.locale);
        await audit(tx, request, {
          module: MODULE,
          action: 'cashRefund',
          recordType: RECORD,
          recordId: after.id,
          details: { params: { number: formatGiftNumber(after.number), amountCents, note: body.note } },
          changes: diff(pick(before, ['status', 'balanceCents']), pick(after, ['status', 'balanceCents'])),
        });
        return giftCertificate(tx, after.id);
      }),
  });

  defineFileRoute(app, {
    path: '/giftCertificate/pdf',
    summary: 'The printable gift certificate (PDF, in its language or the one asked for)',
    permission: SCREEN,
    query: ZGiftCertificatePdfQuery,
    handler: (_request, query) => giftCertificateDocument(db, query.id, query.lang),
  });
}
