import {
  addDays,
  type MessageChannel,
  type MessageEvent,
  OUTBOX_RETRYABLE_STATUSES,
  type OutboxListRequest,
  type OutboxListResponse,
  type OutboxMessage,
  type OutboxRetryRequest,
  type OutboxStatus,
  startOfDayIn,
} from '@tidyhouse/contract';
import { and, desc, eq, getTableColumns, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { businessTimeZone } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { conflict, refused } from '../../../platform/errors';
import { orderOf, paged, totalCount } from '../../../platform/list';
import { loadForUpdate } from '../../../platform/versioned';
import { customers } from '../../customers/customers.tables';
import { outboxMessages } from './outbox.tables';

const SORTABLE = {
  createdAt: outboxMessages.createdAt,
  status: outboxMessages.status,
  sentAt: outboxMessages.sentAt,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Row = typeof outboxMessages.$inferSelect & { customerName: string | null };

function toMessage(row: Row): OutboxMessage {
  const status = row.status as OutboxStatus;
  return {
    id: row.id,
    version: row.version,
    event: row.event as MessageEvent,
    channel: row.channel as MessageChannel,
    status,
    customerId: row.customerId,
    customerName: row.customerName ?? '',
    jobId: row.jobId,
    invoiceId: row.invoiceId,
    paymentId: row.paymentId,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastError: row.lastError,
    toAddress: row.toAddress,
    subject: row.subject,
    body: row.body,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    retryable: OUTBOX_RETRYABLE_STATUSES.includes(status),
  };
}

/** The outbox, newest first: filters by status, channel, event, customer, job and queued dates (business days). */
export async function listOutbox(db: Db, request: OutboxListRequest): Promise<OutboxListResponse> {
  const conditions: (SQL | undefined)[] = [
    request.status ? eq(outboxMessages.status, request.status) : undefined,
    request.channel ? eq(outboxMessages.channel, request.channel) : undefined,
    request.event ? eq(outboxMessages.event, request.event) : undefined,
    request.customerId ? eq(outboxMessages.customerId, request.customerId) : undefined,
    request.jobId ? eq(outboxMessages.jobId, request.jobId) : undefined,
  ];
  if (request.dateFrom || request.dateTo) {
    const timeZone = await businessTimeZone(db);
    if (request.dateFrom) conditions.push(gte(outboxMessages.createdAt, startOfDayIn(request.dateFrom, timeZone)));
    if (request.dateTo) conditions.push(lt(outboxMessages.createdAt, startOfDayIn(addDays(request.dateTo, 1), timeZone)));
  }
  const query = db
    .select({ ...outboxMessagesColumns(), customerName: customers.name, total: totalCount })
    .from(outboxMessages)
    .leftJoin(customers, eq(customers.id, outboxMessages.customerId))
    .where(and(...conditions))
    .orderBy(...orderOf(request.sort, SORTABLE, [desc(outboxMessages.createdAt)], outboxMessages.id))
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return { list: (rows as Row[]).map(toMessage), total };
}

const outboxMessagesColumns = () => getTableColumns(outboxMessages);

/**
 * Sends a failed or held message again now: queued, its next attempt now, its tries counted from
 * zero, the same idempotency key (a failed provider call sent nothing; a held one never went).
 * Answers the row before and after for the audit entry.
 */
export async function retryMessage(tx: Db, input: OutboxRetryRequest, actorId: number) {
  const before = await loadForUpdate(tx, outboxMessages, input.id, 'outbox.message');
  if (before.version !== input.version) throw conflict();
  if (!OUTBOX_RETRYABLE_STATUSES.includes(before.status as OutboxStatus)) throw refused('outbox.notRetryable');
  const [after] = await tx
    .update(outboxMessages)
    .set({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      lastError: '',
      updatedAt: sql`now()`,
      updatedBy: actorId,
      version: sql`${outboxMessages.version} + 1`,
    })
    .where(and(eq(outboxMessages.id, before.id), inArray(outboxMessages.status, [...OUTBOX_RETRYABLE_STATUSES])))
    .returning();
  return { before, after: after! };
}
