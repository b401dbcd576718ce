import {
  CARD_DECLINE_REASONS,
  type CardQueueEntry,
  type CardQueueListRequest,
  type Locale,
  needsNewCard,
} from '@tidyhouse/contract';
import { and, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/database';
import { notFound } from '../../../platform/errors';
import { paged, totalCount } from '../../../platform/list';
import { translate } from '../../../platform/messages';
import { loadForUpdate, updateVersioned } from '../../../platform/versioned';
import { customers } from '../../customers/customers.tables';
import { sysUsers } from '../../employees/employees.tables';
import { queueCardDeclined, queuePaymentReceived } from '../../messaging/events';
import { assertDaysOpen, isDayClosed } from '../../office/day-lock';
import { applyPayment, lockBalance } from '../balances/balances.service';
import { customerPayments } from '../payments/payments.tables';
import { cardQueueEntries } from './card-queue.tables';
import { chargeEntry, MAX_TRANSIENT_ATTEMPTS } from './charge-entry';
import type { CardGateway, ChargeResult } from './gateway/stripe-gateway';

/**
 * The e-payment queue (issue 12; design.md §8 "Background work", "Money movements").
 *
 * Why a card is never charged twice: an entry is claimed with `FOR UPDATE SKIP LOCKED` (a second
 * browser or server process skips it), the gateway is called outside any transaction, and the
 * answer is written only while the entry is still pending. A process that dies between the
 * gateway's answer and our write leaves a stale claim; the next run asks the gateway about the
 * entry's stored PaymentIntent instead of charging again (charge-entry.ts).
 */

/** A claim older than this belongs to a process that died: another may take the entry over. */
export const CLAIM_STALE_MS = 2 * 60_000;

type EntryRow = typeof cardQueueEntries.$inferSelect;

export function declineReason(code: string, locale: Locale): string {
  if (!code) return '';
  return (CARD_DECLINE_REASONS as readonly string[]).includes(code)
    ? translate(locale, `office.decline.${code}`)
    : translate(locale, 'office.decline.other', { code });
}

const expiration = (month: number | null, year: number | null) =>
  month && year ? `${String(month).padStart(2, '0')}/${year}` : '';

const resolver = alias(sysUsers, 'resolver');

function toEntry(
  row: EntryRow,
  extra: { customerName: string; currentToken: string; resolvedBy: string | null },
  locale: Locale,
): CardQueueEntry {
  const settled = row.resolution !== null;
  return {
    id: row.id,
    version: row.version,
    serial: row.serial,
    status: row.status,
    processing: row.status === 'pending' && row.processingStartedAt !== null,
    customerId: row.customerId,
    customerName: extra.customerName,
    accountNumber: String(row.customerId),
    jobId: row.jobId,
    serviceDate: row.serviceDate,
    amountCents: row.amountCents,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    expiration: expiration(row.cardExpMonth, row.cardExpYear),
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    attempts: row.attempts,
    gatewayTransactionId: row.gatewayTransactionId,
    declineCode: row.declineCode,
    declineReason: declineReason(row.declineCode, locale),
    retryable:
      row.status === 'failed' &&
      !settled &&
      extra.currentToken !== '' &&
      !(needsNewCard(row.declineCode) && extra.currentToken === row.cardVendorToken),
    paymentId: row.paymentId,
    resolution: row.resolution,
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: extra.resolvedBy,
  };
}

function filters(req: { status?: string; dateFrom?: string; dateTo?: string; unresolvedOnly?: boolean }): SQL | undefined {
  return and(
    req.status ? eq(cardQueueEntries.status, req.status as EntryRow['status']) : undefined,
    req.dateFrom ? gte(cardQueueEntries.serviceDate, req.dateFrom) : undefined,
    req.dateTo ? lte(cardQueueEntries.serviceDate, req.dateTo) : undefined,
    req.unresolvedOnly ? and(eq(cardQueueEntries.status, 'failed'), isNull(cardQueueEntries.resolution)) : undefined,
  );
}

export async function listEntries(db: Db, req: CardQueueListRequest, locale: Locale) {
  const where = filters(req);
  const query = db
    .select({
      entry: cardQueueEntries,
      customerName: customers.name,
      currentToken: customers.cardVendorToken,
      resolvedBy: resolver.name,
      total: totalCount,
      totalAmount: sql<number>`sum(${cardQueueEntries.amountCents}) over()`.mapWith(Number),
    })
    .from(cardQueueEntries)
    .innerJoin(customers, eq(customers.id, cardQueueEntries.customerId))
    .leftJoin(resolver, eq(resolver.id, cardQueueEntries.resolvedBy))
    .where(where)
    .orderBy(desc(cardQueueEntries.serviceDate), desc(cardQueueEntries.id))
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    total,
    totalAmountCents: rows[0]?.totalAmount ?? 0,
    list: rows.map((r) => toEntry(r.entry, r, locale)),
  };
}

export async function entryDetail(db: Db, id: number, locale: Locale): Promise<CardQueueEntry> {
  const [row] = await db
    .select({
      entry: cardQueueEntries,
      customerName: customers.name,
      currentToken: customers.cardVendorToken,
      resolvedBy: resolver.name,
    })
    .from(cardQueueEntries)
    .innerJoin(customers, eq(customers.id, cardQueueEntries.customerId))
    .leftJoin(resolver, eq(resolver.id, cardQueueEntries.resolvedBy))
    .where(eq(cardQueueEntries.id, id));
  if (!row) throw notFound('office.cardQueueEntry');
  return toEntry(row.entry, row, locale);
}

/** Ids of the pending entries of a date range, oldest first (the screen's "process all"). */
export async function pendingIds(db: Db, req: { dateFrom?: string; dateTo?: string }): Promise<number[]> {
  const rows = await db
    .select({ id: cardQueueEntries.id })
    .from(cardQueueEntries)
    .where(filters({ ...req, status: 'pending' }))
    .orderBy(cardQueueEntries.serviceDate, cardQueueEntries.id)
    .limit(1000);
  return rows.map((r) => r.id);
}

/**
 * Claims the pending entries among `ids` that no live process holds: one statement, the rows
 * locked with SKIP LOCKED so two claimers never get the same entry.
 */
export async function claimEntries(db: Db, ids: number[]): Promise<EntryRow[]> {
  const staleBefore = new Date(Date.now() - CLAIM_STALE_MS);
  return db.transaction(async (tx) => {
    const free = tx
      .select({ id: cardQueueEntries.id })
      .from(cardQueueEntries)
      .where(
        and(
          inArray(cardQueueEntries.id, ids),
          eq(cardQueueEntries.status, 'pending'),
          sql`(${cardQueueEntries.processingStartedAt} is null or ${cardQueueEntries.processingStartedAt} < ${staleBefore})`,
        ),
      )
      .for('update', { skipLocked: true });
    return tx
      .update(cardQueueEntries)
      .set({ processingStartedAt: new Date() })
      .where(inArray(cardQueueEntries.id, free))
      .returning();
  });
}

export interface ProcessOutcome {
  id: number;
  outcome: 'approved' | 'failed' | 'skipped' | 'retryLater';
  declineReason: string;
  entry?: EntryRow;
  paymentId?: number;
}

/** Lets go of a claim without an answer (gateway unreachable, day closed): the entry stays pending. */
async function release(db: Db, entry: EntryRow, attempted = false) {
  await db
    .update(cardQueueEntries)
    .set({ processingStartedAt: null, ...(attempted ? { attempts: sql`${cardQueueEntries.attempts} + 1` } : {}) })
    .where(and(eq(cardQueueEntries.id, entry.id), eq(cardQueueEntries.processingStartedAt, entry.processingStartedAt!)));
}

/**
 * Writes the gateway's answer for a claimed entry, in the caller's transaction: only while the
 * entry is still pending (a second writer of the same replayed answer finds it settled and stops).
 */
export async function recordChargeResult(tx: Db, claimed: EntryRow, result: ChargeResult, actorId: number) {
  const entry = await loadForUpdate(tx, cardQueueEntries, claimed.id, 'office.cardQueueEntry');
  if (entry.status !== 'pending') return null;
  await assertDaysOpen(tx, [entry.serviceDate]);
  const done = { processingStartedAt: null, processedAt: new Date(), attempts: entry.attempts + 1 };
  if (result.ok) {
    const [payment] = await tx
      .insert(customerPayments)
      .values({
        customerId: entry.customerId,
        kind: 'payment',
        paidOn: entry.serviceDate,
        amountCents: entry.amountCents,
        method: 'credit_card',
        cardLast4: entry.cardLast4,
        note: entry.serial,
        jobId: entry.jobId,
        gatewayTransactionId: result.transactionId,
        createdBy: actorId,
        updatedBy: actorId,
      })
      .returning();
    // An approved charge pays its job's invoice like any payment (billing/balances).
    await lockBalance(tx, entry.customerId);
    await applyPayment(tx, payment!.id, actorId);
    await queuePaymentReceived(tx, payment!);
    const { after } = await updateVersioned(
      tx,
      cardQueueEntries,
      'office.cardQueueEntry',
      entry,
      { ...done, status: 'approved', gatewayTransactionId: result.transactionId, paymentId: payment!.id, declineCode: '' },
      actorId,
    );
    return { entry: after, paymentId: payment!.id };
  }
  const { after } = await updateVersioned(
    tx,
    cardQueueEntries,
    'office.cardQueueEntry',
    entry,
    { ...done, status: 'failed', declineCode: result.declineCode.slice(0, 48) },
    actorId,
  );
  // The customer is asked to update the card on file (messaging/events), once per entry.
  await queueCardDeclined(tx, after);
  return { entry: after, paymentId: undefined };
}

/**
 * Charges the given entries one after another. `write` records one answer in a transaction with
 * its audit entry (the route supplies it); returns what became of each id.
 */
export async function processEntries(
  db: Db,
  gateway: CardGateway,
  ids: number[],
  locale: Locale,
  write: (claimed: EntryRow, result: ChargeResult) => Promise<{ entry: EntryRow; paymentId?: number } | null>,
  log?: { warn: (details: object, message: string) => void },
): Promise<ProcessOutcome[]> {
  const claimed = await claimEntries(db, ids);
  const byId = new Map(claimed.map((e) => [e.id, e]));
  const gatewayCustomers = new Map(
    (
      await db
        .select({ id: customers.id, gatewayCustomerId: customers.gatewayCustomerId })
        .from(customers)
        .where(inArray(customers.id, [...new Set(claimed.map((e) => e.customerId)), -1]))
    ).map((c) => [c.id, c.gatewayCustomerId]),
  );
  const outcomes: ProcessOutcome[] = [];
  for (const id of ids) {
    const entry = byId.get(id);
    if (!entry) {
      outcomes.push({ id, outcome: 'skipped', declineReason: '' });
      continue;
    }
    if (await isDayClosed(db, entry.serviceDate)) {
      await release(db, entry);
      outcomes.push({
        id,
        outcome: 'skipped',
        declineReason: translate(locale, 'office.dayClosed', { date: entry.serviceDate }),
      });
      continue;
    }
    let result = await chargeEntry(db, gateway, entry, gatewayCustomers.get(entry.customerId) ?? '');
    if (!result.ok && result.transient) {
      log?.warn(
        { entry: entry.serial, code: result.declineCode, gatewayRequestId: result.requestId, gatewayMessage: result.message },
        'Card gateway answered "try later"',
      );
      if (entry.attempts + 1 < MAX_TRANSIENT_ATTEMPTS) {
        await release(db, entry, true);
        outcomes.push({ id, outcome: 'retryLater', declineReason: declineReason(result.declineCode, locale) });
        continue;
      }
      // Fails the entry so that its day can close; a retry asks about its intent before charging.
      result = { ...result, declineCode: 'gateway_gave_up', transient: false };
    }
    const written = await write(entry, result);
    if (!written) {
      outcomes.push({ id, outcome: 'skipped', declineReason: '' });
      continue;
    }
    outcomes.push({
      id,
      outcome: result.ok ? 'approved' : 'failed',
      declineReason: result.ok ? '' : declineReason(result.declineCode, locale),
      entry: written.entry,
      paymentId: written.paymentId,
    });
  }
  return outcomes;
}
