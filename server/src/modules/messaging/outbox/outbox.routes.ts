import {
  ZMessageParams,
  ZMessageParamsModifyRequest,
  ZOutboxListRequest,
  ZOutboxListResponse,
  ZOutboxRetryRequest,
  ZSaved,
  ZSmsSimInboxRequest,
  ZSmsSimInboxResponse,
  ZSmsSimMessage,
  ZSmsSimReplyRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { defineRoute, ZEmpty } from '../../../platform/route';
import { messageParams, modifyMessageParams } from './message-params.service';
import { listOutbox, retryMessage } from './outbox.service';
import { simInbox, simReply } from './sim-client';
import { scheduleOutboxWorker } from './worker-loop';

/** The screen of customer messages: the outbox and, while no provider is set, the simulator's inbox. */
export const OUTBOX_SCREEN = '/office/messages';
/** The text provider's account and the event timings are Location Parameters. */
const PARAMS_SCREEN = '/sys/positionparameter';

export async function outboxRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  scheduleOutboxWorker(app, deps);

  defineRoute(app, {
    path: '/outbox/queryList',
    summary: 'List the messages to customers (status, channel, customer, event, queued dates)',
    permission: OUTBOX_SCREEN,
    body: ZOutboxListRequest,
    response: ZOutboxListResponse,
    handler: (_request, body) => listOutbox(db, body),
  });

  defineRoute(app, {
    path: '/outbox/retry',
    summary: 'Send a failed or held message again now (same message, same idempotency key)',
    permission: OUTBOX_SCREEN,
    body: ZOutboxRetryRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await retryMessage(tx, body, request.session!.userId);
        await audit(tx, request, {
          module: 'customers',
          action: 'retryMessage',
          recordType: 'outboxMessage',
          recordId: after.id,
          changes: { status: { from: before.status, to: after.status } },
          details: { params: { id: after.id, customerId: after.customerId } },
        });
        return { id: after.id, version: after.version };
      }),
  });

  defineRoute(app, {
    path: '/smsSim/inbox',
    summary: "The text simulator's inbox (texts sent and replies), while no real provider is set",
    permission: OUTBOX_SCREEN,
    body: ZSmsSimInboxRequest,
    response: ZSmsSimInboxResponse,
    handler: (_request, body) => simInbox(deps, body.phone),
  });

  defineRoute(app, {
    path: '/smsSim/reply',
    summary: "Reply from a phone in the text simulator (it posts the provider's inbound webhook here)",
    permission: OUTBOX_SCREEN,
    body: ZSmsSimReplyRequest,
    response: ZSmsSimMessage,
    handler: async (request, body) => {
      const sent = await simReply(deps, body);
      // What the reply changed (an opt-out, a follow-up) came through the webhook; the log says who typed it.
      await db.transaction((tx) =>
        audit(tx, request, {
          module: 'customers',
          action: 'simulateReply',
          details: { params: { phone: body.from, body: body.body.slice(0, 80) } },
        }),
      );
      return sent;
    },
  });

  defineRoute(app, {
    path: '/sysParam/messageParams',
    summary: 'Text message settings (provider account, token masked) and the reminder and review timings',
    permission: PARAMS_SCREEN,
    body: ZEmpty,
    response: ZMessageParams,
    handler: () => messageParams(db, deps.secrets),
  });

  defineRoute(app, {
    path: '/sysParam/messageParamsModify',
    summary: 'Change the text message settings and the reminder and review timings',
    permission: PARAMS_SCREEN,
    body: ZMessageParamsModifyRequest,
    response: ZMessageParams,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { changes, tokenChange, detail } = await modifyMessageParams(tx, deps.secrets, request.session!.userId, body);
        const fields = Object.keys(changes ?? {});
        await audit(tx, request, {
          module: 'parameters',
          action: 'messageParamsModify',
          recordType: 'messageParameters',
          recordId: 1,
          details: { params: { fields: tokenChange ? [...fields, 'smsAuthToken'] : fields } },
          changes: tokenChange ? { ...changes, smsAuthToken: { from: '***', to: tokenChange } } : changes,
        });
        return detail;
      }),
  });
}
