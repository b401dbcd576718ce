import {
  OFFICE_DAY_REOPEN_KEY,
  ZCloseDayRequest,
  ZCloseDayResult,
  ZReopenDayRequest,
  ZVerifyRequest,
  ZVerifyResult,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { reconcileBeforeClose } from '../../billing/reconciliation/reconciliation.routes';
import { closeDay, reopenDay, verifyDay } from './close-day.service';

export const CLOSE_DAY = '/office/confirmshutdown';

export async function closeDayRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  defineRoute(app, {
    path: '/officeDay/verify',
    summary: 'The close-day checklist of a date, with the counted cash and checks against the recorded payments',
    permission: CLOSE_DAY,
    body: ZVerifyRequest,
    response: ZVerifyResult,
    handler: async (request, body) => {
      const { date: asked, ...counts } = body;
      const date = asked ?? (await businessToday(db));
      await reconcileBeforeClose(deps, date, request);
      return verifyDay(db, date, counts, request.locale);
    },
  });

  defineRoute(app, {
    path: '/officeDay/close',
    summary: 'Close a day: every confirmed job closed and the day locked, in one transaction (once)',
    permission: CLOSE_DAY,
    body: ZCloseDayRequest,
    response: ZCloseDayResult,
    handler: async (request, body) => {
      // The gateway is asked before the close's transaction; the gate then reads what it stored.
      await reconcileBeforeClose(deps, body.date, request);
      return db.transaction(async (tx) => {
        const result = await closeDay(tx, request.session!.userId, body, request.locale);
        if (!result.alreadyClosed) {
          await audit(tx, request, {
            module: 'office',
            action: 'closeDay',
            recordType: 'officeDay',
            details: {
              params: {
                date: body.date,
                jobs: result.closedJobs,
                countedCashCents: body.countedCashCents,
                countedCheckCents: body.countedCheckCents,
              },
            },
            changes: {
              status: { from: 'open', to: 'closed' },
              ...(body.differenceNote ? { differenceNote: { from: null, to: body.differenceNote } } : {}),
            },
          });
        }
        return { date: result.date, closedJobs: result.closedJobs, alreadyClosed: result.alreadyClosed };
      });
    },
  });

  defineRoute(app, {
    path: '/officeDay/reopen',
    summary: 'Reopen a closed day with a reason (its own permission; logged)',
    permission: OFFICE_DAY_REOPEN_KEY,
    body: ZReopenDayRequest,
    response: z.object({ date: z.string(), reopenedJobs: z.number().int() }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const result = await reopenDay(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'office',
          action: 'reopenDay',
          recordType: 'officeDay',
          changes: { status: { from: 'closed', to: 'open' } },
          details: { params: { date: body.date, jobs: result.reopenedJobs, reason: body.reason } },
        });
        return result;
      }),
  });
}
