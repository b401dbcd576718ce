import { ZAgingExportQuery, ZAgingRequest, ZAgingResponse } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { businessToday } from '../../../platform/business-date';
import type { Deps } from '../../../platform/deps';
import { defineFileRoute, defineRoute } from '../../../platform/route';
import { agingReport } from './aging.service';
import { exportAging } from './aging-export';

/** The Accounts Receivable screen's menu key (contract menu '/customer/aging'). */
export const AGING = '/customer/aging';

/** Accounts receivable: aging by customer and its XLSX export (reads only). */
export async function agingRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  defineRoute(app, {
    path: '/billing/aging',
    summary: 'Accounts receivable aging by customer (current, 1–30, 31–60, 61–90, over 90 days past due) with totals',
    permission: AGING,
    body: ZAgingRequest,
    response: ZAgingResponse,
    handler: async (_request, body) => agingReport(db, body, await businessToday(db)),
  });

  defineFileRoute(app, {
    path: '/billing/agingExport',
    summary: 'Export the aging report to XLSX',
    permission: AGING,
    query: ZAgingExportQuery,
    handler: async (request, query) => exportAging(db, query, request.locale, await businessToday(db)),
  });
}
