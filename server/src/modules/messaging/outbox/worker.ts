import type { MessageChannel, MessageEvent } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { businessTimeZone } from '../../../platform/business-date';
import type { Config } from '../../../platform/config';
import { type Db, queryRows } from '../../../platform/database';
import type { Secrets } from '../../../platform/secrets';
import { renderMessage } from '../templates/render';
import { sendEmail } from './email';
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

/** Moves a row this process holds (still `sending`) to its next state. */
async function settle(db: Db, id: number, set: ReturnType<typeof sql>): Promise<void> {
  await db.execute(
    sql`update outbox_messages set ${set}, updated_at = now(), version = version + 1 where id = ${id} and status = 'sending'`,
  );
}

type Outcome = 'sent' | 'held' | 'dropped' | 'retried' | 'failed';

async function deliver(
  db: Db,
  ctx: OutboxContext,
  row: ClaimedRow,
  now: Date,
  timeZone: string,
  sms: () => Promise<SmsProviderSettings>,
): Promise<Outcome> {
  if (row.channel === 'sms') {
    const until = quietUntil(now, timeZone);
    if (until) {
      // Quiet hours: held, and not counted as a try.
      await settle(
        db,
        row.id,
        sql`status = 'held', attempts = attempts - 1, next_attempt_at = ${until.toISOString()}::timestamptz`,
      );
      return 'held';
    }
  }
  if (VISIT_EVENTS.includes(row.event) && row.jobGone) {
    await settle(db, row.id, sql`status = 'dropped', last_error = 'job cancelled'`);
    return 'dropped';
  }
  const rendered = await renderMessage(db, {
    event: row.event,
    channel: row.channel,
    customerId: row.customerId,
    jobId: row.jobId ?? undefined,
    invoiceId: row.invoiceId ?? undefined,
    paymentId: row.paymentId ?? undefined,
  });
  if (!rendered) {
    await settle(db, row.id, sql`status = 'dropped', last_error = 'template off'`);
    return 'dropped';
  }
  if (!rendered.to) {
    await settle(db, row.id, sql`status = 'failed', last_error = 'no address'`);
    return 'failed';
  }
  let answer: SmsAnswer;
  if (row.channel === 'sms') {
    const settings = await sms();
    const sender = (ctx.smsSenderFor ?? smsSender)(settings);
    answer = await sender.send({
      to: rendered.to,
      body: rendered.body,
      idempotencyKey: row.idempotencyKey,
      statusCallback: `${ctx.config.smsWebhookUrl}/hooks/sms/status?outbox=${row.id}`,
    });
  } else {
    answer = await sendEmail(db, ctx, row, rendered);
  }
  await ctx.afterProviderAnswer?.(row, answer);
  if (answer.ok) {
    // A status callback may have come first (sent, delivered): never moved back.
    await db.execute(
      sql`update outbox_messages
             set status = case when status = 'sending' then 'sent' else status end,
                 provider_id = ${answer.providerId}, sent_at = coalesce(sent_at, now()), last_error = '',
                 to_address = ${rendered.to}, subject = ${rendered.subject ?? ''}, body = ${rendered.body},
                 language = ${rendered.language}, updated_at = now(), version = version + 1
           where id = ${row.id}`,
    );
    return 'sent';
  }
  if (answer.retryable && row.attempts < MAX_ATTEMPTS) {
    const next = new Date(now.getTime() + backoffMs(row.attempts));
    await settle(
      db,
      row.id,
      sql`status = 'queued', last_error = ${answer.error}, next_attempt_at = ${next.toISOString()}::timestamptz`,
    );
    return 'retried';
  }
  await settle(db, row.id, sql`status = 'failed', last_error = ${answer.error}`);
  return 'failed';
}

/**
 * One round of the worker: claim the due rows, send each (rendered now, with the row's idempotency
 * key), record the outcome. A row whose send throws goes back with a back-off.
 */
export async function runOutboxCycle(db: Db, ctx: OutboxContext, now: Date = new Date()): Promise<CycleResult> {
  const result: CycleResult = { claimed: 0, sent: 0, held: 0, dropped: 0, retried: 0, failed: 0 };
  const rows = await claim(db, now, ctx.batch ?? 100, ctx.leaseMs ?? 120_000);
  result.claimed = rows.length;
  if (rows.length === 0) return result;
  const timeZone = await businessTimeZone(db);
  let settings: Promise<SmsProviderSettings> | null = null;
  const sms = () => {
    settings ??= smsProviderSettings(db, ctx.secrets, ctx.config);
    return settings;
  };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        result[await deliver(db, ctx, row, now, timeZone, sms)]++;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const retry = new Date(now.getTime() + backoffMs(row.attempts));
        await settle(
          db,
          row.id,
          sql`status = 'queued', last_error = ${message}, next_attempt_at = ${retry.toISOString()}::timestamptz`,
        ).catch(() => {});
        result.retried++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ctx.parallel ?? 16, rows.length) }, lane));
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
