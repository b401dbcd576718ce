import {
  withCausedConflicts,
  ZAssignmentCopyRequest,
  ZAssignmentDay,
  ZAssignmentDayRequest,
  ZAssignmentStamp,
  ZAssignmentUpdateRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { rangeOf, withConflicts } from '../conflicts/conflicts.query';
import { assignmentDay } from './assignments.query';
import { copyPreviousDay, updateAssignments } from './assignments.service';
import { assignmentsStamp } from './day-stamp';

/** The Employee Daily Assignments screen's key (also reached through /quick/dailyallocation). */
export const DAILY_ASSIGNMENTS = '/employee/dailyallocation';

/** Employee daily assignments (issue 10): who works in which team on one day. */
export async function assignmentsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/jhSchedule/queryAssignments',
    summary: "One day's teams with their members, the unassigned and the unavailable employees",
    permission: DAILY_ASSIGNMENTS,
    body: ZAssignmentDayRequest,
    response: ZAssignmentDay,
    handler: (_request, body) => assignmentDay(db, body.serviceDate),
  });
  defineRoute(app, {
    path: '/jhSchedule/assignmentsStamp',
    summary: "The change stamp of a day's assignments, leave and outages (polled; the screen reloads only when it differs)",
    permission: DAILY_ASSIGNMENTS,
    body: ZAssignmentDayRequest,
    response: ZAssignmentStamp,
    handler: (_request, body) => assignmentsStamp(db, body.serviceDate),
  });
  defineRoute(app, {
    path: '/jhSchedule/updateBoard',
    summary: "Change one day's team members and leaders (never the standing teams)",
    permission: DAILY_ASSIGNMENTS,
    body: ZAssignmentUpdateRequest,
    response: withCausedConflicts(ZAssignmentDay),
    handler: (request, body) =>
      db.transaction((tx) =>
        withConflicts(tx, request.locale, rangeOf(body.serviceDate), () => updateAssignments(tx, request, body)),
      ),
  });
  defineRoute(app, {
    path: '/jhSchedule/copyAssignments',
    summary: "Give a day the previous working day's team members and leaders",
    permission: DAILY_ASSIGNMENTS,
    body: ZAssignmentCopyRequest,
    response: withCausedConflicts(ZAssignmentDay),
    handler: (request, body) =>
      db.transaction((tx) =>
        withConflicts(tx, request.locale, rangeOf(body.serviceDate), () => copyPreviousDay(tx, request, body)),
      ),
  });
}
