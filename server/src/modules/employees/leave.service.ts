import type { ZLeaveListRequest } from '@tidyhouse/contract';
import {
  addDays,
  type Leave,
  type LeaveAddRequest,
  type LeaveKind,
  type LeaveModifyRequest,
  type ListResponse,
} from '@tidyhouse/contract';
import { and, desc, eq, gte, isNull, lte, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { audit, diff } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { conflict, notFound, refused } from '../../platform/errors';
import { paged, toListResponse, totalCount } from '../../platform/list';
import { loadForUpdate } from '../../platform/versioned';
import { employeeLeaves } from './employee-records.tables';
import { findUser } from './employees.service';
import { sysUsers } from './employees.tables';
import { approvedPeriodFrom } from './pay-periods';

type LeaveRow = typeof employeeLeaves.$inferSelect;
interface LeaveSpan {
  startDate: string;
  endDate: string;
  allDay: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

const creator = alias(sysUsers, 'creator');

const dayCount = (l: LeaveSpan) =>
  Math.round((Date.parse(`${l.endDate}T00:00:00Z`) - Date.parse(`${l.startDate}T00:00:00Z`)) / 86_400_000) + 1;

/** A leave as a span of wall-clock moments: all day runs to the start of the day after its end. */
const spanOf = (l: LeaveSpan) =>
  l.allDay
    ? { from: `${l.startDate} 00:00`, to: `${addDays(l.endDate, 1)} 00:00` }
    : { from: `${l.startDate} ${l.startTime}`, to: `${l.endDate} ${l.endTime}` };

const describeLeave = (l: LeaveSpan) =>
  l.allDay
    ? l.startDate === l.endDate
      ? l.startDate
      : `${l.startDate} – ${l.endDate}`
    : `${l.startDate} ${l.startTime} – ${l.endDate} ${l.endTime}`;

function toLeave(row: LeaveRow, userName: string, createdByName: string | null): Leave {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    startDate: row.startDate,
    endDate: row.endDate,
    kind: row.kind,
    allDay: row.allDay,
    startTime: row.startTime,
    endTime: row.endTime,
    reason: row.reason,
    days: dayCount(row),
    createdAt: row.createdAt.toISOString(),
    createdByName,
    version: row.version,
  };
}

const leaveSelect = (db: Db) =>
  db
    .select({ leave: employeeLeaves, userName: sysUsers.name, createdByName: creator.name, total: totalCount })
    .from(employeeLeaves)
    .innerJoin(sysUsers, eq(sysUsers.id, employeeLeaves.userId))
    .leftJoin(creator, eq(creator.id, employeeLeaves.createdBy));

const live = and(isNull(employeeLeaves.deletedAt), isNull(sysUsers.deletedAt))!;

/** Leave touching a date range, of one employee or all; latest first. */
export async function listLeaves(db: Db, input: z.infer<typeof ZLeaveListRequest>): Promise<ListResponse<Leave>> {
  const conditions: SQL[] = [live];
  if (input.userId) conditions.push(eq(employeeLeaves.userId, input.userId));
  if (input.dateFrom) conditions.push(gte(employeeLeaves.endDate, input.dateFrom));
  if (input.dateTo) conditions.push(lte(employeeLeaves.startDate, input.dateTo));
  const query = leaveSelect(db)
    .where(and(...conditions))
    .orderBy(desc(employeeLeaves.startDate), desc(employeeLeaves.id))
    .$dynamic();
  const { rows, total } = await paged(query, input);
  return toListResponse(rows, total, (r) => toLeave(r.leave, r.userName, r.createdByName));
}

export async function leaveDetail(db: Db, id: number): Promise<Leave> {
  const [row] = await leaveSelect(db).where(and(live, eq(employeeLeaves.id, id)));
  if (!row) throw notFound('employees.leave');
  return toLeave(row.leave, row.userName, row.createdByName);
}

/** Refuses a leave overlapping another of the same employee (the caller holds the employee's row lock). */
async function assertNoOverlap(tx: Db, userId: number, leave: LeaveSpan, exceptId?: number) {
  const candidates = await tx
    .select()
    .from(employeeLeaves)
    .where(
      and(
        eq(employeeLeaves.userId, userId),
        isNull(employeeLeaves.deletedAt),
        lte(employeeLeaves.startDate, leave.endDate),
        gte(employeeLeaves.endDate, leave.startDate),
        exceptId ? ne(employeeLeaves.id, exceptId) : undefined,
      ),
    );
  const mine = spanOf(leave);
  const other = candidates.find((c) => {
    const theirs = spanOf(c);
    return mine.from < theirs.to && theirs.from < mine.to;
  });
  if (other) throw refused('employees.leaveOverlap', { other: describeLeave(other) });
}

/**
 * Sick leave is paid from a balance that runs from its first day on, so a sick leave added, changed or
 * removed changes the sick pay of every period from its start: refused while one of them is approved
 * (10010 naming it; docs/business-rules.md "Paid sick leave"). Personal leave is not pay.
 */
async function assertSickPayOpen(
  tx: Db,
  user: { id: number; name: string },
  ...leaves: Array<{ kind: LeaveKind; startDate: string }>
) {
  const sick = leaves.filter((l) => l.kind === 'sick').map((l) => l.startDate);
  if (!sick.length) return;
  const date = sick.sort()[0]!;
  const approved = await approvedPeriodFrom(tx, user.id, date);
  if (approved) throw refused('employees.sickLeaveApproved', { name: user.name, date, start: approved.start, end: approved.end });
}

const spanValues = (input: LeaveSpan & { reason: string; kind: LeaveKind }) => ({
  kind: input.kind,
  startDate: input.startDate,
  endDate: input.endDate,
  allDay: input.allDay,
  startTime: input.allDay ? null : (input.startTime ?? null),
  endTime: input.allDay ? null : (input.endTime ?? null),
  reason: input.reason,
});

export async function addLeave(tx: Db, request: FastifyRequest, input: LeaveAddRequest) {
  const user = await findUser(tx, input.userId);
  const values = spanValues(input);
  await assertNoOverlap(tx, user.id, values);
  await assertSickPayOpen(tx, user, values);
  const me = request.session!.userId;
  const [row] = await tx
    .insert(employeeLeaves)
    .values({ ...values, userId: user.id, createdBy: me, updatedBy: me })
    .returning();
  await audit(tx, request, {
    module: 'employees',
    action: 'addLeave',
    recordType: 'sysUser',
    recordId: user.id,
    details: { params: { name: user.name, span: describeLeave(values) } },
    changes: { leaveId: { from: null, to: row!.id }, ...diff({}, values) },
  });
  return { id: row!.id, version: row!.version };
}

export async function modifyLeave(tx: Db, request: FastifyRequest, input: LeaveModifyRequest) {
  const before = await loadForUpdate(tx, employeeLeaves, input.id, 'employees.leave');
  if (before.version !== input.version) throw conflict();
  const user = await findUser(tx, before.userId);
  const values = spanValues(input);
  await assertNoOverlap(tx, user.id, values, before.id);
  await assertSickPayOpen(tx, user, before, values);
  const [after] = await tx
    .update(employeeLeaves)
    .set({ ...values, version: before.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(employeeLeaves.id, before.id))
    .returning();
  await audit(tx, request, {
    module: 'employees',
    action: 'modifyLeave',
    recordType: 'sysUser',
    recordId: user.id,
    details: { params: { name: user.name, span: describeLeave(values) } },
    changes: { leaveId: { from: before.id, to: before.id }, ...diff(spanValues(before), values) },
  });
  return { id: before.id, version: after!.version };
}

export async function removeLeave(tx: Db, request: FastifyRequest, input: { id: number; version: number }) {
  const before = await loadForUpdate(tx, employeeLeaves, input.id, 'employees.leave');
  if (before.version !== input.version) throw conflict();
  await assertSickPayOpen(tx, await findUser(tx, before.userId), before);
  await tx
    .update(employeeLeaves)
    .set({ deletedAt: new Date(), version: before.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(employeeLeaves.id, before.id));
  await audit(tx, request, {
    module: 'employees',
    action: 'removeLeave',
    recordType: 'sysUser',
    recordId: before.userId,
    details: { params: { span: describeLeave(before) } },
    changes: { leaveId: { from: before.id, to: null } },
  });
  return { id: before.id, version: before.version + 1 };
}
