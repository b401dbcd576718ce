import { ZConflictAckRequest, ZDayScheduleQuery, ZOfficeDayRequest, ZStartOfDay } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Deps } from '../../../platform/deps';
import { permissionsOf } from '../../../platform/permissions';
import { defineFileRoute, defineRoute } from '../../../platform/route';
import { acknowledgeConflict } from '../../service/conflicts/conflicts.service';
import { daySchedule } from './day-schedule';
import { startOfDay } from './start-of-day.service';

export const START_OF_DAY = '/office/dailyschedule';
const REVEAL_KEY = 'customer:keys:reveal';

export async function startOfDayRoutes(app: FastifyInstance, { db, secrets }: Deps) {
  defineRoute(app, {
    path: '/officeDay/startOfDay',
    summary: 'Start-of-day checklist of a date: teams staffed, jobs placed, leave, keys, yesterday closed',
    permission: START_OF_DAY,
    body: ZOfficeDayRequest,
    response: ZStartOfDay,
    handler: async (request, body) => startOfDay(db, body.date ?? (await businessToday(db)), request.locale),
  });
  defineRoute(app, {
    path: '/officeDay/acknowledgeConflict',
    summary: 'Acknowledge a schedule conflict of a date on the Start of Day checklist',
    permission: START_OF_DAY,
    body: ZConflictAckRequest,
    response: ZConflictAckRequest,
    handler: (request, body) => db.transaction((tx) => acknowledgeConflict(tx, request, body)),
  });

  defineFileRoute(app, {
    path: '/derive/dayDerive',
    summary: "The daily schedule PDF, one section per team, in the caller's language",
    permission: START_OF_DAY,
    query: ZDayScheduleQuery,
    // Spec §7: POST unless noted (the screen posts `{date}`); GET stays for links and bookmarks.
    post: true,
    handler: async (request, query) => {
      const session = request.session!;
      const withCodes = (await permissionsOf(db, { id: session.roleId, isSuper: session.isSuper })).has(REVEAL_KEY);
      const date = query.date ?? (await businessToday(db));
      const schedule = await daySchedule(db, secrets, { date, locale: request.locale, withCodes });
      if (schedule.codesPrinted > 0) {
        // Who printed which day's codes; the codes themselves are never logged.
        await db.transaction((tx) =>
          audit(tx, request, {
            module: 'office',
            action: 'printCodes',
            recordType: 'officeDay',
            details: { params: { user: session.name, date, count: schedule.codesPrinted } },
          }),
        );
      }
      return { content: schedule.pdf, mimeType: 'application/pdf', fileName: schedule.fileName };
    },
  });
}
