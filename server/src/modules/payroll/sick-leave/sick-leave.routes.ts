import {
  ZSickLeaveBalance,
  ZSickLeaveBalanceRequest,
  ZSickLeaveSettings,
  ZSickLeaveSettingsUpdateRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { businessToday } from '../../../platform/business-date';
import type { Deps } from '../../../platform/deps';
import { defineRoute, ZEmpty } from '../../../platform/route';
import { WAGES } from '../wages/wages.routes';
import { sickLeaveBalance } from './sick-leave.service';
import { getSickLeaveSettings, updateSickLeaveSettings } from './sick-leave-settings.service';

/** Paid sick leave (issue 24): the balance and the method, for whoever may read wages (as the payroll settings). */
export async function sickLeaveRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sickLeave/balance',
    summary: "An employee's paid sick leave at the end of a date (default today): available, accrued, used, carried over",
    permission: WAGES,
    body: ZSickLeaveBalanceRequest,
    response: ZSickLeaveBalance,
    handler: async (_request, body) => sickLeaveBalance(db, body.userId, body.date ?? (await businessToday(db))),
  });

  defineRoute(app, {
    path: '/sickLeave/settings',
    summary: 'The paid sick leave method (accrual or front-loading), a payroll setting',
    permission: WAGES,
    body: ZEmpty,
    response: ZSickLeaveSettings,
    handler: () => getSickLeaveSettings(db),
  });

  defineRoute(app, {
    path: '/sickLeave/updateSettings',
    summary: 'Change the paid sick leave method',
    permission: WAGES,
    body: ZSickLeaveSettingsUpdateRequest,
    response: ZSickLeaveSettings,
    handler: (request, body) => db.transaction((tx) => updateSickLeaveSettings(tx, request, body)),
  });
}
