import {
  AUTHENTICATED,
  listResponseOf,
  ZBusinessProfile,
  ZBusinessProfileDetail,
  ZBusinessProfileModifyRequest,
  ZDisclaimer,
  ZDisclaimerAddRequest,
  ZDisclaimerListRequest,
  ZDisclaimerModifyRequest,
  ZDisclaimerOptionsRequest,
  ZId,
  ZIdVersion,
  ZPaymentParams,
  ZPaymentParamsModifyRequest,
  ZQuoteParams,
  ZQuoteParamsModifyRequest,
  ZQuoteSettings,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff, pick } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute, ZEmpty } from '../../platform/route';
import {
  addDisclaimer,
  DISCLAIMER_FIELDS,
  disclaimerDetail,
  disclaimerOptions,
  listDisclaimers,
  modifyDisclaimer,
  removeDisclaimer,
} from './disclaimers.service';
import { mailRoutes } from './mail.routes';
import {
  modifyPaymentParams,
  modifyProfile,
  modifyQuoteParams,
  paymentParams,
  profileDetail,
  quoteParams,
  quoteSettings,
  readBusinessProfile,
  SETTINGS_ROW_ID,
} from './params.service';

const SCREEN = '/sys/positionparameter';
const MODULE = 'parameters';

export async function paramsRoutes(app: FastifyInstance, deps: Deps) {
  const { db, secrets } = deps;
  // Every logged-in user sees the business address in the header.
  defineRoute(app, {
    path: '/sysParam/businessProfile',
    summary: 'The business profile shown to every user',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZBusinessProfile,
    handler: () => readBusinessProfile(db),
  });

  defineRoute(app, {
    path: '/sysParam/profileDetail',
    summary: 'The business profile, for editing',
    permission: SCREEN,
    body: ZEmpty,
    response: ZBusinessProfileDetail,
    handler: () => profileDetail(db),
  });

  defineRoute(app, {
    path: '/sysParam/profileModify',
    summary: 'Edit the business profile',
    permission: SCREEN,
    body: ZBusinessProfileModifyRequest,
    response: ZBusinessProfileDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { changes, detail } = await modifyProfile(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'profileModify',
          recordType: 'businessProfile',
          recordId: SETTINGS_ROW_ID,
          details: { params: { fields: Object.keys(changes ?? {}) } },
          changes,
        });
        return detail;
      }),
  });

  defineRoute(app, {
    path: '/sysParam/quoteParams',
    summary: 'Quote parameters, for the settings screen',
    permission: SCREEN,
    body: ZEmpty,
    response: ZQuoteParams,
    handler: () => quoteParams(db),
  });

  // The quote calculator and other screens read these whatever the role.
  defineRoute(app, {
    path: '/sysParam/quoteSettings',
    summary: 'Quote settings, for the quote calculator and other screens',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZQuoteSettings,
    handler: () => quoteSettings(db),
  });

  defineRoute(app, {
    path: '/sysParam/quoteParamsModify',
    summary: 'Edit quote parameters',
    permission: SCREEN,
    body: ZQuoteParamsModifyRequest,
    response: ZQuoteParams,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { changes, detail } = await modifyQuoteParams(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'quoteParamsModify',
          recordType: 'quoteParameters',
          recordId: SETTINGS_ROW_ID,
          details: { params: { fields: Object.keys(changes ?? {}) } },
          changes,
        });
        return detail;
      }),
  });

  defineRoute(app, {
    path: '/sysParam/paymentParams',
    summary: 'Payment parameters',
    permission: SCREEN,
    body: ZEmpty,
    response: ZPaymentParams,
    handler: () => paymentParams(db, secrets),
  });

  defineRoute(app, {
    path: '/sysParam/paymentParamsModify',
    summary: 'Edit payment parameters',
    permission: SCREEN,
    body: ZPaymentParamsModifyRequest,
    response: ZPaymentParams,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { changes, keyReplaced, detail } = await modifyPaymentParams(tx, secrets, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'paymentParamsModify',
          recordType: 'paymentParameters',
          recordId: SETTINGS_ROW_ID,
          details: {
            key: keyReplaced ? 'parameters.paymentParamsModifyWithKey' : 'parameters.paymentParamsModify',
            params: { fields: Object.keys(changes ?? {}) },
          },
          changes: keyReplaced ? { ...changes, apiAccessKey: { from: '***', to: 'replaced' } } : changes,
        });
        return detail;
      }),
  });

  defineRoute(app, {
    path: '/sysParam/disclaimerList',
    summary: 'List disclaimers',
    permission: SCREEN,
    body: ZDisclaimerListRequest,
    response: listResponseOf(ZDisclaimer),
    handler: (_request, body) => listDisclaimers(db, body),
  });

  defineRoute(app, {
    path: '/sysParam/disclaimerDetail',
    summary: 'One disclaimer',
    permission: SCREEN,
    body: ZId,
    response: ZDisclaimer,
    handler: (_request, body) => disclaimerDetail(db, body.id),
  });

  // Quotes, invoices and gift certificates print these whatever the role.
  defineRoute(app, {
    path: '/sysParam/disclaimerOptions',
    summary: 'Disclaimers to choose from',
    permission: AUTHENTICATED,
    body: ZDisclaimerOptionsRequest,
    response: z.array(ZDisclaimer),
    handler: (_request, body) => disclaimerOptions(db, body.purpose),
  });

  defineRoute(app, {
    path: '/sysParam/disclaimerAdd',
    summary: 'Add a disclaimer',
    permission: SCREEN,
    body: ZDisclaimerAddRequest,
    response: ZDisclaimer,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await addDisclaimer(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'disclaimerAdd',
          recordType: 'disclaimer',
          recordId: row.id,
          summary: `Added the ${row.purpose} disclaimer "${row.name}"`,
          details: { key: 'record.add', params: { kind: 'disclaimer', name: row.name } },
        });
        return row;
      }),
  });

  defineRoute(app, {
    path: '/sysParam/disclaimerModify',
    summary: 'Edit a disclaimer',
    permission: SCREEN,
    body: ZDisclaimerModifyRequest,
    response: ZDisclaimer,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyDisclaimer(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'disclaimerModify',
          recordType: 'disclaimer',
          recordId: after.id,
          summary: `Modified the ${after.purpose} disclaimer "${after.name}"`,
          details: { key: 'record.modify', params: { kind: 'disclaimer', name: after.name } },
          changes: diff(pick(before, DISCLAIMER_FIELDS), pick(after, DISCLAIMER_FIELDS)),
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/sysParam/disclaimerRemove',
    summary: 'Delete a disclaimer',
    permission: SCREEN,
    body: ZIdVersion,
    response: z.null(),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await removeDisclaimer(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'disclaimerRemove',
          recordType: 'disclaimer',
          recordId: row.id,
          summary: `Removed the ${row.purpose} disclaimer "${row.name}"`,
          details: { key: 'record.remove', params: { kind: 'disclaimer', name: row.name } },
        });
        return null;
      }),
  });

  await mailRoutes(app, deps, SCREEN);
}
