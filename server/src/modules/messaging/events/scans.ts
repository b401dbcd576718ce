import { type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../../../platform/business-date';
import { type Db, queryRows } from '../../../platform/database';
import { queueMessages } from '../outbox/queue';
import { eventTimings, jobStartSql } from './timing';

/**
 * The periodic scans M2's outbox worker runs each cycle (every process; safe when several do at
 * once: the outbox's unique (dedupe key, channel) keeps one message per occasion). Each picks only
 * occasions with no outbox row yet, so a cycle with nothing due costs one indexed query.
 */

const BATCH = 500;

/**
 * Occasions decided with no channel to use (no consent, opted out, template off): remembered by this
 * process until they are past, so the scan does not ask again each cycle. A restart asks once more.
 */
const noChannel = new Map<string, number>();

function remembered(now: Date): string[] {
  for (const [key, until] of noChannel) if (until <= now.getTime()) noChannel.delete(key);
  return [...noChannel.keys()];
}

const notAmong = (expression: SQL, keys: readonly string[]): SQL =>
  keys.length === 0
    ? sql`true`
    : sql`${expression} not in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`;

export const reminderKey = (jobId: number, serviceDate: string) => `jobReminder:job:${jobId}:${serviceDate}`;
export const reviewKey = (customerId: number) => `reviewRequest:customer:${customerId}`;

/**
 * Reminders: each scheduled job starting within `reminderLeadHours` from now (cancelled, skipped,
 * completed or closed jobs never). One per job and service date: a job moved to another day is
 * reminded again before that day. Returns the number of messages queued.
 */
export async function scanReminders(db: Db, now: Date): Promise<number> {
  const { reminderLeadHours } = await eventTimings(db);
  const until = new Date(now.getTime() + reminderLeadHours * 3_600_000);
  const today = await businessToday(db, now);
  let queued = 0;
  for (;;) {
    const skip = remembered(now);
    const batch = await db.transaction(async (tx) => {
      // Locked FOR SHARE: a cancel in progress is skipped this cycle; one that starts now waits for this commit.
      const due = await queryRows<{ id: number; customerId: number; serviceDate: string; startsAt: string }>(
        tx,
        sql`select j.id, j.customer_id as "customerId", j.service_date::text as "serviceDate", ${jobStartSql('j')} as "startsAt"
              from jobs j
             where j.status = 'scheduled' and j.start_minutes is not null
               and j.service_date between ${today}::date - 1 and ${today}::date + ${Math.ceil(reminderLeadHours / 24) + 1}::int
               and ${jobStartSql('j')} > ${now.toISOString()}::timestamptz
               and ${jobStartSql('j')} <= ${until.toISOString()}::timestamptz
               and not exists (select 1 from outbox_messages o
                                where o.dedupe_key = 'jobReminder:job:' || j.id || ':' || j.service_date::text)
               and ${notAmong(sql`'jobReminder:job:' || j.id || ':' || j.service_date::text`, skip)}
             order by j.service_date, j.start_minutes, j.id
             limit ${BATCH}
               for share of j skip locked`,
      );
      let count = 0;
      for (const job of due) {
        const key = reminderKey(job.id, job.serviceDate);
        const n = await queueMessages(tx, { event: 'jobReminder', customerId: job.customerId, jobId: job.id, dedupeKey: key });
        if (n === 0) noChannel.set(key, new Date(job.startsAt).getTime());
        count += n;
      }
      return { rows: due.length, count };
    });
    queued += batch.count;
    if (batch.rows < BATCH) return queued;
  }
}

/** Days a first visit stays eligible after its review day (a server down a few days still asks). */
const REVIEW_GRACE_DAYS = 6;

/**
 * Review requests: `reviewRequestDays` after a customer's first completed visit, once per customer
 * ever. Only first visits from the last week qualify, so turning the feature on never asks every
 * customer of past years at once.
 */
export async function scanReviewRequests(db: Db, now: Date): Promise<number> {
  const { reviewRequestDays } = await eventTimings(db);
  const today = await businessToday(db, now);
  const dayOfReview = sql`${today}::date - ${reviewRequestDays}::int`;
  let queued = 0;
  for (;;) {
    const skip = remembered(now);
    const batch = await db.transaction(async (tx) => {
      const due = await queryRows<{ customerId: number; jobId: number }>(
        tx,
        sql`select j.customer_id as "customerId", j.id as "jobId"
              from jobs j
              join customers c on c.id = j.customer_id and c.deleted_at is null
             where j.status in ('completed', 'closed')
               and j.service_date between ${dayOfReview} - ${REVIEW_GRACE_DAYS}::int and ${dayOfReview}
               and not exists (select 1 from jobs e
                                where e.customer_id = j.customer_id and e.status in ('completed', 'closed')
                                  and (e.service_date, e.id) < (j.service_date, j.id))
               and not exists (select 1 from outbox_messages o where o.dedupe_key = 'reviewRequest:customer:' || j.customer_id)
               and ${notAmong(sql`'reviewRequest:customer:' || j.customer_id`, skip)}
             order by j.service_date, j.id
             limit ${BATCH}`,
      );
      let count = 0;
      for (const row of due) {
        const key = reviewKey(row.customerId);
        const n = await queueMessages(tx, {
          event: 'reviewRequest',
          customerId: row.customerId,
          jobId: row.jobId,
          dedupeKey: key,
        });
        // Asked again at most once a day while the customer has no channel.
        if (n === 0) noChannel.set(key, now.getTime() + 86_400_000);
        count += n;
      }
      return { rows: due.length, count };
    });
    queued += batch.count;
    if (batch.rows < BATCH) return queued;
  }
}
