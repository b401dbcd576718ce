import type { MessageChannel, MessageEvent } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../platform/config';
import { type Db, queryRows } from '../../../platform/database';
import type { Secrets } from '../../../platform/secrets';
import { type RenderedMessage, renderMessages } from '../templates/render';
import { businessFacts } from '../templates/values';
import { type MailSettings, mailSettingsOnce, sendEmail } from './email';
import { backoffMs, quietUntil } from './quiet-hours';
import { type SmsAnswer, type SmsProviderSettings, type SmsSender, smsProviderSettings, smsSender } from './sms-provider';

/** After this many failed tries a message is failed (the office may retry it). */
export const MAX_ATTEMPTS = 8;

export interface OutboxContext {
  secrets: Secrets;
  config: Config;
  /** How long a claim holds a row: a process that dies mid-send lets it go after this (default 2 min). */
  leaseMs?: number;
  /** Rows claimed per round (default 100), sent this many at a time (default 16). */
  batch?: number;
  parallel?: number;
  /** Tests: another text sender, or a pause between the provider's answer and the record. */
  smsSenderFor?: (settings: SmsProviderSettings) => SmsSender;
  afterProviderAnswer?: (row: ClaimedRow, answer: SmsAnswer) => Promise<void>;
}

export interface ClaimedRow {
  id: number;
  event: MessageEvent;
  channel: MessageChannel;
  customerId: number;
  jobId: number | null;
  invoiceId: number | null;
  paymentId: number | null;
  attempts: number;
  idempotencyKey: string;
  /** Its job was cancelled (or is gone), read with the claim. */
  jobGone: boolean;
}

export interface CycleResult {
  claimed: number;
  sent: number;
  held: number;
  dropped: number;
  retried: number;
  failed: number;
}

/** Events about a visit still to come: their message is dropped once the job is cancelled or gone. */
const VISIT_EVENTS: readonly MessageEvent[] = ['jobConfirmation', 'jobReminder', 'onTheWay'];

/**
 * Takes the due rows (queued, held until now, or a `sending` whose claim's lease ran out: its process
 * died) with FOR UPDATE SKIP LOCKED, so every process may run this at once and each row goes to one.
 * The claim marks them `sending` and pushes their next attempt past the lease before any send.
 */
async function claim(db: Db, now: Date, batch: number, leaseMs: number): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`with due as (
          select id from outbox_messages
           where status in ('queued', 'held', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz
           order by next_attempt_at, id
           limit ${batch}
           for update skip locked)
        update outbox_messages o
           set status = 'sending', attempts = o.attempts + 1,
               next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseMs / 1000}),
               updated_at = now(), version = o.version + 1
          from due where o.id = due.id
        returning o.id, o.event, o.channel, o.customer_id as "customerId", o.job_id as "jobId",
                  o.invoice_id as "invoiceId", o.payment_id as "paymentId", o.attempts,
                  o.idempotency_key as "idempotencyKey",
                  (o.job_id is not null and not exists (select 1 from jobs j where j.id = o.job_id and j.status <> 'cancelled')) as "jobGone"`,
  );
}

/** What becomes of a claimed row, recorded with the rest of its batch (record below). */
interface Settled {
  id: number;
  status: 'sent' | 'held' | 'dropped' | 'queued' | 'failed';
  error?: string;
  /** Held in quiet hours: the try is given back. */
  refund?: 1;
  nextAt?: string;
  /** Sent: the provider's id and what went. */
  providerId?: string;
  to?: string;
  subject?: string;
  body?: string;
  language?: string;
}

type Outcome = 'sent' | 'held' | 'dropped' | 'retried' | 'failed';
const outcomeOf = (s: Settled): Outcome => (s.status === 'queued' ? 'retried' : s.status);

/**
 * Records a batch's outcomes in ONE statement. A row moves on only while this process holds it (still
 * `sending`); a sent one always gets what was sent, but its status moves only from `sending`: a status
 * callback may have come first (delivered, failed) and is never moved back.
 */
async function record(db: Db, settled: readonly Settled[]): Promise<void> {
  if (settled.length === 0) return;
  await db.execute(
    sql`update outbox_messages o
           set status = case when v.status = 'sent' and o.status <> 'sending' then o.status else v.status end,
               attempts = o.attempts - coalesce(v.refund, 0),
               next_attempt_at = coalesce(v.next_at, o.next_attempt_at),
               last_error = coalesce(v.error, ''),
               provider_id = case when v.status = 'sent' then v.provider_id else o.provider_id end,
               sent_at = case when v.status = 'sent' then coalesce(o.sent_at, now()) else o.sent_at end,
               to_address = case when v.status = 'sent' then v.to_address else o.to_address end,
               subject = case when v.status = 'sent' then coalesce(v.subject, '') else o.subject end,
               body = case when v.status = 'sent' then v.body else o.body end,
               language = case when v.status = 'sent' then v.language else o.language end,
               updated_at = now(), version = o.version + 1
          from jsonb_to_recordset(${JSON.stringify(
            settled.map((s) => ({
              id: s.id,
              status: s.status,
              error: s.error,
              refund: s.refund,
              next_at: s.nextAt,
              provider_id: s.providerId,
              to_address: s.to,
              subject: s.subject,
              body: s.body,
              language: s.language,
            })),
          )}::jsonb)
            as v(id int, status text, error text, refund int, next_at timestamptz, provider_id text, to_address text,
                 subject text, body text, language text)
         where o.id = v.id and (v.status = 'sent' or o.status = 'sending')
           -- The ids again as an array: the plan reads them by the primary key, never the whole table.
           and o.id = any(${`{${settled.map((s) => s.id).join(',')}}`}::int[])`,
  );
}

/** A try that failed in a way worth trying again: back to the queue after its back-off. */
const retryLater = (row: ClaimedRow, now: Date, error: string): Settled => ({
  id: row.id,
  status: 'queued',
  error: error.slice(0, 500),
  nextAt: new Date(now.getTime() + backoffMs(row.attempts)).toISOString(),
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Sends one rendered message and says what became of it. */
async function send(
  ctx: OutboxContext,
  row: ClaimedRow,
  rendered: RenderedMessage,
  now: Date,
  sms: () => Promise<SmsProviderSettings>,
  mail: () => Promise<MailSettings>,
): Promise<Settled> {
  let answer: SmsAnswer;
  if (row.channel === 'sms') {
    const sender = (ctx.smsSenderFor ?? smsSender)(await sms());
    answer = await sender.send({
      to: rendered.to,
      body: rendered.body,
      idempotencyKey: row.idempotencyKey,
      statusCallback: `${ctx.config.smsWebhookUrl}/hooks/sms/status?outbox=${row.id}`,
    });
  } else {
    answer = await sendEmail(ctx, row, rendered, mail);
  }
  await ctx.afterProviderAnswer?.(row, answer);
  if (answer.ok) {
    const { to, subject, body, language } = rendered;
    return { id: row.id, status: 'sent', providerId: answer.providerId, to, subject, body, language };
  }
  if (answer.retryable && row.attempts < MAX_ATTEMPTS) return retryLater(row, now, answer.error);
  return { id: row.id, status: 'failed', error: answer.error };
}

/** A claimed batch, read and ready: its sends handed out one by one, recorded once all are done. */
interface Batch {
  now: Date;
  work: { row: ClaimedRow; message: RenderedMessage }[];
  settled: Settled[];
  claimed: number;
  /** Sends handed out / not yet answered. */
  next: number;
  open: number;
  sms: () => Promise<SmsProviderSettings>;
  mail: () => Promise<MailSettings>;
}

/**
 * Claims the due rows and reads everything their messages need at once, in one round of parallel
 * reads (the business, the customers with their choices, the templates, the jobs, invoices and
 * payments, the text provider's settings): the rows are rendered at send time, and a batch costs the
 * same statements whatever its size. Null when nothing is due.
 */
async function prepareBatch(db: Db, ctx: OutboxContext, now: Date): Promise<Batch | null> {
  const rows = await claim(db, now, ctx.batch ?? 100, ctx.leaseMs ?? 120_000);
  if (rows.length === 0) return null;
  const settled: Settled[] = [];
  let settings: Promise<SmsProviderSettings> | null = null;
  const sms = () => {
    settings ??= smsProviderSettings(db, ctx.secrets, ctx.config);
    return settings;
  };
  // Read with the rest (its failure is met by the sends that await it).
  if (rows.some((row) => row.channel === 'sms')) sms().catch(() => {});
  const gone = (row: ClaimedRow) => VISIT_EVENTS.includes(row.event) && row.jobGone;
  const candidates = rows.filter((row) => !gone(row));
  const work: Batch['work'] = [];
  try {
    const business = businessFacts(db);
    const [rendered, until] = await Promise.all([
      renderMessages(db, candidates, business),
      business.then((b) => quietUntil(now, b.timeZone)),
    ]);
    const messages = new Map(candidates.map((row, i) => [row.id, rendered[i] ?? null]));
    for (const row of rows) {
      const message = messages.get(row.id);
      if (row.channel === 'sms' && until) {
        // Quiet hours: held, and not counted as a try.
        settled.push({ id: row.id, status: 'held', refund: 1, nextAt: until.toISOString() });
      } else if (gone(row)) {
        settled.push({ id: row.id, status: 'dropped', error: 'job cancelled' });
      } else if (!message) {
        // Nothing to send now: the event is off, the channel no longer allowed, or no address.
        settled.push({ id: row.id, status: 'dropped', error: 'template off' });
      } else work.push({ row, message });
    }
  } catch (error) {
    // The batch could not be read (the database went away): every row back with its back-off.
    settled.push(...rows.map((row) => retryLater(row, now, errorText(error))));
  }
  const mail = mailSettingsOnce(db, ctx.secrets);
  return { now, work, settled, claimed: rows.length, next: 0, open: work.length, sms, mail };
}

const emptyResult = (): CycleResult => ({ claimed: 0, sent: 0, held: 0, dropped: 0, retried: 0, failed: 0 });

/** Records a batch whose sends are all answered (one statement) and adds its outcomes to `total`. */
async function finishBatch(db: Db, batch: Batch, total: CycleResult): Promise<void> {
  await record(db, batch.settled);
  total.claimed += batch.claimed;
  for (const s of batch.settled) total[outcomeOf(s)]++;
}

/**
 * Sends the batches `first` and those `nextBatch` gives, `parallel` at a time, each send with its
 * row's idempotency key. Once a batch has handed out its last send, the next one is claimed and read
 * while those sends are still out, so the sends never wait for the database; each batch is recorded
 * as soon as its own last answer is in. A crash before a record leaves its rows claimed until their
 * lease lapses; sent again then with the same keys, the provider answers the first message.
 */
async function sendBatches(
  db: Db,
  ctx: OutboxContext,
  first: Batch,
  nextBatch: () => Promise<Batch | null>,
): Promise<CycleResult> {
  const total = emptyResult();
  const records: Promise<void>[] = [];
  let failure: unknown = null;
  const settle = (batch: Batch, outcome: Settled | null) => {
    if (outcome) batch.settled.push(outcome);
    if (outcome) batch.open--;
    if (batch.open === 0 && batch.next >= batch.work.length) {
      batch.open = -1; // recorded once
      records.push(
        finishBatch(db, batch, total).catch((error: unknown) => {
          failure ??= error;
        }),
      );
    }
  };
  let current: Batch | null = first;
  let coming: Promise<Batch | null> | null = null;
  settle(first, null);
  const lane = async () => {
    while (current) {
      const batch: Batch = current;
      if (batch.next >= batch.work.length) {
        coming ??= nextBatch().then((next) => {
          if (next) settle(next, null);
          return next;
        });
        const next = await coming;
        if (current === batch) {
          current = next;
          coming = null;
        }
        continue;
      }
      const { row, message } = batch.work[batch.next++]!;
      const outcome = await send(ctx, row, message, batch.now, batch.sms, batch.mail).catch((error) =>
        retryLater(row, batch.now, errorText(error)),
      );
      settle(batch, outcome);
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: ctx.parallel ?? 16 }, lane));
  await Promise.all(records);
  const thrown = lanes.find((lane) => lane.status === 'rejected');
  if (thrown) throw thrown.reason;
  if (failure) throw failure;
  return total;
}

/**
 * One round of the worker: claim the due rows, read them all at once, send each (rendered now, with
 * the row's idempotency key), record every outcome in one statement.
 */
export async function runOutboxCycle(db: Db, ctx: OutboxContext, now: Date = new Date()): Promise<CycleResult> {
  const batch = await prepareBatch(db, ctx, now);
  return batch ? sendBatches(db, ctx, batch, async () => null) : emptyResult();
}

/** Sends until no row is due, the next batch read while the last sends of one are out (the worker loop, the bench). */
export async function drainOutbox(db: Db, ctx: OutboxContext, now?: () => Date): Promise<CycleResult> {
  const at = () => now?.() ?? new Date();
  const first = await prepareBatch(db, ctx, at());
  return first ? sendBatches(db, ctx, first, () => prepareBatch(db, ctx, at())) : emptyResult();
}
