import {
  Code,
  minutesToTime,
  type PlanMoveRequest,
  type PlanOccurrenceResult,
  type PlanSkipRequest,
  timeToMinutes,
} from '@tidyhouse/contract';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { AppError, refused } from '../../../platform/errors';
import { loadForUpdate } from '../../../platform/versioned';
import { queueJobConfirmationById } from '../../messaging/events';
import { recomputeCosting } from '../jobs/job-costing';
import { jobs } from '../jobs/jobs.tables';
import { SKIP_NOTE_PREFIX } from './changes';
import { insertDrafts, linesOfPlans } from './generation';
import { PlanJobPricer, type PlanRow } from './job-drafts';
import { type Actor, auditMany, cancelPlanJobs } from './job-updates';
import { servicePlans } from './plans.tables';
import { isOccurrence } from './recurrence';

/**
 * One visit of a plan: skip it (its job is cancelled and the date is never generated again) or move
 * it to another day (the job is marked moved by hand, so a later change of the plan leaves it). The
 * occurrence date must be one of the plan's visits: a job of the plan on that date, or a date of
 * its pattern; anything else is refused with 10001 naming the field.
 */

type JobRow = typeof jobs.$inferSelect;

async function visitJob(tx: Db, actor: Actor, plan: PlanRow, occurrenceDate: string, today: string): Promise<JobRow> {
  if (plan.status === 'cancelled') throw refused('plans.cancelledIsFinal');
  if (occurrenceDate < today) {
    throw new AppError(Code.INVALID_INPUT, 'plans.occurrenceBeforeToday', {
      field: 'occurrenceDate',
      date: occurrenceDate,
      today,
    });
  }
  const [existing] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.planId, plan.id), eq(jobs.occurrenceDate, occurrenceDate)))
    .for('update');
  if (existing) return existing;
  if (plan.status !== 'used' || !isOccurrence(plan, occurrenceDate)) {
    throw new AppError(Code.INVALID_INPUT, 'plans.notOccurrence', {
      field: 'occurrenceDate',
      date: occurrenceDate,
      reference: plan.reference,
      pattern: plan.rrule,
      from: plan.patternFrom,
      until: plan.endDate ? ` ≤ ${plan.endDate}` : '',
    });
  }
  // A visit beyond the horizon has no job yet: make it now, so the skip or move has a record.
  const lines = await linesOfPlans(tx, [plan.id]);
  const source = { plan, lines: lines.get(plan.id) ?? [] };
  const pricer = await PlanJobPricer.load(tx, [source], occurrenceDate);
  await insertDrafts(tx, [pricer.draft(source, occurrenceDate)], actor.userId);
  const [created] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.planId, plan.id), eq(jobs.occurrenceDate, occurrenceDate)))
    .for('update');
  return created!;
}

function checkOpen(job: JobRow) {
  if (job.status === 'cancelled')
    throw refused('plans.occurrenceSkipped', { date: job.occurrenceDate!, reference: job.reference });
  if (job.status !== 'unscheduled' && job.status !== 'scheduled') {
    throw refused('plans.occurrenceDone', {
      date: job.occurrenceDate!,
      reference: job.reference,
      status: `jobs.status.${job.status}`,
    });
  }
}

const resultOf = (
  plan: PlanRow,
  job: { id: number; reference: string; occurrenceDate: string | null; serviceDate: string | null; status: string },
): PlanOccurrenceResult => ({
  planId: plan.id,
  jobId: job.id,
  reference: job.reference,
  occurrenceDate: job.occurrenceDate!,
  date: job.serviceDate ?? job.occurrenceDate!,
  status: job.status,
});

export async function skipOccurrence(tx: Db, actor: Actor, req: PlanSkipRequest): Promise<PlanOccurrenceResult> {
  const plan = await loadForUpdate(tx, servicePlans, req.id, 'plans.plan');
  const today = await businessToday(tx);
  const job = await visitJob(tx, actor, plan, req.occurrenceDate, today);
  checkOpen(job);
  const note = req.reason ? `${SKIP_NOTE_PREFIX}: ${req.reason}` : SKIP_NOTE_PREFIX;
  await cancelPlanJobs(tx, [job.id], { reason: 'customer_request', note, release: false, actorId: actor.userId });
  await auditMany(tx, actor, [
    {
      module: 'service',
      action: 'skipVisit',
      recordType: 'service_plan',
      recordId: plan.id,
      details: { params: { date: req.occurrenceDate, plan: plan.reference, reference: job.reference, reason: req.reason ?? '' } },
    },
    {
      module: 'service',
      action: 'skipVisit',
      recordType: 'job',
      recordId: job.id,
      details: {
        key: 'service.skipVisitJob',
        params: { reference: job.reference, plan: plan.reference, reason: req.reason ?? '' },
      },
      changes: { status: { from: job.status, to: 'cancelled' } },
    },
  ]);
  return resultOf(plan, { ...job, status: 'cancelled' });
}

export async function moveOccurrence(tx: Db, actor: Actor, req: PlanMoveRequest): Promise<PlanOccurrenceResult> {
  const plan = await loadForUpdate(tx, servicePlans, req.id, 'plans.plan');
  const today = await businessToday(tx);
  const job = await visitJob(tx, actor, plan, req.occurrenceDate, today);
  checkOpen(job);
  if (req.toDate < today)
    throw new AppError(Code.INVALID_INPUT, 'plans.moveBeforeToday', { field: 'toDate', date: req.toDate, today });
  const startMinutes = req.startTime === null ? job.startMinutes : timeToMinutes(req.startTime);
  if (req.toDate === job.serviceDate && startMinutes === job.startMinutes) {
    throw new AppError(Code.INVALID_INPUT, 'plans.moveSameDate', { field: 'toDate', date: req.toDate });
  }
  const [other] = await tx
    .select({ reference: jobs.reference })
    .from(jobs)
    .where(
      and(
        eq(jobs.planId, plan.id),
        eq(jobs.serviceDate, req.toDate),
        ne(jobs.id, job.id),
        notInArray(jobs.status, ['cancelled']),
      ),
    );
  if (other) throw refused('plans.moveOntoVisit', { date: req.toDate, reference: other.reference });
  const [moved] = await tx
    .update(jobs)
    .set({
      serviceDate: req.toDate,
      startMinutes,
      movedByHand: true,
      version: sql`${jobs.version} + 1`,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    })
    .where(eq(jobs.id, job.id))
    .returning();
  // Labor is costed on the new date (pay rates of that day); the lines keep their prices.
  await recomputeCosting(tx, job.id, req.toDate);
  await queueJobConfirmationById(tx, job.id);
  const time = (m: number | null) => (m === null ? '' : ` ${minutesToTime(m)}`);
  const details = {
    params: {
      date: req.occurrenceDate,
      plan: plan.reference,
      reference: job.reference,
      from: `${job.serviceDate}${time(job.startMinutes)}`,
      to: `${req.toDate}${time(startMinutes)}`,
    },
  };
  await auditMany(tx, actor, [
    { module: 'service', action: 'moveVisit', recordType: 'service_plan', recordId: plan.id, details },
    {
      module: 'service',
      action: 'moveVisit',
      recordType: 'job',
      recordId: job.id,
      details,
      changes: {
        serviceDate: { from: job.serviceDate, to: req.toDate },
        startMinutes: { from: job.startMinutes, to: startMinutes },
        movedByHand: { from: job.movedByHand, to: true },
      },
    },
  ]);
  return resultOf(plan, moved!);
}
