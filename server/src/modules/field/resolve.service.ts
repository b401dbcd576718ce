import type { FieldResolveCardConflicts, FieldResolved } from '@tidyhouse/contract';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { sysUsers } from '../employees/employees.tables';
import { jobs } from '../service/jobs/jobs.tables';
import { fieldActions, jobFieldStates } from './field.tables';

/**
 * Clearing a field conflict the office has looked at (docs/business-rules.md "Field app"): the flagged
 * actions get `resolved_at`/`resolved_by` (kept, not deleted: the log of what the phone sent stays), and a
 * job with no open conflict left loses its `conflict_at`. Resolving what is already clear changes nothing.
 */

const open = and(eq(fieldActions.status, 'conflict'), isNull(fieldActions.resolvedAt));

/** Clears the job's flag once none of its flagged actions is open. */
async function clearJobFlags(tx: Db, jobIds: number[]) {
  if (!jobIds.length) return 0;
  const stillOpen = await tx
    .selectDistinct({ jobId: fieldActions.jobId })
    .from(fieldActions)
    .where(and(open, inArray(fieldActions.jobId, jobIds)));
  const clear = jobIds.filter((id) => !stillOpen.some((r) => r.jobId === id));
  if (!clear.length) return 0;
  const cleared = await tx
    .update(jobFieldStates)
    .set({ conflictAt: null })
    .where(and(inArray(jobFieldStates.jobId, clear), isNotNull(jobFieldStates.conflictAt)))
    .returning({ id: jobFieldStates.id });
  return cleared.length;
}

/** /field/resolveJobConflict: every open conflict of the job (its field state and the crew's actions on it). */
export async function resolveJobConflict(tx: Db, request: FastifyRequest, jobId: number): Promise<FieldResolved> {
  const [job] = await tx.select({ id: jobs.id, reference: jobs.reference }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound('jobs.job');
  const actions = await tx
    .update(fieldActions)
    .set({ resolvedAt: new Date(), resolvedBy: request.session!.userId })
    .where(and(open, eq(fieldActions.jobId, jobId)))
    .returning({ id: fieldActions.id });
  const flags = await clearJobFlags(tx, [jobId]);
  const resolved = actions.length + flags;
  if (resolved > 0) {
    await audit(tx, request, {
      module: 'field',
      action: 'resolveJobConflict',
      recordType: 'job',
      recordId: jobId,
      details: { params: { reference: job.reference } },
    });
  }
  return { resolved };
}

/** /field/resolveCardConflicts: every open conflict of a cleaner's time-card day (punches and job events). */
export async function resolveCardConflicts(
  tx: Db,
  request: FastifyRequest,
  input: FieldResolveCardConflicts,
): Promise<FieldResolved> {
  const [user] = await tx.select({ id: sysUsers.id, name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, input.userId));
  if (!user) throw notFound('employees.user');
  const actions = await tx
    .update(fieldActions)
    .set({ resolvedAt: new Date(), resolvedBy: request.session!.userId })
    .where(and(open, eq(fieldActions.userId, input.userId), eq(fieldActions.workDate, input.date)))
    .returning({ id: fieldActions.id, jobId: fieldActions.jobId });
  const jobIds = [...new Set(actions.flatMap((a) => (a.jobId ? [a.jobId] : [])))];
  await clearJobFlags(tx, jobIds);
  if (actions.length > 0) {
    await audit(tx, request, {
      module: 'field',
      action: 'resolveCardConflicts',
      recordType: 'sysUser',
      recordId: input.userId,
      details: { params: { name: user.name, date: input.date, count: actions.length } },
    });
  }
  return { resolved: actions.length };
}
