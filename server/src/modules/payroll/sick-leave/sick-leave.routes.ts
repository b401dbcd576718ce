import { ZSickLeaveBalance, ZSickLeaveBalanceRequest } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { businessToday } from '../../../platform/business-date';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { WAGES } from '../wages/wages.routes';
import { sickLeaveBalance } from './sick-leave.service';

/** Paid sick leave (issue 24): the balance, read by whoever may read wages. */
export async function sickLeaveRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sickLeave/balance',
    summary: "An employee's paid sick leave at the end of a date (default today): available, accrued, used, carried over",
    permission: WAGES,
    body: ZSickLeaveBalanceRequest,
    response: ZSickLeaveBalance,
    handler: async (_request, body) => sickLeaveBalance(db, body.userId, body.date ?? (await businessToday(db))),
  });
}
