import { randomUUID } from 'node:crypto';
import type { MessageEvent } from '@tidyhouse/contract';
import type { Db } from '../../../platform/database';
import { channelsFor } from '../templates/consent';
import { outboxMessages } from './outbox.tables';

export interface QueueMessagesInput {
  event: MessageEvent;
  customerId: number;
  jobId?: number | null;
  invoiceId?: number | null;
  paymentId?: number | null;
  /** Names the occasion (e.g. `jobReminder:job:42:2026-11-28`): a second call with it queues nothing. */
  dedupeKey: string;
  /** Not sent before this moment (default: as soon as the worker sees it). */
  notBefore?: Date;
}

/**
 * Queues the event's message on every channel the customer allows (consent, choices, opt-out), in
 * the caller's transaction, so the message exists exactly when the event does. Nothing is rendered
 * here: the worker renders when it sends. Answers how many rows were written (0 when the key was
 * queued before or no channel is allowed).
 */
export async function queueMessages(tx: Db, input: QueueMessagesInput): Promise<number> {
  const channels = await channelsFor(tx, input.customerId, input.event);
  if (channels.length === 0) return 0;
  const rows = channels.map((channel) => ({
    event: input.event,
    customerId: input.customerId,
    jobId: input.jobId ?? null,
    invoiceId: input.invoiceId ?? null,
    paymentId: input.paymentId ?? null,
    channel,
    dedupeKey: input.dedupeKey,
    // One key for the row's whole life: every provider call for it carries this key.
    idempotencyKey: randomUUID(),
    ...(input.notBefore ? { nextAttemptAt: input.notBefore } : {}),
  }));
  const written = await tx
    .insert(outboxMessages)
    .values(rows)
    .onConflictDoNothing({ target: [outboxMessages.dedupeKey, outboxMessages.channel] })
    .returning({ id: outboxMessages.id });
  return written.length;
}
