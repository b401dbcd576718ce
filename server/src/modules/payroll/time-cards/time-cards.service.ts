import {
  type PeriodApproveRequest,
  type PeriodReopenRequest,
  type PunchAddRequest,
  type PunchUpdateRequest,
  payPeriodContaining,
  type TimeCardDayUpdateRequest,
} from '@tidyhouse/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import { businessTimeZone, businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { conflict, notFound, refused } from '../../../platform/errors';
import { loadForUpdate } from '../../../platform/versioned';
import { sysUsers } from '../../employees/employees.tables';
import { approvedPeriodOf } from '../../employees/pay-periods';
import { assertDaysOpen } from '../../office/day-lock';
import { jobs } from '../../service/jobs/jobs.tables';
import { laborTypes } from '../../system/settings.tables';
import { loadPayPeriodSettings } from '../payroll-settings';
import { adjustApprovedPay } from '../wages/pay-adjustments';
import { discardSnapshots, freezeWages } from '../wages/pay-snapshots';
import { punchMoments, punchSpan, punchTimes } from './punch-times';
import { payPeriodApprovals, timeCardDays, timePunches } from './time-cards.tables';

async function employeeName(tx: Db, userId: number): Promise<string> {
  const [user] = await tx
    .select({ name: sysUsers.name })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, userId), isNull(sysUsers.deletedAt)));
  if (!user) throw notFound('timeCards.employee');
  return user.name;
}

/**
 * The locks of a time-card write (docs/business-rules.md "Time cards"): the office day must be open
 * and the employee's pay period not approved. Called after the record it changes is locked.
 */
export async function assertCardOpen(tx: Db, userId: number, name: string, workDate: string) {
  await assertDaysOpen(tx, [workDate]);
  const approved = await approvedPeriodOf(tx, userId, workDate);
  if (approved) throw refused('timeCards.periodApproved', { name, date: workDate, start: approved.start, end: approved.end });
}

/**
 * A job punch changes the team's in-home minutes, so the split of the job's piece pay and tips among
 * members whose period is already approved: their pay takes the difference as an adjustment.
 */
export async function adjustTeamPay(tx: Db, request: FastifyRequest, jobIds: Array<number | null>) {
  const ids = jobIds.filter((id): id is number => id !== null);
  if (ids.length) await adjustApprovedPay(tx, request.session!.userId, { jobIds: ids, kind: 'teamHours' });
}

/** The job and labor type a punch names must exist; the kinds that name none store none. */
async function linkedRecords(tx: Db, input: { kind: string; jobId?: number | null; laborTypeId?: number | null }) {
  const jobId = input.kind === 'job' ? (input.jobId ?? null) : null;
  const laborTypeId = input.kind === 'labor' ? (input.laborTypeId ?? null) : null;
  if (jobId !== null) {
    const [job] = await tx.select({ reference: jobs.reference }).from(jobs).where(eq(jobs.id, jobId));
    if (!job) throw notFound('timeCards.job');
  }
  if (laborTypeId !== null) {
    const [type] = await tx
      .select({ id: laborTypes.id })
      .from(laborTypes)
      .where(and(eq(laborTypes.id, laborTypeId), isNull(laborTypes.deletedAt)));
    if (!type) throw notFound('timeCards.laborType');
  }
  return { jobId, laborTypeId };
}

export async function addPunch(tx: Db, request: FastifyRequest, input: PunchAddRequest) {
  const name = await employeeName(tx, input.userId);
  if (input.workDate > (await businessToday(tx))) throw refused('timeCards.futureDay', { date: input.workDate });
  const links = await linkedRecords(tx, input);
  await assertCardOpen(tx, input.userId, name, input.workDate);
  const timeZone = await businessTimeZone(tx);
  const moments = punchMoments(input.workDate, input.startTime, input.endTime, timeZone);
  const [saved] = await tx
    .insert(timePunches)
    .values({
      userId: input.userId,
      workDate: input.workDate,
      kind: input.kind,
      ...moments,
      ...links,
      note: input.note,
      source: 'office',
      createdBy: request.session!.userId,
      updatedBy: request.session!.userId,
    })
    .returning({ id: timePunches.id, version: timePunches.version });
  const span = punchSpan(punchTimes({ workDate: input.workDate, ...moments }, timeZone));
  await audit(tx, request, {
    module: 'timeCards',
    action: 'addPunch',
    recordType: 'sysUser',
    recordId: input.userId,
    details: { params: { name, date: input.workDate, kind: `punch_${input.kind}`, span, reason: input.reason } },
    changes: { punchId: { from: null, to: saved!.id } },
  });
  await adjustTeamPay(tx, request, [links.jobId]);
  return saved!;
}

export async function updatePunch(tx: Db, request: FastifyRequest, input: PunchUpdateRequest) {
  const punch = await loadForUpdate(tx, timePunches, input.id, 'timeCards.punch');
  if (punch.version !== input.version) throw conflict();
  const name = await employeeName(tx, punch.userId);
  const links = await linkedRecords(tx, input);
  await assertCardOpen(tx, punch.userId, name, punch.workDate);
  const timeZone = await businessTimeZone(tx);
  const moments = punchMoments(punch.workDate, input.startTime, input.endTime, timeZone);
  const before = punchTimes(punch, timeZone);
  const after = punchTimes({ workDate: punch.workDate, ...moments }, timeZone);
  const [saved] = await tx
    .update(timePunches)
    .set({
      kind: input.kind,
      ...moments,
      ...links,
      note: input.note,
      version: punch.version + 1,
      updatedAt: new Date(),
      updatedBy: request.session!.userId,
    })
    .where(eq(timePunches.id, punch.id))
    .returning({ id: timePunches.id, version: timePunches.version });
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const compare = (field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  };
  compare('kind', punch.kind, input.kind);
  compare('startTime', before.startTime, after.startTime);
  compare('endTime', before.endTime, after.endTime);
  compare('jobId', punch.jobId, links.jobId);
  compare('laborTypeId', punch.laborTypeId, links.laborTypeId);
  compare('note', punch.note, input.note);
  await audit(tx, request, {
    module: 'timeCards',
    action: 'updatePunch',
    recordType: 'sysUser',
    recordId: punch.userId,
    details: {
      params: {
        name,
        date: punch.workDate,
        kind: `punch_${input.kind}`,
        before: punchSpan(before),
        after: punchSpan(after),
        reason: input.reason,
      },
    },
    changes: { punchId: { from: punch.id, to: punch.id }, ...changes },
  });
  await adjustTeamPay(tx, request, [punch.jobId, links.jobId]);
  return saved!;
}

export async function removePunch(tx: Db, request: FastifyRequest, input: { id: number; version: number; reason: string }) {
  const punch = await loadForUpdate(tx, timePunches, input.id, 'timeCards.punch');
  if (punch.version !== input.version) throw conflict();
  const name = await employeeName(tx, punch.userId);
  await assertCardOpen(tx, punch.userId, name, punch.workDate);
  const timeZone = await businessTimeZone(tx);
  const [saved] = await tx
    .update(timePunches)
    .set({ deletedAt: new Date(), version: punch.version + 1, updatedAt: new Date(), updatedBy: request.session!.userId })
    .where(eq(timePunches.id, punch.id))
    .returning({ id: timePunches.id, version: timePunches.version });
  await audit(tx, request, {
    module: 'timeCards',
    action: 'removePunch',
    recordType: 'sysUser',
    recordId: punch.userId,
    details: {
      params: {
        name,
        date: punch.workDate,
        kind: `punch_${punch.kind}`,
        span: punchSpan(punchTimes(punch, timeZone)),
        reason: input.reason,
      },
    },
    changes: { punchId: { from: punch.id, to: null } },
  });
  await adjustTeamPay(tx, request, [punch.jobId]);
  return saved!;
}

/** Missed rest breaks and the office's note of a day (one row per employee and day, made on first use). */
export async function updateDay(tx: Db, request: FastifyRequest, input: TimeCardDayUpdateRequest) {
  const name = await employeeName(tx, input.userId);
  if (input.workDate > (await businessToday(tx))) throw refused('timeCards.futureDay', { date: input.workDate });
  await tx
    .insert(timeCardDays)
    .values({ userId: input.userId, workDate: input.workDate, createdBy: request.session!.userId })
    .onConflictDoNothing();
  const [day] = await tx
    .select()
    .from(timeCardDays)
    .where(and(eq(timeCardDays.userId, input.userId), eq(timeCardDays.workDate, input.workDate)))
    .for('update');
  await assertCardOpen(tx, input.userId, name, input.workDate);
  const [saved] = await tx
    .update(timeCardDays)
    .set({
      missedRestBreaks: input.missedRestBreaks,
      note: input.note,
      version: day!.version + 1,
      updatedAt: new Date(),
      updatedBy: request.session!.userId,
    })
    .where(eq(timeCardDays.id, day!.id))
    .returning({ id: timeCardDays.id, version: timeCardDays.version });
  await audit(tx, request, {
    module: 'timeCards',
    action: 'updateDay',
    recordType: 'sysUser',
    recordId: input.userId,
    details: { params: { name, date: input.workDate, missedRestBreaks: input.missedRestBreaks, note: input.note } },
    changes: {
      missedRestBreaks: { from: day!.missedRestBreaks, to: input.missedRestBreaks },
      note: { from: day!.note, to: input.note },
    },
  });
  return saved!;
}

/** Employees with a punch or a time-card day in the period. */
async function employeesWithCards(tx: Db, start: string, end: string): Promise<number[]> {
  const result = (await tx.execute(sql`
    select user_id from time_punches where deleted_at is null and work_date between ${start} and ${end}
    union select user_id from time_card_days where work_date between ${start} and ${end}
    order by 1`)) as unknown as { rows: { user_id: number }[] };
  return result.rows.map((r) => Number(r.user_id));
}

/**
 * Approves the pay period holding `date` for the employees named (default: everyone with a card in
 * it): their punches and days in it are locked until the period is reopened.
 */
export async function approvePeriod(tx: Db, request: FastifyRequest, input: PeriodApproveRequest) {
  const period = payPeriodContaining(input.date, await loadPayPeriodSettings(tx));
  const userIds = [...new Set(input.userIds ?? (await employeesWithCards(tx, period.start, period.end)))].sort((a, b) => a - b);
  if (input.userIds?.length) {
    const found = await tx
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(and(inArray(sysUsers.id, userIds), isNull(sysUsers.deletedAt)));
    if (found.length !== userIds.length) throw notFound('timeCards.employee');
  }
  const actor = request.session!.userId;
  const now = new Date();
  // An employee already approved keeps the approval and snapshot in force (approving again changes nothing).
  const current = userIds.length
    ? await tx
        .select({ userId: payPeriodApprovals.userId })
        .from(payPeriodApprovals)
        .where(
          and(
            inArray(payPeriodApprovals.userId, userIds),
            eq(payPeriodApprovals.periodStart, period.start),
            eq(payPeriodApprovals.status, 'approved'),
          ),
        )
        .for('update')
    : [];
  const already = new Set(current.map((r) => r.userId));
  const fresh = userIds.filter((id) => !already.has(id));
  if (fresh.length) {
    await freezeWages(tx, actor, period.start, fresh, now);
    await tx
      .insert(payPeriodApprovals)
      .values(
        fresh.map((userId) => ({
          userId,
          periodStart: period.start,
          periodEnd: period.end,
          status: 'approved' as const,
          approvedAt: now,
          approvedBy: actor,
          firstApprovedAt: now,
          createdBy: actor,
          updatedBy: actor,
        })),
      )
      .onConflictDoUpdate({
        target: [payPeriodApprovals.userId, payPeriodApprovals.periodStart],
        set: {
          status: 'approved',
          approvedAt: now,
          approvedBy: actor,
          // The first approval's moment survives reopening: it decides where a late tip goes.
          firstApprovedAt: sql`coalesce(${payPeriodApprovals.firstApprovedAt}, excluded.first_approved_at)`,
          updatedAt: now,
          updatedBy: actor,
          version: sql`${payPeriodApprovals.version} + 1`,
        },
      });
  }
  await audit(tx, request, {
    module: 'timeCards',
    action: 'approvePeriod',
    details: { params: { start: period.start, end: period.end, count: userIds.length } },
    changes: { userIds: { from: null, to: userIds } },
  });
  return { ...period, userIds };
}

/** Reopens an approved period (its own permission and a reason) for the employees named (default: all approved). */
export async function reopenPeriod(tx: Db, request: FastifyRequest, input: PeriodReopenRequest) {
  const period = payPeriodContaining(input.date, await loadPayPeriodSettings(tx));
  const approved = await tx
    .select({ id: payPeriodApprovals.id, userId: payPeriodApprovals.userId })
    .from(payPeriodApprovals)
    .where(
      and(
        eq(payPeriodApprovals.periodStart, period.start),
        eq(payPeriodApprovals.status, 'approved'),
        input.userIds ? inArray(payPeriodApprovals.userId, input.userIds) : undefined,
      ),
    )
    .for('update');
  if (!approved.length) throw refused('timeCards.periodNotApproved', { start: period.start, end: period.end });
  const actor = request.session!.userId;
  const now = new Date();
  await tx
    .update(payPeriodApprovals)
    .set({
      status: 'reopened',
      reopenedAt: now,
      reopenedBy: actor,
      reopenReason: input.reason,
      updatedAt: now,
      updatedBy: actor,
      version: sql`${payPeriodApprovals.version} + 1`,
    })
    .where(
      inArray(
        payPeriodApprovals.id,
        approved.map((a) => a.id),
      ),
    );
  const userIds = approved.map((a) => a.userId).sort((a, b) => a - b);
  await discardSnapshots(tx, actor, period, userIds, input.reason, now);
  await audit(tx, request, {
    module: 'timeCards',
    action: 'reopenPeriod',
    details: { params: { start: period.start, end: period.end, count: userIds.length, reason: input.reason } },
    changes: { userIds: { from: userIds, to: null } },
  });
  return { ...period, userIds };
}
