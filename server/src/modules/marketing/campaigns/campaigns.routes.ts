import {
  CAMPAIGN_APPROVE_KEY,
  listResponseOf,
  ZCampaign,
  ZCampaignAddRequest,
  ZCampaignAuditRequest,
  ZCampaignListRequest,
  ZCampaignModifyRequest,
  ZCampaignStatsExportQuery,
  ZCampaignStatsRequest,
  ZCampaignStatsRow,
  ZCouponCheck,
  ZCouponCheckRequest,
  ZId,
  ZIdVersion,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff, pick } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { defineFileRoute, defineRoute } from '../../../platform/route';
import { exportCampaignStats } from './campaign-export';
import {
  addCampaign,
  auditCampaign,
  CAMPAIGN_FIELDS,
  campaignDetail,
  campaignStats,
  checkCoupon,
  listCampaigns,
  modifyCampaign,
  removeCampaign,
} from './campaigns.service';

const SCREEN = '/marketing/channellist';
const MODULE = 'campaigns';
const named = (c: { sourceName: string }) => ({ kind: 'campaign', name: c.sourceName });

/** Campaign Management: campaigns with their coupon, approval and results. */
export async function campaignsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/campaign/queryList',
    summary: 'List campaigns',
    permission: SCREEN,
    body: ZCampaignListRequest,
    response: listResponseOf(ZCampaign),
    handler: (_request, body) => listCampaigns(db, body),
  });

  defineRoute(app, {
    path: '/campaign/detail',
    summary: 'One campaign',
    permission: SCREEN,
    body: ZId,
    response: ZCampaign,
    handler: (_request, body) => campaignDetail(db, body.id),
  });

  // The quote form checks a coupon as it is typed: whoever may write quotes may check one.
  defineRoute(app, {
    path: '/campaign/checkCoupon',
    summary: 'Check a coupon code for a service date',
    permission: '/sales/newcustomerquotat',
    body: ZCouponCheckRequest,
    response: ZCouponCheck,
    handler: (_request, body) => checkCoupon(db, body),
  });

  defineRoute(app, {
    path: '/campaign/add',
    summary: 'Add a campaign (pending until approved)',
    permission: SCREEN,
    body: ZCampaignAddRequest,
    response: ZCampaign,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await addCampaign(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'add',
          recordType: 'campaign',
          recordId: row.id,
          summary: `Added the campaign "${row.sourceName}"`,
          details: { params: named(row) },
          changes: diff({}, pick(row, CAMPAIGN_FIELDS)),
        });
        return row;
      }),
  });

  defineRoute(app, {
    path: '/campaign/modify',
    summary: 'Edit a campaign (back to pending)',
    permission: SCREEN,
    body: ZCampaignModifyRequest,
    response: ZCampaign,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyCampaign(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'modify',
          recordType: 'campaign',
          recordId: after.id,
          summary: `Modified the campaign "${after.sourceName}"`,
          details: { params: named(after) },
          changes: diff(pick(before, CAMPAIGN_FIELDS), pick(after, CAMPAIGN_FIELDS)),
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/campaign/audit',
    summary: 'Approve or fail a pending campaign (not its last editor)',
    permission: CAMPAIGN_APPROVE_KEY,
    body: ZCampaignAuditRequest,
    response: ZCampaign,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await auditCampaign(tx, request.session!.userId, body);
        const action = body.decision === 'approved' ? 'approve' : 'fail';
        await audit(tx, request, {
          module: MODULE,
          action,
          recordType: 'campaign',
          recordId: after.id,
          summary: `${action === 'approve' ? 'Approved' : 'Failed'} the campaign "${after.sourceName}"`,
          details: { params: { ...named(after), reason: after.auditReason } },
          changes: diff(pick(before, ['auditStatus', 'auditReason']), pick(after, ['auditStatus', 'auditReason'])),
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/campaign/remove',
    summary: 'Delete a campaign',
    permission: SCREEN,
    body: ZIdVersion,
    response: z.null(),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await removeCampaign(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'remove',
          recordType: 'campaign',
          recordId: row.id,
          summary: `Removed the campaign "${row.sourceName}"`,
          details: { params: named(row) },
        });
        return null;
      }),
  });

  defineRoute(app, {
    path: '/campaign/stats',
    summary: 'Campaign results for a date range',
    permission: SCREEN,
    body: ZCampaignStatsRequest,
    response: z.array(ZCampaignStatsRow),
    handler: (_request, body) => campaignStats(db, body),
  });

  defineFileRoute(app, {
    path: '/campaign/statsExport',
    summary: 'Export campaign results for a date range to XLSX',
    permission: SCREEN,
    query: ZCampaignStatsExportQuery,
    handler: async (request, query) => exportCampaignStats(db, query, request.locale),
  });
}
