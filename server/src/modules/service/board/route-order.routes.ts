import { ZApplyRouteOrderRequest, ZRouteOrderApplied, ZRouteOrderRequest, ZRouteOrderSuggestion } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { BOARD_KEY } from './board.routes';
import { applyOrder, suggestOrder } from './route-order.service';

/** Route order of a team's day (issue 20): a suggestion, then applying it as one move. */
export async function routeOrderRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/jhSchedule/suggestOrder',
    summary: "The order of a team's jobs of a day that drives least within the arrival windows, with the saving",
    permission: BOARD_KEY,
    body: ZRouteOrderRequest,
    response: ZRouteOrderSuggestion,
    handler: (_request, body) => suggestOrder(db, body),
  });
  defineRoute(app, {
    path: '/jhSchedule/applyOrder',
    summary: "Put a team's jobs of a day in the given order (new start times, lengths kept), as one audited move",
    permission: BOARD_KEY,
    body: ZApplyRouteOrderRequest,
    response: ZRouteOrderApplied,
    handler: (request, body) => db.transaction((tx) => applyOrder(tx, request, body)),
  });
}
