import {
  ZCustomerMessageChoices,
  ZCustomerMessageChoicesRequest,
  ZCustomerMessageChoicesUpdateRequest,
  ZMessageTemplateListRequest,
  ZMessageTemplateListResponse,
  ZMessageTemplatePreviewRequest,
  ZMessageTemplatePreviewResponse,
  ZMessageTemplateUpdateRequest,
  ZMessageTemplateUpdateResponse,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit, diff, pick } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { CUSTOMER_DETAIL } from '../../customers/route';
import { CHOICE_FIELDS, customerChoices, updateCustomerChoices } from './choices.service';
import { previewTemplates } from './preview';
import { listTemplates, updateTemplates } from './templates.service';

export const TEMPLATES_SCREEN = '/sys/messagetemplate';
export const TEMPLATES_EDIT_KEY = 'messageTemplate:edit';

/** Message templates (System Set-up) and the customer's message choices (customer screen). */
export async function messageTemplatesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/messageTemplate/queryList',
    summary: "List the customer messages' templates and each event's on/off",
    permission: TEMPLATES_SCREEN,
    body: ZMessageTemplateListRequest,
    response: ZMessageTemplateListResponse,
    handler: (_request, body) => listTemplates(db, body),
  });

  defineRoute(app, {
    path: '/messageTemplate/update',
    summary: "Edit one event's templates, link and on/off",
    permission: TEMPLATES_EDIT_KEY,
    body: ZMessageTemplateUpdateRequest,
    response: ZMessageTemplateUpdateResponse,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after, list } = await updateTemplates(tx, request.session!.userId, body);
        const fields = ['subject', 'body', 'enabled', 'linkUrl'] as const;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const row of after) {
          const old = before.find((b) => b.id === row.id)!;
          const changed = diff(pick(old, fields), pick(row, fields)) ?? {};
          // One event's rows share on/off and link: recorded once; texts per channel and language.
          for (const [field, change] of Object.entries(changed)) {
            changes[field === 'enabled' || field === 'linkUrl' ? field : `${row.channel} ${row.language} ${field}`] = change;
          }
        }
        if (after.length > 0) {
          await audit(tx, request, {
            module: 'messaging',
            action: 'updateTemplates',
            recordType: 'messageTemplate',
            recordId: after[0]!.id,
            details: { params: { event: body.event, enabled: body.enabled } },
            changes,
          });
        }
        return { list };
      }),
  });

  defineRoute(app, {
    path: '/messageTemplate/preview',
    summary: "An event's templates rendered with a real job (the one picked, or the next scheduled)",
    permission: TEMPLATES_SCREEN,
    body: ZMessageTemplatePreviewRequest,
    response: ZMessageTemplatePreviewResponse,
    handler: (request, body) => previewTemplates(db, body, request.locale),
  });

  defineRoute(app, {
    path: '/customerMessageChoice/detail',
    summary: "A customer's message choices: channels, consent and opt-outs",
    permission: CUSTOMER_DETAIL,
    body: ZCustomerMessageChoicesRequest,
    response: ZCustomerMessageChoices,
    handler: (_request, body) => customerChoices(db, body.customerId),
  });

  defineRoute(app, {
    path: '/customerMessageChoice/update',
    summary: "Change a customer's message choices, consent and opt-outs",
    permission: CUSTOMER_DETAIL,
    body: ZCustomerMessageChoicesUpdateRequest,
    response: ZCustomerMessageChoices,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await updateCustomerChoices(tx, request.session!.userId, body);
        const changes = diff(pick(before, CHOICE_FIELDS), pick(after, CHOICE_FIELDS)) ?? {};
        if (Object.keys(changes).length > 0) {
          await audit(tx, request, {
            module: 'customers',
            action: 'updateMessageChoices',
            recordType: 'customer',
            recordId: body.customerId,
            details: { params: { customerId: body.customerId, fields: Object.keys(changes) } },
            changes,
          });
        }
        return after;
      }),
  });
}
