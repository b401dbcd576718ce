import type { JobCancelReason } from '@tidyhouse/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AuditEntry, auditTexts } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { auditLog } from '../../system/system.tables';
import { CANCELLED_WITHOUT_FEE, freeLinesOfCancelled } from '../jobs/job-costing';
import { jobLines, jobs } from '../jobs/jobs.tables';
import type { ExistingJob } from './changes';
import { costingColumns, lineValuesOf } from './generation';
import type { JobDraft } from './job-drafts';

/** How the plan engine changes jobs: set-based where it can, each change in the job's change log. */

/** Who changes a plan: a request's session, or the user who sold the quote a plan came from. */
export interface Actor {
  userId: number;
  uname: string | null;
  ip: string | null;
  requestId: string | null;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.session!.userId,
  uname: request.session!.uname,
  ip: request.ip,
  requestId: request.id,
});

/** Writes several operation log entries in one statement (same transaction as the change). */
export async function auditMany(tx: Db, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      userId: actor.userId,
      uname: actor.uname,
      ip: actor.ip,
      requestId: actor.requestId,
      module: entry.module,
      action: entry.action,
      recordType: entry.recordType ?? null,
      recordId: entry.recordId ?? null,
      ...auditTexts(entry),
      changes: entry.changes ?? null,
      details: entry.details ?? null,
    })),
  );
}

export interface CancelledJob {
  id: number;
  reference: string;
  date: string | null;
}

/**
 * Cancels jobs of a plan (pause, cancel, a change from a date) with a reason and a note. `release`
 * gives the occurrence back (the date may get a job again after a resume or another change); a
 * skipped visit keeps it so generation never makes it again.
 */
export async function cancelPlanJobs(
  tx: Db,
  ids: readonly number[],
  options: { reason: JobCancelReason; note: string; release: boolean; actorId: number },
): Promise<CancelledJob[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(jobs)
    .set({
      status: 'cancelled',
      statusChangedAt: new Date(),
      cancelReason: options.reason,
      cancelNote: options.note.slice(0, 2000),
      // A cancellation without a fee (a skipped visit too): nothing charged, no revenue, no labor.
      ...CANCELLED_WITHOUT_FEE,
      ...(options.release ? { occurrenceDate: null } : {}),
      version: sql`${jobs.version} + 1`,
      updatedAt: new Date(),
      updatedBy: options.actorId,
    })
    .where(inArray(jobs.id, [...ids]))
    .returning({ id: jobs.id, reference: jobs.reference, date: jobs.serviceDate });
  await freeLinesOfCancelled(
    tx,
    rows.map((r) => r.id),
  );
  return rows;
}

/** Moves or re-prices a job to its draft: date, time, team, duration, price, lines and costing. */
export async function updateJobToDraft(tx: Db, job: ExistingJob, draft: JobDraft, actorId: number): Promise<void> {
  await tx
    .update(jobs)
    .set({
      occurrenceDate: draft.occurrenceDate,
      serviceDate: draft.serviceDate,
      status: draft.status,
      ...(draft.status !== job.status ? { statusChangedAt: new Date() } : {}),
      teamId: draft.teamId,
      preferredTeamId: draft.preferredTeamId,
      windowStartMinutes: draft.windowStartMinutes,
      windowEndMinutes: draft.windowEndMinutes,
      startMinutes: draft.startMinutes,
      durationMinutes: draft.durationMinutes,
      frequency: draft.frequency,
      pricePerMinuteCents: draft.pricePerMinuteCents,
      flatRateCents: draft.flatRateCents,
      salesTaxBps: draft.salesTaxBps,
      ...costingColumns(draft),
      version: sql`${jobs.version} + 1`,
      updatedAt: new Date(),
      updatedBy: actorId,
    })
    .where(eq(jobs.id, job.id));
  await tx.delete(jobLines).where(eq(jobLines.jobId, job.id));
  const values = lineValuesOf(job.id, draft);
  if (values.length) await tx.insert(jobLines).values(values);
}

/** Frees the occurrence dates of jobs about to move, so two jobs can swap dates under the unique key. */
export async function releaseOccurrences(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(jobs)
    .set({ occurrenceDate: null })
    .where(inArray(jobs.id, [...ids]));
}
