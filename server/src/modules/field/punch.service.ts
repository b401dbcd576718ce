import { Code, type FieldPunch } from '@tidyhouse/contract';
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { AppError, notFound, refused } from '../../platform/errors';
import { assertCardOpen } from '../payroll/time-cards/time-cards.service';
import { timeCardDays, timePunches } from '../payroll/time-cards/time-cards.tables';
import { restBreaksEarned } from '../payroll/wages/california/breaks';
import {
  auditField,
  businessDateOf,
  changedByOfficeSince,
  type FieldContext,
  lastPunchOf,
  type Outcome,
  openPunchOf,
  type PunchRow,
  spanText,
} from './field-context';
import { assertRecordedMoment, locationColumns, wallText } from './moments';

/**
 * Clock in / out and meal start / end from the phone (docs/business-rules.md "Field app"). Each lands
 * in the time card as a punch with source 'field' and the phone's location, through the same locks as
 * an office punch (closed day, approved pay period: 10010).
 */

const conflictOn = (punch: PunchRow, kind: 'fieldActions.shift' | 'fieldActions.meal'): Outcome => ({
  status: 'conflict',
  workDate: punch.workDate,
  punchId: punch.id,
  message: { key: 'fieldActions.conflictPunch', params: { kind } },
});

async function insertPunch(
  ctx: FieldContext,
  values: Partial<typeof timePunches.$inferInsert> & { kind: PunchRow['kind']; workDate: string; startsAt: Date },
) {
  const [row] = await ctx.tx
    .insert(timePunches)
    .values({ userId: ctx.userId, source: 'field', createdBy: ctx.userId, updatedBy: ctx.userId, ...values })
    .returning();
  return row!;
}

async function endPunch(ctx: FieldContext, punch: PunchRow, at: Date, location: FieldPunch['location']) {
  await ctx.tx
    .update(timePunches)
    .set({
      endsAt: at,
      ...locationColumns('end', location),
      version: punch.version + 1,
      updatedAt: ctx.now,
      updatedBy: ctx.userId,
    })
    .where(eq(timePunches.id, punch.id));
}

async function clockIn(ctx: FieldContext, input: FieldPunch, at: Date): Promise<Outcome> {
  assertRecordedMoment(at, ctx.now, ctx.timeZone);
  const workDate = businessDateOf(at, ctx.timeZone);
  const open = await openPunchOf(ctx, 'shift', at);
  if (open) {
    const since = wallText(open.startsAt, ctx.timeZone);
    return {
      status: 'duplicate',
      workDate: open.workDate,
      punchId: open.id,
      message: { key: 'fieldActions.alreadyClockedIn', params: { since } },
    };
  }
  // A shift already covering the moment: the office typed it (a conflict) or the phone did (a mistake).
  const [covering] = await ctx.tx
    .select()
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.kind, 'shift'),
        isNull(timePunches.deletedAt),
        lte(timePunches.startsAt, at),
        gt(timePunches.endsAt, at),
      ),
    )
    .limit(1);
  if (covering) {
    const span = spanText(covering, ctx.timeZone);
    if (covering.source !== 'field' || covering.updatedBy !== ctx.userId) {
      return {
        status: 'conflict',
        workDate: covering.workDate,
        punchId: covering.id,
        message: { key: 'fieldActions.conflictOfficePunch', params: { kind: 'fieldActions.shift', span } },
      };
    }
    throw refused('fieldActions.overlapsShift', { at: wallText(at, ctx.timeZone), span });
  }
  await assertCardOpen(ctx.tx, ctx.userId, ctx.name, workDate);
  const punch = await insertPunch(ctx, { kind: 'shift', workDate, startsAt: at, ...locationColumns('start', input.location) });
  await auditField(
    ctx,
    'fieldPunch',
    { kind: 'field_clockIn', date: workDate, time: wallText(at, ctx.timeZone) },
    {
      punchId: { from: null, to: punch.id },
    },
  );
  return { status: 'applied', workDate, punchId: punch.id };
}

/** The open shift a meal or a clock-out belongs to; none: a conflict when the office closed or removed it meanwhile. */
async function openShift(ctx: FieldContext, at: Date): Promise<PunchRow | Outcome> {
  const shift = await openPunchOf(ctx, 'shift', at);
  if (shift) return changedByOfficeSince(shift, ctx.userId, at) ? conflictOn(shift, 'fieldActions.shift') : shift;
  const last = await lastPunchOf(ctx, 'shift', at);
  if (last && (last.deletedAt !== null || last.updatedBy !== ctx.userId) && last.updatedAt.getTime() > at.getTime()) {
    return conflictOn(last, 'fieldActions.shift');
  }
  throw refused('fieldActions.notClockedIn');
}

const isOutcome = (value: PunchRow | Outcome): value is Outcome => 'status' in value;

async function mealStart(ctx: FieldContext, input: FieldPunch, at: Date): Promise<Outcome> {
  assertRecordedMoment(at, ctx.now, ctx.timeZone);
  const shift = await openShift(ctx, at);
  if (isOutcome(shift)) return shift;
  assertRecordedMoment(at, ctx.now, ctx.timeZone, { start: shift.startsAt, what: 'fieldActions.shift' });
  const open = await openPunchOf(ctx, 'meal', at);
  if (open) {
    const since = wallText(open.startsAt, ctx.timeZone);
    return {
      status: 'duplicate',
      workDate: open.workDate,
      punchId: open.id,
      message: { key: 'fieldActions.alreadyOnMeal', params: { since } },
    };
  }
  await assertCardOpen(ctx.tx, ctx.userId, ctx.name, shift.workDate);
  const punch = await insertPunch(ctx, {
    kind: 'meal',
    workDate: shift.workDate,
    startsAt: at,
    ...locationColumns('start', input.location),
  });
  await auditField(
    ctx,
    'fieldPunch',
    { kind: 'field_mealStart', date: shift.workDate, time: wallText(at, ctx.timeZone) },
    {
      punchId: { from: null, to: punch.id },
    },
  );
  return { status: 'applied', workDate: shift.workDate, punchId: punch.id };
}

async function mealEnd(ctx: FieldContext, input: FieldPunch, at: Date): Promise<Outcome> {
  assertRecordedMoment(at, ctx.now, ctx.timeZone);
  const meal = await openPunchOf(ctx, 'meal', at);
  if (!meal) {
    const last = await lastPunchOf(ctx, 'meal', at);
    if (last && (last.deletedAt !== null || last.updatedBy !== ctx.userId) && last.updatedAt.getTime() > at.getTime()) {
      return conflictOn(last, 'fieldActions.meal');
    }
    throw refused('fieldActions.notOnMeal');
  }
  if (changedByOfficeSince(meal, ctx.userId, at)) return conflictOn(meal, 'fieldActions.meal');
  assertRecordedMoment(at, ctx.now, ctx.timeZone, { start: new Date(meal.startsAt.getTime() + 1), what: 'fieldActions.meal' });
  await assertCardOpen(ctx.tx, ctx.userId, ctx.name, meal.workDate);
  await endPunch(ctx, meal, at, input.location);
  await auditField(
    ctx,
    'fieldPunch',
    { kind: 'field_mealEnd', date: meal.workDate, time: wallText(at, ctx.timeZone) },
    {
      punchId: { from: meal.id, to: meal.id },
    },
  );
  return { status: 'applied', workDate: meal.workDate, punchId: meal.id };
}

/** Minutes worked on a work day: its closed shifts less its closed meals. */
async function workedMinutes(ctx: FieldContext, workDate: string): Promise<number> {
  const rows = await ctx.tx
    .select({
      minutes: sql<number>`coalesce(sum(case when ${timePunches.kind} = 'shift' then 1 else -1 end
        * extract(epoch from (${timePunches.endsAt} - ${timePunches.startsAt})) / 60), 0)::int`,
    })
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.workDate, workDate),
        isNull(timePunches.deletedAt),
        isNotNull(timePunches.endsAt),
        sql`${timePunches.kind} in ('shift', 'meal')`,
      ),
    );
  return Number(rows[0]?.minutes ?? 0);
}

/**
 * The clock-out's rest-break answer: "no" records a missed rest break on the day (time_card_days,
 * what the wage engine pays the rest premium for) when the day earned one; the office may raise the
 * count. "Yes" leaves what the office recorded.
 */
async function recordMissedRestBreaks(ctx: FieldContext, workDate: string): Promise<{ from: number; to: number } | null> {
  if (restBreaksEarned(await workedMinutes(ctx, workDate)) === 0) return null;
  await ctx.tx
    .insert(timeCardDays)
    .values({ userId: ctx.userId, workDate, createdBy: ctx.userId, updatedBy: ctx.userId })
    .onConflictDoNothing();
  const [day] = await ctx.tx
    .select()
    .from(timeCardDays)
    .where(and(eq(timeCardDays.userId, ctx.userId), eq(timeCardDays.workDate, workDate)))
    .for('update');
  if (day!.missedRestBreaks >= 1) return null;
  await ctx.tx
    .update(timeCardDays)
    .set({ missedRestBreaks: 1, version: day!.version + 1, updatedAt: ctx.now, updatedBy: ctx.userId })
    .where(eq(timeCardDays.id, day!.id));
  return { from: day!.missedRestBreaks, to: 1 };
}

async function clockOut(ctx: FieldContext, input: FieldPunch, at: Date): Promise<Outcome> {
  assertRecordedMoment(at, ctx.now, ctx.timeZone);
  const shift = await openShift(ctx, at);
  if (isOutcome(shift)) return shift;
  assertRecordedMoment(at, ctx.now, ctx.timeZone, { start: new Date(shift.startsAt.getTime() + 1), what: 'fieldActions.shift' });
  await assertCardOpen(ctx.tx, ctx.userId, ctx.name, shift.workDate);
  // Clocking out on a meal break ends the break too.
  const meal = await openPunchOf(ctx, 'meal', at);
  if (meal && meal.startsAt.getTime() < at.getTime() && !changedByOfficeSince(meal, ctx.userId, at)) {
    await endPunch(ctx, meal, at, input.location);
  }
  await endPunch(ctx, shift, at, input.location);
  const changes: Record<string, { from: unknown; to: unknown }> = { punchId: { from: shift.id, to: shift.id } };
  if (input.restBreaksTaken === false) {
    const missed = await recordMissedRestBreaks(ctx, shift.workDate);
    if (missed) changes.missedRestBreaks = missed;
  }
  await auditField(
    ctx,
    'fieldPunch',
    {
      kind: input.restBreaksTaken === false ? 'field_clockOutMissedRest' : 'field_clockOut',
      date: shift.workDate,
      time: wallText(at, ctx.timeZone),
    },
    changes,
  );
  return { status: 'applied', workDate: shift.workDate, punchId: shift.id };
}

/**
 * The punch the phone names (`punchId`): only the cleaner's own (another's is 10003); one the office
 * closed or removed after the phone recorded the action is a conflict.
 */
async function namedPunch(ctx: FieldContext, input: FieldPunch, at: Date): Promise<Outcome | null> {
  if (input.punchId === undefined) return null;
  const [named] = await ctx.tx.select().from(timePunches).where(eq(timePunches.id, input.punchId));
  if (!named) throw notFound('timeCards.punch');
  if (named.userId !== ctx.userId) throw new AppError(Code.FORBIDDEN, 'error.forbidden');
  const closing = input.kind === 'clockOut' || input.kind === 'mealEnd';
  if (closing && (named.deletedAt !== null || named.endsAt !== null) && changedByOfficeSince(named, ctx.userId, at)) {
    return conflictOn(named, named.kind === 'meal' ? 'fieldActions.meal' : 'fieldActions.shift');
  }
  return null;
}

/** Applies one punch of the phone; refusals are thrown (10010 with the rule's message). */
export async function applyPunch(ctx: FieldContext, input: FieldPunch): Promise<Outcome> {
  const at = new Date(input.at);
  const named = await namedPunch(ctx, input, at);
  if (named) return named;
  switch (input.kind) {
    case 'clockIn':
      return clockIn(ctx, input, at);
    case 'mealStart':
      return mealStart(ctx, input, at);
    case 'mealEnd':
      return mealEnd(ctx, input, at);
    case 'clockOut':
      return clockOut(ctx, input, at);
  }
}
