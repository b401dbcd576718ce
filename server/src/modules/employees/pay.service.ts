import type { ListRequest, ListResponse, Locale, PayRate, PayRateAddBatchRequest } from '@tidyhouse/contract';
import { and, asc, desc, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import { businessToday } from '../../platform/business-date';
import { type Db, queryRows } from '../../platform/database';
import { isUniqueViolation } from '../../platform/db-errors';
import { notFound, refused } from '../../platform/errors';
import { paged, toListResponse, totalCount } from '../../platform/list';
import { loadForUpdate } from '../../platform/versioned';
import { laborTypes } from '../system/settings.tables';
import { employeePayRates } from './employee-records.tables';
import { sysUsers } from './employees.tables';

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

const centsText = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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

  if (input.laborTypeId) {
    const [laborType] = await tx.select().from(laborTypes).where(eq(laborTypes.id, input.laborTypeId));
    if (!laborType) throw notFound('employees.laborType');
    if (laborType.deletedAt || !laborType.active) throw refused('employees.laborTypeUnavailable');
  }

  const latest = await tx
    .select({ userId: employeePayRates.userId, latest: max(employeePayRates.effectiveFrom) })
    .from(employeePayRates)
    .where(and(inArray(employeePayRates.userId, ids), isNull(employeePayRates.deletedAt)))
    .groupBy(employeePayRates.userId);
  const blocked = latest.filter((l) => l.latest && l.latest >= input.effectiveFrom);
  if (blocked.length) {
    const list = blocked.map((b) => `${users.find((u) => u.id === b.userId)!.name} (${b.latest})`).join(', ');
    throw refused('employees.payNotAfterLatest', { list });
  }

  const actorId = request.session!.userId;
  let inserted: { id: number; userId: number }[];
  try {
    inserted = await tx
      .insert(employeePayRates)
      .values(
        ids.map((userId) => ({
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
  const unit = input.payType === 'hourly' ? '/hour' : '/pay period';
  for (const row of inserted) {
    const user = users.find((u) => u.id === row.userId)!;
    await audit(tx, request, {
      module: 'employees',
      action: 'addPayRate',
      recordType: 'sysUser',
      recordId: row.userId,
      summary: `Pay rate of ${user.name}: ${input.payType} ${centsText(input.rateCents)}${unit} from ${input.effectiveFrom}`,
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
  return { ids: inserted.map((r) => r.id), count: inserted.length };
}

/** Removes a rate that has not come into force yet (entered by mistake); one in force never changes. */
export async function removePayRate(tx: Db, request: FastifyRequest, input: { id: number }) {
  const rate = await loadForUpdate(tx, employeePayRates, input.id, 'employees.payRate');
  const today = await businessToday(tx);
  if (rate.effectiveFrom <= today) throw refused('employees.payInForce');
  await tx
    .update(employeePayRates)
    .set({ deletedAt: new Date(), version: rate.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(employeePayRates.id, rate.id));
  await audit(tx, request, {
    module: 'employees',
    action: 'removePayRate',
    recordType: 'sysUser',
    recordId: rate.userId,
    summary: `Removed the scheduled pay rate ${centsText(rate.rateCents)} from ${rate.effectiveFrom}`,
    changes: { payRateId: { from: rate.id, to: null } },
  });
  return { id: rate.id };
}
