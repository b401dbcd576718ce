import { ZDashboardRequest, ZDashboardResponse } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { permissionsOf } from '../../platform/permissions';
import { defineRoute } from '../../platform/route';
import { dashboard } from './dashboard.query';

/** My Dashboard (issue 13; /dashboard/*): read only. */
export async function dashboardRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/dashboard/query',
    summary: "Dashboard figures of a date range (today by default), only the sections the caller's screens show",
    permission: '/quick/dashboard',
    body: ZDashboardRequest,
    response: ZDashboardResponse,
    handler: async (request, body) => {
      const session = request.session!;
      return dashboard(db, body, await permissionsOf(db, { id: session.roleId, isSuper: session.isSuper }));
    },
  });
}
