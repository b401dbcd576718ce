import {
  FIELD_USE_KEY,
  ZFieldActionResult,
  ZFieldJobEvent,
  ZFieldPunch,
  ZFieldSync,
  ZFieldSyncResult,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { runFieldAction, syncFieldActions } from './actions.service';

/** The field app's writing calls (issue 21): punches, job events and the offline queue. */
export async function fieldActionRoutes(app: FastifyInstance, { db }: Pick<Deps, 'db'>) {
  defineRoute(app, {
    path: '/field/punch',
    summary: 'Field app: clock in or out, start or end a meal break (own time card; rest-break answer at clock-out)',
    permission: FIELD_USE_KEY,
    body: ZFieldPunch,
    response: ZFieldActionResult,
    handler: (request, body) => runFieldAction(db, request, { ...body, type: 'punch' }, 'direct'),
  });

  defineRoute(app, {
    path: '/field/jobEvent',
    summary: "Field app: check in or out at a crew's job of today, report it done, note to the office, checklist ticks",
    permission: FIELD_USE_KEY,
    body: ZFieldJobEvent,
    response: ZFieldActionResult,
    handler: (request, body) => runFieldAction(db, request, { ...body, type: 'jobEvent' }, 'direct'),
  });

  defineRoute(app, {
    path: '/field/sync',
    summary: "Field app: the phone's queued actions, each applied once by its idempotency key, one result per action",
    permission: FIELD_USE_KEY,
    body: ZFieldSync,
    response: ZFieldSyncResult,
    handler: (request, body) => syncFieldActions(db, request, body),
  });
}
