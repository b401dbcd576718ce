import {
  AUTHENTICATED,
  formatCents,
  ZCardQueueEntry,
  ZCardQueueListRequest,
  ZCardQueueListResponse,
  ZCardQueuePendingIdsRequest,
  ZCardQueuePendingIdsResponse,
  ZCardQueueProcessRequest,
  ZCardQueueProcessResponse,
  ZCardQueueResolveRequest,
  ZCardQueueRetryRequest,
  ZCardSaveRequest,
  ZCardSaveResponse,
  ZGatewayConfig,
  ZId,
  ZSaved,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { ZEmpty } from '../../../platform/route';
import { CUSTOMER_DETAIL, customerRoute } from '../../customers/route';
import { saveCustomerCard } from '../card-on-file/card-capture.service';
import { resolveEntry, retryEntry } from './card-failures';
import { entryDetail, listEntries, pendingIds, processEntries, recordChargeResult } from './card-queue.service';
import { gatewayFor } from './gateway/gateway-settings';

export const CARD_QUEUE = '/office/creditcardcollection';

export async function cardQueueRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  // Every route here refuses a body carrying a full card number, as the customer routes do.
  const route = customerRoute(app);

  route({
    path: '/cardQueue/queryList',
    summary: 'List the e-payment queue (status, service dates, unsettled failures)',
    permission: CARD_QUEUE,
    body: ZCardQueueListRequest,
    response: ZCardQueueListResponse,
    handler: (request, body) => listEntries(db, body, request.locale),
  });

  route({
    path: '/cardQueue/detail',
    summary: 'One card queue entry',
    permission: CARD_QUEUE,
    body: ZId,
    response: ZCardQueueEntry,
    handler: (request, body) => entryDetail(db, body.id, request.locale),
  });

  route({
    path: '/cardQueue/pendingIds',
    summary: 'Ids of the pending entries of a date range, for processing all of them in batches',
    permission: CARD_QUEUE,
    body: ZCardQueuePendingIdsRequest,
    response: ZCardQueuePendingIdsResponse,
    handler: async (_request, body) => ({ ids: await pendingIds(db, body) }),
  });

  route({
    path: '/cardQueue/process',
    summary: 'Charge the given pending entries through the gateway (each with its own idempotency key)',
    permission: CARD_QUEUE,
    body: ZCardQueueProcessRequest,
    response: ZCardQueueProcessResponse,
    handler: async (request, body) => {
      const gateway = await gatewayFor(deps);
      const actorId = request.session!.userId;
      const outcomes = await processEntries(
        db,
        gateway,
        body.ids,
        request.locale,
        (claimed, result) =>
          db.transaction(async (tx) => {
            const written = await recordChargeResult(tx, claimed, result, actorId);
            if (!written) return null;
            const { entry } = written;
            await audit(tx, request, {
              module: 'office',
              action: result.ok ? 'cardChargeApproved' : 'cardChargeFailed',
              recordType: 'cardQueueEntry',
              recordId: entry.id,
              summary: result.ok
                ? `Card charge ${entry.serial} of ${formatCents(entry.amountCents)} approved (${entry.cardBrand} •••• ${entry.cardLast4}, transaction ${result.transactionId}) for customer #${entry.customerId}`
                : `Card charge ${entry.serial} of ${formatCents(entry.amountCents)} declined (${result.declineCode}) for customer #${entry.customerId}`,
              details: {
                params: {
                  serial: entry.serial,
                  amountCents: entry.amountCents,
                  brand: entry.cardBrand,
                  last4: entry.cardLast4,
                  customerId: entry.customerId,
                  ...(result.ok ? { transactionId: result.transactionId } : { declineCode: result.declineCode }),
                  // The gateway's own id of the request that answered, for its support and its logs.
                  gatewayRequestId: result.requestId,
                },
              },
            });
            return written;
          }),
        request.log,
      );
      return { results: outcomes.map(({ id, outcome, declineReason }) => ({ id, outcome, declineReason })) };
    },
  });

  route({
    path: '/cardQueue/retry',
    summary: 'Retry a failed charge on the card on file now (the same entry, pending again with a new idempotency key)',
    permission: CARD_QUEUE,
    body: ZCardQueueRetryRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { after } = await retryEntry(tx, body, request.session!.userId, request.locale);
        await audit(tx, request, {
          module: 'office',
          action: 'cardChargeRetry',
          recordType: 'cardQueueEntry',
          recordId: after.id,
          summary: `Failed card charge ${after.serial} queued again on the card now on file (${after.cardBrand} •••• ${after.cardLast4})`,
          details: { params: { serial: after.serial, brand: after.cardBrand, last4: after.cardLast4 } },
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/cardQueue/resolve',
    summary: 'Settle a failed charge: paid another way, or written off with a reason',
    permission: CARD_QUEUE,
    body: ZCardQueueResolveRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { after, paymentId } = await resolveEntry(tx, body, request.session!.userId, request.locale);
        await audit(tx, request, {
          module: 'office',
          action: body.resolution === 'written_off' ? 'cardChargeWrittenOff' : 'cardChargePaidOther',
          recordType: 'cardQueueEntry',
          recordId: after.id,
          summary:
            body.resolution === 'written_off'
              ? `Failed card charge ${after.serial} of ${formatCents(after.amountCents)} written off: ${body.note}`
              : `Failed card charge ${after.serial} of ${formatCents(after.amountCents)} paid another way (${body.method}, payment #${paymentId})`,
          details: {
            params: {
              serial: after.serial,
              amountCents: after.amountCents,
              note: body.note ?? '',
              ...(paymentId === null ? {} : { method: body.method ?? '', paymentId }),
            },
          },
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/cardQueue/gatewayConfig',
    summary: "The card gateway's address and publishable key, for tokenizing a card in the browser",
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZGatewayConfig,
    handler: async () => ({ baseUrl: config.gatewayUrl, publishableKey: config.gatewayPublishableKey }),
  });

  route({
    path: '/cardQueue/saveCard',
    summary: "Save a customer's card from the gateway's token (only token, brand, last four, expiry are kept)",
    permission: CUSTOMER_DETAIL,
    body: ZCardSaveRequest,
    response: ZCardSaveResponse,
    handler: (request, body) => saveCustomerCard(deps, request, body),
  });
}
