import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { businessClock, businessToday } from '../../../platform/business-date';
import { type Db, queryRows } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { invoices } from '../../billing/invoices/invoices.tables';
import { jobs } from '../../service/jobs/jobs.tables';
import { queueMessages } from '../outbox/queue';
import { startsAfter } from './timing';

/**
 * The job's messages (issue 22, docs/business-rules.md "Customer messages"), each queued in the
 * transaction of the write that causes it. The dedupe key names the occasion: the outbox holds one
 * row per key and channel, so a second call for the same occasion queues nothing.
 */

export interface JobForMessage {
  id: number;
  customerId: number;
  status: string;
  serviceDate: string | null;
  startMinutes: number | null;
  version: number;
}

/**
 * Job scheduled or moved (date or start time): a confirmation, while the visit is still ahead. The
 * key carries the job's version after the write, so a job moved away and back is confirmed again,
 * and the same write never twice.
 */
export async function queueJobConfirmation(tx: Db, job: JobForMessage, now = businessClock.now()): Promise<number> {
  if (job.status !== 'scheduled' || !(await startsAfter(tx, job, now))) return 0;
  return queueMessages(tx, {
    event: 'jobConfirmation',
    customerId: job.customerId,
    jobId: job.id,
    dedupeKey: `jobConfirmation:job:${job.id}:${job.serviceDate}:${job.startMinutes}:v${job.version}`,
  });
}

/** Loads the job as it is now in this transaction and confirms it (callers that hold only its id). */
export async function queueJobConfirmationById(tx: Db, jobId: number): Promise<number> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  return job ? queueJobConfirmation(tx, job) : 0;
}

/**
 * A plan's visits were made or moved in bulk (a new plan, a change from a date, a resume): only the
 * next visit among them is confirmed, not months of visits; each later one gets its reminder.
 */
export async function queueFirstVisitConfirmation(tx: Db, planId: number, jobIds?: readonly number[]): Promise<number> {
  if (jobIds && jobIds.length === 0) return 0;
  const today = await businessToday(tx);
  const candidates = await tx
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.planId, planId),
        eq(jobs.status, 'scheduled'),
        gte(jobs.serviceDate, today),
        ...(jobIds ? [inArray(jobs.id, [...jobIds])] : []),
      ),
    )
    .orderBy(asc(jobs.serviceDate), asc(jobs.startMinutes), asc(jobs.id))
    .limit(2);
  // Today's first visit may already have started: then the next one is the one to confirm.
  for (const job of candidates) if (await startsAfter(tx, job, businessClock.now())) return queueJobConfirmation(tx, job);
  return 0;
}

/**
 * The team is on its way to this job: from the field app's check-out of the team's previous job, or
 * by the office from the board. Once per job and day; refused (10010) unless the job is scheduled today.
 */
export async function queueOnTheWay(tx: Db, jobId: number): Promise<number> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) return 0;
  const today = await businessToday(tx);
  if (job.status !== 'scheduled' || job.serviceDate !== today) {
    throw refused('events.onTheWayNotToday', { reference: job.reference });
  }
  return queueMessages(tx, {
    event: 'onTheWay',
    customerId: job.customerId,
    jobId: job.id,
    dedupeKey: `onTheWay:job:${job.id}:${job.serviceDate}`,
  });
}

/**
 * The field app's check-out of a job: "on our way" for the team's next job of the day, when there
 * is one still to start. Never refuses (the check-out itself must not fail for a message).
 */
export async function queueOnTheWayAfterCheckOut(tx: Db, finishedJobId: number): Promise<number> {
  const [done] = await tx.select().from(jobs).where(eq(jobs.id, finishedJobId));
  if (!done || done.teamId === null || done.serviceDate === null || done.serviceDate !== (await businessToday(tx))) return 0;
  const day = await tx
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.teamId, done.teamId),
        eq(jobs.serviceDate, done.serviceDate),
        eq(jobs.status, 'scheduled'),
        ne(jobs.id, done.id),
      ),
    )
    .orderBy(asc(jobs.startMinutes), asc(jobs.id));
  const next = day.find(
    (j) => (j.startMinutes ?? 0) > (done.startMinutes ?? 0) || (j.startMinutes === done.startMinutes && j.id > done.id),
  );
  if (!next) return 0;
  // The team already checked in there (an offline check-out synced late): too late to say it.
  const [arrived] = await queryRows<{ id: number }>(
    tx,
    sql`select job_id as id from job_field_states where job_id = ${next.id} and checked_in_at is not null`,
  );
  return arrived ? 0 : queueOnTheWay(tx, next.id);
}

/** The office confirmed the job done: the message carries its receipt (the job's live invoice). Once per job. */
export async function queueJobDone(tx: Db, jobId: number): Promise<number> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId));
  if (job?.status !== 'completed') return 0;
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.jobId, job.id), ne(invoices.status, 'void')));
  return queueMessages(tx, {
    event: 'jobDone',
    customerId: job.customerId,
    jobId: job.id,
    ...(invoice ? { invoiceId: invoice.id } : {}),
    dedupeKey: `jobDone:job:${job.id}`,
  });
}
