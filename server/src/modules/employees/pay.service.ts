import type {
  ListRequest,
  ListResponse,
  Locale,
  PayRate,
  PayRateAddBatchRequest,
  PayRateCorrectRequest,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, max, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import { businessToday } from '../../platform/business-date';
import { type Db, queryRows } from '../../platform/database';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, notFound, refused } from '../../platform/errors';
import { paged, toListResponse, totalCount } from '../../platform/list';
import { loadForUpdate } from '../../platform/versioned';
import { laborTypes } from '../system/settings.tables';
import { employeePayRates } from './employee-records.tables';
import { sysUsers } from './employees.tables';
import { approvedPeriodFrom } from './pay-periods';

const creator = alias(sysUsers, 'creator');

const rateSelect = (db: Db, locale: Locale) =>
  db
    .select({
      rate: employeePayRates,
      laborTypeName: locale === 'zh' ? laborTypes.nameZh : laborTypes.nameEn,
      createdByName: creator.name,
      total: totalCount,
    })
    .from(employeePayRates)
    .leftJoin(laborTypes, eq(laborTypes.id, employeePayRates.laborTypeId))
    .leftJoin(creator, eq(creator.id, employeePayRates.createdBy));

type RateRow = Awaited<ReturnType<ReturnType<typeof rateSelect>['execute']>>[number];

/** The id of the rate in force on `day` for the employee: the latest effective date not after it. */
async function inForceId(db: Db, userId: number, day: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from ${employeePayRates} p where p.user_id = ${userId} and p.deleted_at is null
      and p.effective_from <= ${day} order by p.effective_from desc limit 1`,
  );
  return row ? Number(row.id) : null;
}

function toPayRate(row: RateRow, currentId: number | null, today: string): PayRate {
  const { rate } = row;
  return {
    id: rate.id,
    userId: rate.userId,
    payType: rate.payType,
    rateCents: rate.rateCents,
    laborTypeId: rate.laborTypeId,
    laborTypeName: row.laborTypeName,
    isPaid: rate.isPaid,
    effectiveFrom: rate.effectiveFrom,
    note: rate.note,
    state: rate.effectiveFrom > today ? 'scheduled' : rate.id === currentId ? 'current' : 'past',
    createdAt: rate.createdAt.toISOString(),
    createdByName: row.createdByName,
    version: rate.version,
  };
}

const liveUser = async (db: Db, userId: number) => {
  const [user] = await db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, userId), isNull(sysUsers.deletedAt)));
  if (!user) throw notFound('employees.user');
};

/** An employee's rate history, newest effective date first, each marked current / scheduled / past. */
export async function listPayRates(
  db: Db,
  request: ListRequest & { userId: number },
  locale: Locale,
): Promise<ListResponse<PayRate>> {
  await liveUser(db, request.userId);
  const today = await businessToday(db);
  const query = rateSelect(db, locale)
    .where(and(eq(employeePayRates.userId, request.userId), isNull(employeePayRates.deletedAt)))
    .orderBy(desc(employeePayRates.effectiveFrom), desc(employeePayRates.id))
    .$dynamic();
  const { rows, total } = await paged(query, request);
  const currentId = await inForceId(db, request.userId, today);
  return toListResponse(rows, total, (row) => toPayRate(row, currentId, today));
}

export async function payRateDetail(db: Db, id: number, locale: Locale): Promise<PayRate> {
  const today = await businessToday(db);
  const [row] = await rateSelect(db, locale).where(and(eq(employeePayRates.id, id), isNull(employeePayRates.deletedAt)));
  if (!row) throw notFound('employees.payRate');
  return toPayRate(row, await inForceId(db, row.rate.userId, today), today);
}

/** The rate in force on a day (default today in the business time zone), or null. */
export async function currentPayRate(db: Db, input: { userId: number; date?: string }, locale: Locale): Promise<PayRate | null> {
  await liveUser(db, input.userId);
  const today = await businessToday(db);
  const day = input.date ?? today;
  const [row] = await rateSelect(db, locale)
    .where(
      and(
        eq(employeePayRates.userId, input.userId),
        isNull(employeePayRates.deletedAt),
        lte(employeePayRates.effectiveFrom, day),
      ),
    )
    .orderBy(desc(employeePayRates.effectiveFrom))
    .limit(1);
  if (!row) return null;
  return toPayRate(row, await inForceId(db, input.userId, today), today);
}

/**
 * A rate for many employees from one date, all or nothing: every employee must exist, be active,
 * and have no rate on or after that date (history only grows forward). One audit entry each.
 */
export async function addPayRates(tx: Db, request: FastifyRequest, input: PayRateAddBatchRequest) {
  const ids = [...new Set(input.userIds)].sort((a, b) => a - b);
  // Locks the employees (in id order, so two batches cannot deadlock) against concurrent rates.
  const users = await tx
    .select({ id: sysUsers.id, name: sysUsers.name, status: sysUsers.status })
    .from(sysUsers)
    .where(and(inArray(sysUsers.id, ids), isNull(sysUsers.deletedAt)))
    .orderBy(asc(sysUsers.id))
    .for('update');
  const unknown = ids.filter((id) => !users.some((u) => u.id === id));
  if (unknown.length) throw refused('employees.payUnknownEmployees', { ids: unknown.join(', ') });
  const terminated = users.filter((u) => u.status === 'terminated');
  if (terminated.length) throw refused('employees.payTerminated', { names: terminated.map((u) => u.name).join(', ') });

  await laborTypeUsable(tx, input.laborTypeId, null);

  const latest = await tx
    .select({ userId: employeePayRates.userId, latest: max(employeePayRates.effectiveFrom) })
    .from(employeePayRates)
    .where(and(inArray(employeePayRates.userId, ids), isNull(employeePayRates.deletedAt)))
    .groupBy(employeePayRates.userId);
  const blocked = latest.filter((l) => l.latest && l.latest > input.effectiveFrom);
  if (blocked.length) {
    const list = blocked.map((b) => `${users.find((u) => u.id === b.userId)!.name} (${b.latest})`).join(', ');
    throw refused('employees.payNotAfterLatest', { list });
  }
  // A latest rate on the very date is corrected by the new one (the same day's rate entered again).
  const sameDay = new Set(latest.filter((l) => l.latest === input.effectiveFrom).map((l) => l.userId));
  const corrected = sameDay.size
    ? await tx
        .select()
        .from(employeePayRates)
        .where(
          and(
            inArray(employeePayRates.userId, [...sameDay]),
            eq(employeePayRates.effectiveFrom, input.effectiveFrom),
            isNull(employeePayRates.deletedAt),
          ),
        )
        .for('update')
    : [];
  for (const rate of corrected) {
    const user = users.find((u) => u.id === rate.userId)!;
    await correctRate(tx, request, rate, user.name, input, input.note || SAME_DAY_REASON);
  }

  const actorId = request.session!.userId;
  const fresh = ids.filter((userId) => !sameDay.has(userId));
  for (const userId of fresh) await assertWagesOpen(tx, userId, users.find((u) => u.id === userId)!.name, input.effectiveFrom);
  if (!fresh.length) return { ids: corrected.map((r) => r.id), count: corrected.length, added: 0, corrected: corrected.length };
  let inserted: { id: number; userId: number }[];
  try {
    inserted = await tx
      .insert(employeePayRates)
      .values(
        fresh.map((userId) => ({
          userId,
          payType: input.payType,
          rateCents: input.rateCents,
          laborTypeId: input.laborTypeId ?? null,
          isPaid: input.isPaid,
          effectiveFrom: input.effectiveFrom,
          note: input.note,
          createdBy: actorId,
          updatedBy: actorId,
        })),
      )
      .returning({ id: employeePayRates.id, userId: employeePayRates.userId });
  } catch (error) {
    if (isUniqueViolation(error)) throw refused('employees.payNotAfterLatest', { list: input.effectiveFrom });
    throw error;
  }
  for (const row of inserted) {
    const user = users.find((u) => u.id === row.userId)!;
    await audit(tx, request, {
      module: 'employees',
      action: 'addPayRate',
      recordType: 'sysUser',
      recordId: row.userId,
      details: {
        params: {
          name: user.name,
          payType: input.payType,
          rateCents: rateParam(input),
          per: `per_${input.payType}`,
          date: input.effectiveFrom,
        },
      },
      changes: {
        payRateId: { from: null, to: row.id },
        payType: { from: null, to: input.payType },
        rateCents: { from: null, to: input.rateCents },
        laborTypeId: { from: null, to: input.laborTypeId ?? null },
        isPaid: { from: null, to: input.isPaid },
        effectiveFrom: { from: null, to: input.effectiveFrom },
      },
    });
  }
  const allIds = [...corrected.map((r) => r.id), ...inserted.map((r) => r.id)];
  return { ids: allIds, count: allIds.length, added: inserted.length, corrected: corrected.length };
}

type RateRecord = typeof employeePayRates.$inferSelect;
type RateFields = Pick<PayRateCorrectRequest, 'payType' | 'rateCents' | 'laborTypeId' | 'isPaid' | 'effectiveFrom' | 'note'>;

const SAME_DAY_REASON = 'New rate of the same day';

/**
 * A change of the employee's pay from `earliestTouched` on is refused while any approved pay period
 * of theirs ends on or after that date (periods can be approved out of order: every one counts, not
 * only the one holding the date); 10010 names the period.
 */
async function assertWagesOpen(tx: Db, userId: number, name: string, earliestTouched: string) {
  const approved = await approvedPeriodFrom(tx, userId, earliestTouched);
  if (approved) {
    throw refused('employees.payWagesApproved', { name, date: earliestTouched, start: approved.start, end: approved.end });
  }
}

/** The rate's fields changed in place, with the reason, in the operation log with what changed. */
async function correctRate(tx: Db, request: FastifyRequest, rate: RateRecord, name: string, next: RateFields, reason: string) {
  // The earlier of the old and new dates (business dates sort as text).
  const earliest = [next.effectiveFrom, rate.effectiveFrom].sort()[0]!;
  await assertWagesOpen(tx, rate.userId, name, earliest);
  const after = {
    payType: next.payType,
    rateCents: next.rateCents,
    laborTypeId: next.laborTypeId ?? null,
    isPaid: next.isPaid,
    effectiveFrom: next.effectiveFrom,
    note: next.note,
  };
  await tx
    .update(employeePayRates)
    .set({ ...after, version: rate.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(employeePayRates.id, rate.id));
  const changes: Record<string, { from: unknown; to: unknown }> = { payRateId: { from: rate.id, to: rate.id } };
  for (const [field, to] of Object.entries(after)) {
    const from = rate[field as keyof typeof after];
    if (from !== to) changes[field] = { from, to };
  }
  await audit(tx, request, {
    module: 'employees',
    action: 'correctPayRate',
    recordType: 'sysUser',
    recordId: rate.userId,
    details: {
      params: {
        name,
        from: rate.effectiveFrom,
        payType: next.payType,
        rateCents: rateParam(next),
        per: `per_${next.payType}`,
        date: next.effectiveFrom,
        reason,
      },
    },
    changes,
  });
}

async function laborTypeUsable(tx: Db, laborTypeId: number | null | undefined, current: number | null) {
  if (!laborTypeId || laborTypeId === current) return;
  const [laborType] = await tx.select().from(laborTypes).where(eq(laborTypes.id, laborTypeId));
  if (!laborType) throw notFound('employees.laborType');
  if (laborType.deletedAt || !laborType.active) throw refused('employees.laborTypeUnavailable');
}

/**
 * Corrects a rate (docs/business-rules.md "Pay rates"): any field, with a reason, until wages for
 * its dates are approved. The effective date stays between the employee's neighbouring rates.
 */
export async function correctPayRate(tx: Db, request: FastifyRequest, input: PayRateCorrectRequest) {
  const rate = await loadForUpdate(tx, employeePayRates, input.id, 'employees.payRate');
  if (rate.version !== input.version) throw conflict();
  const [user] = await tx.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, rate.userId));
  await laborTypeUsable(tx, input.laborTypeId, rate.laborTypeId);
  const others = and(
    eq(employeePayRates.userId, rate.userId),
    isNull(employeePayRates.deletedAt),
    ne(employeePayRates.id, rate.id),
  );
  const [previous] = await tx
    .select({ from: employeePayRates.effectiveFrom })
    .from(employeePayRates)
    .where(and(others, lt(employeePayRates.effectiveFrom, rate.effectiveFrom)))
    .orderBy(desc(employeePayRates.effectiveFrom))
    .limit(1);
  const [following] = await tx
    .select({ from: employeePayRates.effectiveFrom })
    .from(employeePayRates)
    .where(and(others, gt(employeePayRates.effectiveFrom, rate.effectiveFrom)))
    .orderBy(asc(employeePayRates.effectiveFrom))
    .limit(1);
  if ((previous && input.effectiveFrom <= previous.from) || (following && input.effectiveFrom >= following.from)) {
    throw refused('employees.payDateOrder', { range: `${previous?.from ?? '…'} – ${following?.from ?? '…'}` });
  }
  await correctRate(tx, request, rate, user?.name ?? '', input, input.reason);
  return { id: rate.id };
}

/**
 * Removes a scheduled rate or the rate in force (a mistake), with the reason, until wages for its
 * dates are approved. A rate already replaced by a later one is corrected instead: removing it would
 * silently reprice its days at an older rate.
 */
export async function removePayRate(tx: Db, request: FastifyRequest, input: { id: number; reason: string }) {
  const rate = await loadForUpdate(tx, employeePayRates, input.id, 'employees.payRate');
  const today = await businessToday(tx);
  if (rate.effectiveFrom <= today && (await inForceId(tx, rate.userId, today)) !== rate.id) {
    throw refused('employees.payReplacedRemove');
  }
  const [owner] = await tx.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, rate.userId));
  await assertWagesOpen(tx, rate.userId, owner?.name ?? '', rate.effectiveFrom);
  await tx
    .update(employeePayRates)
    .set({ deletedAt: new Date(), version: rate.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(employeePayRates.id, rate.id));
  const which = rate.effectiveFrom > today ? 'scheduled' : 'current';
  await audit(tx, request, {
    module: 'employees',
    action: 'removePayRate',
    recordType: 'sysUser',
    recordId: rate.userId,
    details: { params: { which, rateCents: rateParam(rate), date: rate.effectiveFrom, reason: input.reason } },
    changes: { payRateId: { from: rate.id, to: null } },
  });
  return { id: rate.id };
}

/** The rate as the log shows it: money, or a percentage written out (a number param would read as cents). */
const rateParam = (rate: { payType: string; rateCents: number }) =>
  rate.payType === 'percentage' ? `${rate.rateCents / 100}%` : rate.rateCents;
