import { addDays, type FieldActionStatus, type TimePunchKind, wallClockAt } from '@tidyhouse/contract';
import { and, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { timePunches } from '../payroll/time-cards/time-cards.tables';
import type { FieldActionMessageKey } from './actions.messages';
import { wallText } from './moments';

/** What one field action works with: its transaction, the cleaner, and the server's clock. */
export interface FieldContext {
  tx: Db;
  request: FastifyRequest;
  userId: number;
  name: string;
  now: Date;
  timeZone: string;
}

/** What became of an action that was not refused (a refusal is thrown as an AppError). */
export interface Outcome {
  status: Exclude<FieldActionStatus, 'refused'>;
  workDate: string | null;
  jobId?: number | null;
  punchId?: number;
  message?: { key: FieldActionMessageKey; params: Record<string, string | number> };
}

export type PunchRow = typeof timePunches.$inferSelect;

/**
 * The cleaner's open punch of a kind (no end yet) of the work day of `at` or the day before, locked
 * for the change. One left open longer is the office's to fix (the time card flags it), so it never
 * keeps the phone from clocking in.
 */
export async function openPunchOf(
  ctx: FieldContext,
  kind: TimePunchKind,
  at: Date,
  jobId?: number,
): Promise<PunchRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.kind, kind),
        isNull(timePunches.endsAt),
        isNull(timePunches.deletedAt),
        gte(timePunches.workDate, addDays(businessDateOf(at, ctx.timeZone), -1)),
        lte(timePunches.workDate, businessDateOf(at, ctx.timeZone)),
        jobId === undefined ? undefined : eq(timePunches.jobId, jobId),
      ),
    )
    .orderBy(desc(timePunches.startsAt), desc(timePunches.id))
    .limit(1)
    .for('update');
  return row;
}

/** The cleaner's latest punch of a kind started by `at`, removed ones too (to tell a conflict from a mistake). */
export async function lastPunchOf(
  ctx: FieldContext,
  kind: TimePunchKind,
  at: Date,
  jobId?: number,
): Promise<PunchRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.kind, kind),
        lte(timePunches.startsAt, at),
        jobId === undefined ? undefined : eq(timePunches.jobId, jobId),
      ),
    )
    .orderBy(desc(timePunches.startsAt), desc(timePunches.id))
    .limit(1);
  return row;
}

/**
 * The office changed this punch after the phone recorded the action ("meanwhile"): someone other
 * than the cleaner wrote it last, later than `at`. Such a punch is never overwritten from the phone.
 */
export const changedByOfficeSince = (punch: PunchRow, userId: number, at: Date) =>
  punch.updatedBy !== userId && punch.updatedAt.getTime() > at.getTime();

/** `08:00–16:30` (or `08:00–…` while open) of a punch, wall clock in the business time zone. */
export function spanText(punch: { startsAt: Date; endsAt: Date | null }, timeZone: string): string {
  const start = wallText(punch.startsAt, timeZone).slice(11);
  return `${start}–${punch.endsAt ? wallText(punch.endsAt, timeZone).slice(11) : '…'}`;
}

/** The business date of a moment. */
export const businessDateOf = (at: Date, timeZone: string) => wallClockAt(at, timeZone).date;

/** The operation log entry of an applied field action (module 'field'). */
export async function auditField(
  ctx: FieldContext,
  action: 'fieldPunch' | 'fieldJobEvent' | 'fieldConflict',
  params: Record<string, string | number>,
  changes?: Record<string, { from: unknown; to: unknown }>,
  recordId: number = ctx.userId,
) {
  await audit(ctx.tx, ctx.request, {
    module: 'field',
    action,
    recordType: action === 'fieldJobEvent' ? 'job' : 'sysUser',
    recordId,
    details: { params: { name: ctx.name, ...params } },
    ...(changes ? { changes } : {}),
  });
}
