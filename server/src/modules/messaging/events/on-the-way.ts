import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import type { Db } from '../../../platform/database';
import { loadForUpdate } from '../../../platform/versioned';
import { jobs } from '../../service/jobs/jobs.tables';
import { queueOnTheWay } from './job-events';

/**
 * The board's "on our way" (the office's way when the field app's check-out did not send it): the
 * job row locked so two clicks queue in turn, the outbox's key keeps it to one message per day.
 */
export async function notifyOnTheWay(tx: Db, request: FastifyRequest, jobId: number): Promise<{ queued: number }> {
  const job = await loadForUpdate(tx, jobs, jobId, 'jobs.job');
  const queued = await queueOnTheWay(tx, job.id);
  if (queued > 0) {
    await audit(tx, request, {
      module: 'service',
      action: 'notifyOnTheWay',
      recordType: 'job',
      recordId: job.id,
      details: { params: { reference: job.reference, count: queued } },
    });
  }
  return { queued };
}
