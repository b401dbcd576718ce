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
         where o.id = v.id and (v.status = 'sent' or o.status = 'sending')`,
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

/**
 * One round of the worker: claim the due rows, render them all at once (one read per kind: the
 * business, the customers with their choices, the templates, the jobs, invoices and payments), send
 * each with the row's idempotency key, then record every outcome in one statement. A crash before the
 * record leaves the rows claimed until their lease lapses; sent again then with the same keys, the
 * provider answers the first message. A row whose send throws goes back with a back-off.
 */
export async function runOutboxCycle(db: Db, ctx: OutboxContext, now: Date = new Date()): Promise<CycleResult> {
  const result: CycleResult = { claimed: 0, sent: 0, held: 0, dropped: 0, retried: 0, failed: 0 };
  const rows = await claim(db, now, ctx.batch ?? 100, ctx.leaseMs ?? 120_000);
  result.claimed = rows.length;
  if (rows.length === 0) return result;
  const settled: Settled[] = [];
  let toSend: ClaimedRow[] = [];
  let rendered: (RenderedMessage | null)[] = [];
  try {
    const business = await businessFacts(db);
    const until = quietUntil(now, business.timeZone);
    for (const row of rows) {
      if (row.channel === 'sms' && until) {
        // Quiet hours: held, and not counted as a try.
        settled.push({ id: row.id, status: 'held', refund: 1, nextAt: until.toISOString() });
      } else if (VISIT_EVENTS.includes(row.event) && row.jobGone) {
        settled.push({ id: row.id, status: 'dropped', error: 'job cancelled' });
      } else toSend.push(row);
    }
    rendered = await renderMessages(
      db,
      toSend.map((row) => ({
        event: row.event,
        channel: row.channel,
        customerId: row.customerId,
        jobId: row.jobId,
        invoiceId: row.invoiceId,
        paymentId: row.paymentId,
      })),
      business,
    );
  } catch (error) {
    // The batch could not be read (the database went away): every row back with its back-off.
    settled.push(...toSend.map((row) => retryLater(row, now, errorText(error))));
    toSend = [];
  }
  const work: { row: ClaimedRow; message: RenderedMessage }[] = [];
  toSend.forEach((row, i) => {
    const message = rendered[i];
    // Nothing to send now: the event is off, the channel no longer allowed, or no address.
    if (!message) settled.push({ id: row.id, status: 'dropped', error: 'template off' });
    else work.push({ row, message });
  });
  let settings: Promise<SmsProviderSettings> | null = null;
  const sms = () => {
    settings ??= smsProviderSettings(db, ctx.secrets, ctx.config);
    return settings;
  };
  const mail = mailSettingsOnce(db, ctx.secrets);
  let next = 0;
  const lane = async () => {
    while (next < work.length) {
      const { row, message } = work[next++]!;
      settled.push(await send(ctx, row, message, now, sms, mail).catch((error) => retryLater(row, now, errorText(error))));
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.parallel ?? 16, work.length) }, lane));
  await record(db, settled);
  for (const s of settled) result[outcomeOf(s)]++;
  return result;
}
/** Sends until no row is due (the bench and the tests; the worker loop runs one cycle per tick). */
export async function drainOutbox(db: Db, ctx: OutboxContext, now?: () => Date): Promise<CycleResult> {
  const total: CycleResult = { claimed: 0, sent: 0, held: 0, dropped: 0, retried: 0, failed: 0 };
  for (;;) {
    const round = await runOutboxCycle(db, ctx, now?.() ?? new Date());
    for (const k of Object.keys(total) as (keyof CycleResult)[]) total[k] += round[k];
    if (round.claimed === 0) return total;
  }
}
