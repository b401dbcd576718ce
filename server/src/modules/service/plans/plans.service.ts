import {
  Code,
  PLAN_TRANSITIONS,
  type PlanAddRequest,
  type PlanChangeApplied,
  type PlanChangePreview,
  type PlanChangeRequest,
  type PlanLineInput,
  type PlanModifyRequest,
  type PlanSaved,
  type PlanStatus,
  rruleOf,
  timeToMinutes,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { diff, pick } from '../../../platform/audit';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError, conflict, refused } from '../../../platform/errors';
import { nextReference } from '../../../platform/references';
import { loadForUpdate } from '../../../platform/versioned';
import { customerLocations, customers } from '../../customers/customers.tables';
import { teams } from '../../employees/employees.tables';
import { queueFirstVisitConfirmation } from '../../messaging/events';
import { priceItems } from '../../system/settings.tables';
import { dayBefore, jobsFrom, nextSchedule, planTheChange } from './changes';
import { generateForPlans, insertDrafts, linesOfPlans } from './generation';
import type { PlanRow } from './job-drafts';
import { type Actor, auditMany, cancelPlanJobs, releaseOccurrences, updateJobToDraft } from './job-updates';
import type { PlanMessageKey } from './plans.messages';
import { servicePlanLines, servicePlans } from './plans.tables';
import { horizonEndOf } from './recurrence';

/** Service plans (docs/business-rules.md "Service plans"): add, notes, change from a date, states. */

export interface PlanContext {
  horizonWeeks: number;
}

const invalid = (field: string, key: PlanMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(Code.INVALID_INPUT, key, { field, ...params });

/** The audited fields of a plan (the change log shows these). */
const AUDITED = [
  'frequency',
  'intervalWeeks',
  'rrule',
  'startDate',
  'patternFrom',
  'endDate',
  'status',
  'statusReason',
  'servicePriceCents',
  'budgetMinutes',
  'durationMinutes',
  'preferredTeamId',
  'windowStartMinutes',
  'windowEndMinutes',
  'notes',
] as const;
const audited = (plan: PlanRow) => pick(plan, AUDITED);

async function checkLocation(tx: Db, locationId: number) {
  const [row] = await tx
    .select({ id: customerLocations.id, customerId: customerLocations.customerId })
    .from(customerLocations)
    .innerJoin(customers, eq(customers.id, customerLocations.customerId))
    .where(and(eq(customerLocations.id, locationId), isNull(customerLocations.deletedAt), isNull(customers.deletedAt)));
  if (!row) throw invalid('locationId', 'plans.locationUnavailable', { id: locationId });
  return row;
}

async function checkTeam(tx: Db, teamId: number | null) {
  if (teamId === null) return;
  const [row] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt), eq(teams.active, true)));
  if (!row) throw invalid('preferredTeamId', 'plans.teamUnavailable', { id: teamId });
}

async function checkLines(tx: Db, lines: readonly PlanLineInput[]) {
  const ids = [...new Set(lines.map((l) => l.priceItemId))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: priceItems.id })
    .from(priceItems)
    .where(and(inArray(priceItems.id, ids), isNull(priceItems.deletedAt), eq(priceItems.active, true)));
  const ok = new Set(found.map((f) => f.id));
  const index = lines.findIndex((l) => !ok.has(l.priceItemId));
  if (index >= 0)
    throw invalid(`lines.${index}.priceItemId`, 'plans.priceItemUnavailable', { index, id: lines[index]!.priceItemId });
}

async function saveLines(tx: Db, planId: number, lines: readonly PlanLineInput[]) {
  await tx.delete(servicePlanLines).where(eq(servicePlanLines.planId, planId));
  if (lines.length) {
    await tx
      .insert(servicePlanLines)
      .values(lines.map((l, i) => ({ planId, priceItemId: l.priceItemId, quantity: l.quantity, sortOrder: i })));
  }
}

const linesText = (lines: readonly PlanLineInput[]) => lines.map((l) => `${l.priceItemId}×${l.quantity}`).join(', ');

/** Creates a plan and its jobs up to the horizon; the caller's transaction. */
export async function createPlan(
  tx: Db,
  actor: Actor,
  context: PlanContext,
  req: PlanAddRequest & { quoteId?: number | null },
): Promise<PlanSaved> {
  const location = await checkLocation(tx, req.locationId);
  await checkTeam(tx, req.preferredTeamId);
  await checkLines(tx, req.lines);
  const today = await businessToday(tx);
  const intervalWeeks = req.frequency === 'custom' ? req.intervalWeeks : null;
  const [plan] = await tx
    .insert(servicePlans)
    .values({
      reference: await nextReference(tx, 'P', today),
      customerId: location.customerId,
      locationId: location.id,
      quoteId: req.quoteId ?? null,
      frequency: req.frequency,
      intervalWeeks,
      rrule: rruleOf({ frequency: req.frequency, intervalWeeks, startDate: req.startDate }),
      startDate: req.startDate,
      patternFrom: req.startDate,
      endDate: req.endDate,
      status: 'used',
      statusChangedAt: new Date(),
      servicePriceCents: req.servicePriceCents,
      budgetMinutes: req.budgetMinutes,
      durationMinutes: req.durationMinutes,
      preferredTeamId: req.preferredTeamId,
      windowStartMinutes: req.windowStart === null ? null : timeToMinutes(req.windowStart),
      windowEndMinutes: req.windowEnd === null ? null : timeToMinutes(req.windowEnd),
      notes: req.notes,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  await saveLines(tx, plan!.id, req.lines);
  const jobsCreated = await generateForPlans(tx, [plan!], today, horizonEndOf(today, context.horizonWeeks), actor.userId);
  // The customer is told of the plan's first visit only; each later one gets its reminder.
  await queueFirstVisitConfirmation(tx, plan!.id);
  await auditMany(tx, actor, [
    {
      module: 'service',
      action: 'addPlan',
      recordType: 'service_plan',
      recordId: plan!.id,
      details: {
        params: {
          reference: plan!.reference,
          rrule: plan!.rrule,
          date: plan!.startDate,
          lines: linesText(req.lines),
          jobs: jobsCreated,
        },
      },
      changes: diff({}, audited(plan!)),
    },
  ]);
  return { id: plan!.id, version: plan!.version, reference: plan!.reference, jobsCreated };
}

/** Loads a plan for update with the version check; a cancelled plan is final (10010). */
async function loadPlan(tx: Db, target: { id: number; version?: number }, allowCancelled = false): Promise<PlanRow> {
  const plan = await loadForUpdate(tx, servicePlans, target.id, 'plans.plan');
  if (target.version !== undefined && plan.version !== target.version) throw conflict();
  if (!allowCancelled && plan.status === 'cancelled') throw refused('plans.cancelledIsFinal');
  return plan;
}

async function bumpPlan(
  tx: Db,
  plan: PlanRow,
  actor: Actor,
  values: Partial<typeof servicePlans.$inferInsert>,
): Promise<PlanRow> {
  const [after] = await tx
    .update(servicePlans)
    .set({ ...values, version: plan.version + 1, updatedAt: new Date(), updatedBy: actor.userId })
    .where(eq(servicePlans.id, plan.id))
    .returning();
  return after!;
}

export async function modifyPlan(tx: Db, actor: Actor, req: PlanModifyRequest): Promise<PlanSaved> {
  const before = await loadPlan(tx, req, true);
  const after = await bumpPlan(tx, before, actor, { notes: req.notes });
  await auditMany(tx, actor, [
    {
      module: 'service',
      action: 'modifyPlan',
      recordType: 'service_plan',
      recordId: after.id,
      details: { params: { reference: after.reference } },
      changes: diff(audited(before), audited(after)),
    },
  ]);
  return { id: after.id, version: after.version, reference: after.reference, jobsCreated: 0 };
}

/** The change computed for a request (shared by preview and apply). */
async function computeChange(tx: Db, context: PlanContext, req: PlanChangeRequest) {
  const plan = await loadPlan(tx, req);
  if (plan.status !== 'used') throw refused('plans.notActive');
  const today = await businessToday(tx);
  if (req.fromDate < today) throw invalid('fromDate', 'plans.fromDateBeforeToday', { today, date: req.fromDate });
  if (req.fromDate < plan.startDate)
    throw invalid('fromDate', 'plans.fromDateBeforeStart', { start: plan.startDate, date: req.fromDate });
  await checkTeam(tx, req.preferredTeamId);
  await checkLines(tx, req.lines);
  const schedule = nextSchedule(plan, req);
  const horizonEnd = horizonEndOf(today, context.horizonWeeks);
  const next: PlanRow = { ...plan, ...schedule };
  const existing = await jobsFrom(tx, plan.id, req.fromDate);
  const change = await planTheChange(tx, { plan: next, lines: req.lines }, existing, req.fromDate, horizonEnd);
  const preview: PlanChangePreview = { planId: plan.id, fromDate: req.fromDate, horizonEnd, ...change.preview };
  return { plan, schedule, horizonEnd, change, preview };
}

/** What applying the change would do; nothing is written (the transaction is read-only in effect). */
export async function previewPlanChange(tx: Db, context: PlanContext, req: PlanChangeRequest): Promise<PlanChangePreview> {
  return (await computeChange(tx, context, req)).preview;
}

/** Applies the change exactly as previewed and answers what it did. */
export async function applyPlanChange(
  tx: Db,
  actor: Actor,
  context: PlanContext,
  req: PlanChangeRequest,
): Promise<PlanChangeApplied> {
  const { plan, schedule, horizonEnd, change, preview } = await computeChange(tx, context, req);
  const after = await bumpPlan(tx, plan, actor, { ...schedule, generatedUntil: horizonEnd });
  await saveLines(tx, plan.id, req.lines);
  const note = `Plan ${plan.reference} changed from ${req.fromDate}`;
  const cancelled = await cancelPlanJobs(
    tx,
    change.cancels.map((j) => j.id),
    { reason: 'other', note, release: true, actorId: actor.userId },
  );
  // Moving jobs first give up their dates, so two of them can swap under the unique key.
  await releaseOccurrences(
    tx,
    change.updates.filter((u) => u.job.occurrenceDate !== u.draft.occurrenceDate).map((u) => u.job.id),
  );
  for (const { job, draft } of change.updates) await updateJobToDraft(tx, job, draft, actor.userId);
  const added = await insertDrafts(tx, change.adds, actor.userId);
  // The next visit the change made or moved is confirmed (one message, not one per visit).
  await queueFirstVisitConfirmation(tx, plan.id, [
    ...change.updates
      .filter((u) => u.job.serviceDate !== u.draft.serviceDate || u.job.startMinutes !== u.draft.startMinutes)
      .map((u) => u.job.id),
    ...added.map((j) => j.id),
  ]);
  await auditMany(tx, actor, [
    {
      module: 'service',
      action: 'changePlan',
      recordType: 'service_plan',
      recordId: plan.id,
      details: {
        params: {
          reference: plan.reference,
          date: req.fromDate,
          added: added.length,
          moved: preview.move.length,
          repriced: preview.reprice.length,
          cancelled: cancelled.length,
          kept: preview.kept.length,
        },
      },
      changes: diff(audited(plan), audited(after)),
    },
    ...cancelled.map((j) => ({
      module: 'service',
      action: 'planCancelJob',
      recordType: 'job',
      recordId: j.id,
      details: { params: { reference: j.reference, date: j.date, note } },
      changes: { status: { from: 'scheduled', to: 'cancelled' } },
    })),
    ...change.updates.map(({ job, draft }) => ({
      module: 'service',
      action: 'planUpdateJob',
      recordType: 'job',
      recordId: job.id,
      details: { params: { reference: job.reference, plan: plan.reference, date: req.fromDate } },
      changes: diff(
        { serviceDate: job.serviceDate, startMinutes: job.startMinutes, teamId: job.teamId, revenueCents: job.revenueCents },
        {
          serviceDate: draft.serviceDate,
          startMinutes: draft.startMinutes,
          teamId: draft.teamId,
          revenueCents: draft.costing.revenueCents,
        },
      ),
    })),
    ...added.map((j) => ({
      module: 'service',
      action: 'planAddJob',
      recordType: 'job',
      recordId: j.id,
      details: { params: { date: j.occurrenceDate, plan: plan.reference } },
    })),
  ]);
  return { ...preview, version: after.version };
}

/** Pause, resume or cancel: the status flow of PLAN_TRANSITIONS, refused otherwise (10010). */
export async function changePlanStatus(
  tx: Db,
  actor: Actor,
  context: PlanContext,
  req: { id: number; version: number; to: PlanStatus; fromDate: string | null; reason: string },
) {
  const plan = await loadPlan(tx, req, true);
  if (!PLAN_TRANSITIONS[plan.status].includes(req.to)) {
    throw refused('plans.badTransition', { from: `plans.status.${plan.status}`, to: `plans.status.${req.to}` });
  }
  const today = await businessToday(tx);
  const fromDate = req.fromDate ?? today;
  if (fromDate < today) throw invalid('fromDate', 'plans.fromDateBeforeToday', { today, date: fromDate });
  let jobsCancelled = 0;
  let jobsCreated = 0;
  let after: PlanRow;
  if (req.to === 'used') {
    after = await bumpPlan(tx, plan, actor, {
      status: 'used',
      statusReason: '',
      statusChangedAt: new Date(),
      generatedUntil: dayBefore(fromDate),
    });
    jobsCreated = await generateForPlans(tx, [after], today, horizonEndOf(today, context.horizonWeeks), actor.userId);
    await queueFirstVisitConfirmation(tx, plan.id);
    after = (await tx.select().from(servicePlans).where(eq(servicePlans.id, plan.id)))[0]!;
  } else {
    after = await bumpPlan(tx, plan, actor, { status: req.to, statusReason: req.reason, statusChangedAt: new Date() });
    // Every visit from the date that is still to happen, moved by hand or not.
    const open = (await jobsFrom(tx, plan.id, fromDate)).filter((j) => j.status === 'unscheduled' || j.status === 'scheduled');
    const note =
      req.to === 'not_used'
        ? `Plan ${plan.reference} paused from ${fromDate}`
        : `Plan ${plan.reference} cancelled: ${req.reason}`;
    const cancelled = await cancelPlanJobs(
      tx,
      open.map((j) => j.id),
      {
        reason: 'customer_request',
        note: req.reason && req.to === 'not_used' ? `${note}: ${req.reason}` : note,
        release: true,
        actorId: actor.userId,
      },
    );
    jobsCancelled = cancelled.length;
    await auditMany(
      tx,
      actor,
      cancelled.map((j) => ({
        module: 'service',
        action: 'planCancelJob',
        recordType: 'job',
        recordId: j.id,
        details: { params: { reference: j.reference, date: j.date, note } },
        changes: { status: { from: 'scheduled', to: 'cancelled' } },
      })),
    );
  }
  await auditMany(tx, actor, [
    {
      module: 'service',
      action: { used: 'resumePlan', not_used: 'pausePlan', cancelled: 'cancelPlan' }[req.to],
      recordType: 'service_plan',
      recordId: plan.id,
      details: {
        params: {
          reference: plan.reference,
          date: fromDate,
          reason: req.reason ?? '',
          cancelled: jobsCancelled,
          created: jobsCreated,
        },
      },
      changes: diff(audited(plan), audited(after)),
    },
  ]);
  return { id: plan.id, version: after.version, status: after.status, jobsCancelled, jobsCreated };
}

export { insertDrafts, linesOfPlans, loadPlan };
