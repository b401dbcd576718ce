import {
  withCausedConflicts,
  ZChangeLogRequest,
  ZChangeLogResponse,
  ZId,
  ZPlanAddRequest,
  ZPlanCancelRequest,
  ZPlanChangeApplied,
  ZPlanChangePreview,
  ZPlanChangeRequest,
  ZPlanDetail,
  ZPlanListRequest,
  ZPlanListResponse,
  ZPlanModifyRequest,
  ZPlanMoveRequest,
  ZPlanOccurrenceResult,
  ZPlanPauseRequest,
  ZPlanResumeRequest,
  ZPlanSaved,
  ZPlanSkipRequest,
  ZPlanStateResult,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { changeLogOf } from '../../../platform/change-log';
import type { Deps } from '../../../platform/deps';
import { defineRoute } from '../../../platform/route';
import { registerPlanConversion } from './from-quote';
import { actorOf } from './job-updates';
import { moveOccurrence, skipOccurrence } from './occurrences';
import { conflictsOfChange, planWriteWithConflicts } from './plan-conflicts';
import { listPlans, planDetail } from './plans.query';
import { applyPlanChange, changePlanStatus, createPlan, modifyPlan, previewPlanChange } from './plans.service';
import { scheduleGeneration } from './scheduler';

const PLANS = '/service/planlist';

/** Service Plan List (issue 9; /servicePlan/*). */
export async function plansRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const context = { horizonWeeks: config.planHorizonWeeks };
  registerPlanConversion(context);
  scheduleGeneration(app, deps);

  defineRoute(app, {
    path: '/servicePlan/queryList',
    summary: 'Service plan list',
    permission: PLANS,
    body: ZPlanListRequest,
    response: ZPlanListResponse,
    handler: (_request, body) => listPlans(db, body),
  });
  defineRoute(app, {
    path: '/servicePlan/detail',
    summary: 'One service plan with its lines and upcoming visits',
    permission: PLANS,
    body: ZId,
    response: ZPlanDetail,
    handler: (_request, body) => planDetail(db, body.id),
  });
  defineRoute(app, {
    path: '/servicePlan/history',
    summary: 'Change log of a service plan',
    permission: PLANS,
    body: ZChangeLogRequest,
    response: ZChangeLogResponse,
    handler: (request, body) => changeLogOf(db, 'service_plan', body, request.locale),
  });
  defineRoute(app, {
    path: '/servicePlan/add',
    summary: 'Add a service plan and generate its jobs',
    permission: PLANS,
    body: ZPlanAddRequest,
    response: withCausedConflicts(ZPlanSaved),
    handler: (request, body) =>
      db.transaction((tx) =>
        planWriteWithConflicts(tx, request.locale, context, () => createPlan(tx, actorOf(request), context, body)),
      ),
  });
  defineRoute(app, {
    path: '/servicePlan/modify',
    summary: 'Change the notes of a service plan',
    permission: PLANS,
    body: ZPlanModifyRequest,
    response: ZPlanSaved,
    handler: (request, body) => db.transaction((tx) => modifyPlan(tx, actorOf(request), body)),
  });
  defineRoute(app, {
    path: '/servicePlan/previewChange',
    summary: 'Preview a change of a plan from a date (jobs to add, move, re-price, cancel)',
    permission: PLANS,
    body: ZPlanChangeRequest,
    // The preview lists the schedule conflicts applying would cause (issue 20), written nowhere.
    response: withCausedConflicts(ZPlanChangePreview),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const preview = await previewPlanChange(tx, context, body);
        const conflicts = await conflictsOfChange(tx, request.locale, context, (savepoint) =>
          applyPlanChange(savepoint, actorOf(request), context, body),
        );
        return { ...preview, conflicts };
      }),
  });
  defineRoute(app, {
    path: '/servicePlan/applyChange',
    summary: 'Apply a change of a plan from a date',
    permission: PLANS,
    body: ZPlanChangeRequest,
    response: withCausedConflicts(ZPlanChangeApplied),
    handler: (request, body) =>
      db.transaction((tx) =>
        planWriteWithConflicts(tx, request.locale, context, () => applyPlanChange(tx, actorOf(request), context, body)),
      ),
  });
  defineRoute(app, {
    path: '/servicePlan/skipOccurrence',
    summary: 'Skip one visit of a plan',
    permission: PLANS,
    body: ZPlanSkipRequest,
    response: ZPlanOccurrenceResult,
    handler: (request, body) => db.transaction((tx) => skipOccurrence(tx, actorOf(request), body)),
  });
  defineRoute(app, {
    path: '/servicePlan/moveOccurrence',
    summary: 'Move one visit of a plan',
    permission: PLANS,
    body: ZPlanMoveRequest,
    response: withCausedConflicts(ZPlanOccurrenceResult),
    handler: (request, body) =>
      db.transaction((tx) =>
        planWriteWithConflicts(tx, request.locale, context, () => moveOccurrence(tx, actorOf(request), body), body.toDate),
      ),
  });
  defineRoute(app, {
    path: '/servicePlan/pause',
    summary: 'Pause a plan (status not_used, shown as Paused)',
    permission: PLANS,
    body: ZPlanPauseRequest,
    response: ZPlanStateResult,
    handler: (request, body) =>
      db.transaction((tx) => changePlanStatus(tx, actorOf(request), context, { ...body, to: 'not_used' })),
  });
  defineRoute(app, {
    path: '/servicePlan/resume',
    summary: 'Resume a paused plan',
    permission: PLANS,
    body: ZPlanResumeRequest,
    response: withCausedConflicts(ZPlanStateResult),
    handler: (request, body) =>
      db.transaction((tx) =>
        planWriteWithConflicts(tx, request.locale, context, () =>
          changePlanStatus(tx, actorOf(request), context, { ...body, reason: '', to: 'used' }),
        ),
      ),
  });
  defineRoute(app, {
    path: '/servicePlan/cancel',
    summary: 'Cancel a plan and its future jobs',
    permission: PLANS,
    body: ZPlanCancelRequest,
    response: ZPlanStateResult,
    handler: (request, body) =>
      db.transaction((tx) => changePlanStatus(tx, actorOf(request), context, { ...body, to: 'cancelled' })),
  });
}
