import {
  listResponseOf,
  TIME_CARD_APPROVE_KEY,
  TIME_CARD_REOPEN_KEY,
  ZAttendanceQuery,
  ZAttendanceResponse,
  ZMealWaiver,
  ZMealWaiverAddRequest,
  ZMealWaiverList,
  ZMealWaiverQuery,
  ZMealWaiverRevokeRequest,
  ZPeriodApproveRequest,
  ZPeriodReopenRequest,
  ZPeriodResult,
  ZPunchAddRequest,
  ZPunchRemoveRequest,
  ZPunchSaved,
  ZPunchUpdateRequest,
  ZTimeCardDayUpdateRequest,
  ZTimeCardFlagRow,
  ZTimeCardFlagsRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { queryAttendance, queryFlags } from './attendance.query';
import { addMealWaiver, queryMealWaivers, revokeMealWaiver } from './meal-waivers.service';
import { addPunch, approvePeriod, removePunch, reopenPeriod, updateDay, updatePunch } from './time-cards.service';

/** The Employee Time Card screen reads and edits with its own key; approving and reopening have theirs. */
const SCREEN = '/employee/attendance';

/** Time cards (issue 11): punches, days, flags, and the approval of pay periods. */
export async function timeCardsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/jhSchedule/queryAttendance',
    summary: 'Time cards: every employee of a day, or one employee for a week, with totals and flags',
    permission: SCREEN,
    body: ZAttendanceQuery,
    response: ZAttendanceResponse,
    handler: (request, body) => queryAttendance(db, body, request.locale),
  });

  defineRoute(app, {
    path: '/timeCard/queryFlags',
    summary: 'Every open time-card flag of a date range (paged)',
    permission: SCREEN,
    body: ZTimeCardFlagsRequest,
    response: listResponseOf(ZTimeCardFlagRow),
    handler: (_request, body) => queryFlags(db, body),
  });

  defineRoute(app, {
    path: '/timeCard/addPunch',
    summary: "Add a punch to an employee's time card",
    permission: SCREEN,
    body: ZPunchAddRequest,
    response: ZPunchSaved,
    handler: (request, body) => db.transaction((tx) => addPunch(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/updatePunch',
    summary: 'Correct a punch, with a reason (kept in the log with the times before and after)',
    permission: SCREEN,
    body: ZPunchUpdateRequest,
    response: ZPunchSaved,
    handler: (request, body) => db.transaction((tx) => updatePunch(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/removePunch',
    summary: 'Remove a punch, with a reason',
    permission: SCREEN,
    body: ZPunchRemoveRequest,
    response: ZPunchSaved,
    handler: (request, body) => db.transaction((tx) => removePunch(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/updateDay',
    summary: "Record a day's missed rest breaks and note",
    permission: SCREEN,
    body: ZTimeCardDayUpdateRequest,
    response: ZPunchSaved,
    handler: (request, body) => db.transaction((tx) => updateDay(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/approvePeriod',
    summary: 'Approve a pay period: locks the time cards in it',
    permission: TIME_CARD_APPROVE_KEY,
    body: ZPeriodApproveRequest,
    response: ZPeriodResult,
    handler: (request, body) => db.transaction((tx) => approvePeriod(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/reopenPeriod',
    summary: 'Reopen an approved pay period, with a reason',
    permission: TIME_CARD_REOPEN_KEY,
    body: ZPeriodReopenRequest,
    response: ZPeriodResult,
    handler: (request, body) => db.transaction((tx) => reopenPeriod(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/queryMealWaivers',
    summary: "An employee's meal waivers (in force and revoked)",
    permission: SCREEN,
    body: ZMealWaiverQuery,
    response: ZMealWaiverList,
    handler: (_request, body) => queryMealWaivers(db, body),
  });

  defineRoute(app, {
    path: '/timeCard/addMealWaiver',
    summary: 'Record a meal waiver the employee signed (first or second meal, from a date)',
    permission: SCREEN,
    body: ZMealWaiverAddRequest,
    response: ZMealWaiver,
    handler: (request, body) => db.transaction((tx) => addMealWaiver(tx, request, body)),
  });

  defineRoute(app, {
    path: '/timeCard/revokeMealWaiver',
    summary: 'Revoke a meal waiver from a date',
    permission: SCREEN,
    body: ZMealWaiverRevokeRequest,
    response: ZMealWaiver,
    handler: (request, body) => db.transaction((tx) => revokeMealWaiver(tx, request, body)),
  });
}
