import { addDays, Code, type FieldJobEvent } from '@tidyhouse/contract';
import { and, desc, eq, gte, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { AppError, refused } from '../../platform/errors';
import { queueOnTheWayAfterCheckOut } from '../messaging/events';
import { assertDaysOpen } from '../office/day-lock';
import { adjustTeamPay, assertCardOpen } from '../payroll/time-cards/time-cards.service';
import { timePunches } from '../payroll/time-cards/time-cards.tables';
import { jobs } from '../service/jobs/jobs.tables';
import { jobFieldStates } from './field.tables';
import {
  auditField,
  businessDateOf,
  changedByOfficeSince,
  type FieldContext,
  lastPunchOf,
  type Outcome,
  openPunchOf,
  spanText,
} from './field-context';
import { assertRecordedMoment, dayStart, locationColumns, wallText } from './moments';
import { crewOf, crewSees, fieldDates, fieldJobScope } from './scope';

/**
 * Check in / out, "done", the note to the office and the checklist, from the phone (docs/business-rules.md
 * "Field app"). Check-in and check-out are the cleaner's job punch (time cards, source 'field'); the
 * job's row in job_field_states is its live state for the board and Job Completion.
 */

type Job = typeof jobs.$inferSelect;

/** A job the office has already settled or called off: the crew's report no longer changes it. */
const SETTLED = new Set(['completed', 'uncompleted', 'closed', 'cancelled']);

/** Most checklist items one job keeps. */
export const CHECKLIST_MAX = 200;

/** The job's field row, made on first use, locked for the change. */
async function stateRow(ctx: FieldContext, jobId: number) {
  await ctx.tx.insert(jobFieldStates).values({ jobId, createdBy: ctx.userId, updatedBy: ctx.userId }).onConflictDoNothing();
  const [row] = await ctx.tx.select().from(jobFieldStates).where(eq(jobFieldStates.jobId, jobId)).for('update');
  return row!;
}

async function updateState(
  ctx: FieldContext,
  row: typeof jobFieldStates.$inferSelect,
  values: Partial<typeof jobFieldStates.$inferInsert>,
) {
  await ctx.tx
    .update(jobFieldStates)
    .set({ ...values, version: row.version + 1, updatedAt: ctx.now, updatedBy: ctx.userId })
    .where(eq(jobFieldStates.id, row.id));
}

const jobConflict = (job: Job): Outcome => ({
  status: 'conflict',
  workDate: job.serviceDate,
  jobId: job.id,
  message: { key: 'fieldActions.conflictJob', params: { reference: job.reference } },
});

/**
 * Drive between jobs: from the cleaner's last check-out of the day (or the end of a meal taken after
 * it) to this check-in, punched as paid drive time, unless a punch already covers that gap or the
 * cleaner clocked out in between. Never the drive to the first job.
 */
async function punchDrive(ctx: FieldContext, workDate: string, at: Date, shiftStart: Date | null) {
  const [previous] = await ctx.tx
    .select({ endsAt: timePunches.endsAt })
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.workDate, workDate),
        eq(timePunches.kind, 'job'),
        isNull(timePunches.deletedAt),
        lte(timePunches.endsAt, at),
      ),
    )
    .orderBy(desc(timePunches.endsAt))
    .limit(1);
  if (!previous?.endsAt || !shiftStart || shiftStart.getTime() > previous.endsAt.getTime()) return null;
  const [meal] = await ctx.tx
    .select({ endsAt: sql<Date>`max(${timePunches.endsAt})` })
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.kind, 'meal'),
        isNull(timePunches.deletedAt),
        gte(timePunches.startsAt, previous.endsAt),
        lte(timePunches.endsAt, at),
      ),
    );
  const start = meal?.endsAt ? new Date(meal.endsAt) : previous.endsAt;
  if (start.getTime() >= at.getTime()) return null;
  const [between] = await ctx.tx
    .select({ id: timePunches.id })
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        isNull(timePunches.deletedAt),
        or(eq(timePunches.kind, 'drive'), eq(timePunches.kind, 'job'), eq(timePunches.kind, 'labor')),
        lt(timePunches.startsAt, at),
        or(isNull(timePunches.endsAt), sql`${timePunches.endsAt} > ${start}`),
      ),
    )
    .limit(1);
  if (between) return null;
  const [drive] = await ctx.tx
    .insert(timePunches)
    .values({
      userId: ctx.userId,
      workDate,
      kind: 'drive',
      startsAt: start,
      endsAt: at,
      source: 'field',
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .returning({ id: timePunches.id });
  return drive!.id;
}

async function checkIn(ctx: FieldContext, input: FieldJobEvent, job: Job, at: Date): Promise<Outcome> {
  const workDate = job.serviceDate!;
  const open = await openPunchOf(ctx, 'job', at);
  if (open?.jobId === job.id) {
    const since = wallText(open.startsAt, ctx.timeZone);
    return {
      status: 'duplicate',
      workDate,
      jobId: job.id,
      punchId: open.id,
      message: { key: 'fieldActions.alreadyCheckedIn', params: { reference: job.reference, since } },
    };
  }
  if (SETTLED.has(job.status)) return jobConflict(job);
  if (open) {
    const [other] = await ctx.tx.select({ reference: jobs.reference }).from(jobs).where(eq(jobs.id, open.jobId!));
    throw refused('fieldActions.stillCheckedIn', { reference: other?.reference ?? '' });
  }
  // The office already typed this cleaner's time at this job for this moment.
  const [typed] = await ctx.tx
    .select()
    .from(timePunches)
    .where(
      and(
        eq(timePunches.userId, ctx.userId),
        eq(timePunches.jobId, job.id),
        isNull(timePunches.deletedAt),
        or(ne(timePunches.source, 'field'), ne(timePunches.updatedBy, ctx.userId)),
        lte(timePunches.startsAt, at),
        or(isNull(timePunches.endsAt), sql`${timePunches.endsAt} > ${at}`),
      ),
    )
    .limit(1);
  if (typed) {
    return {
      status: 'conflict',
      workDate,
      jobId: job.id,
      punchId: typed.id,
      message: {
        key: 'fieldActions.conflictOfficePunch',
        params: { kind: 'fieldActions.job', span: spanText(typed, ctx.timeZone) },
      },
    };
  }
  await assertCardOpen(ctx.tx, ctx.userId, ctx.name, workDate);
  const [punch] = await ctx.tx
    .insert(timePunches)
    .values({
      userId: ctx.userId,
      workDate,
      kind: 'job',
      jobId: job.id,
      startsAt: at,
      source: 'field',
      ...locationColumns('start', input.location),
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .returning({ id: timePunches.id });
  const shift = await openPunchOf(ctx, 'shift', at);
  const driveId = await punchDrive(ctx, workDate, at, shift?.startsAt ?? null);
  const state = await stateRow(ctx, job.id);
  if (!state.checkedInAt || state.checkedInAt.getTime() > at.getTime()) await updateState(ctx, state, { checkedInAt: at });
  const changes: Record<string, { from: unknown; to: unknown }> = { punchId: { from: null, to: punch!.id } };
  await auditField(ctx, 'fieldJobEvent', eventParams(ctx, job, driveId ? 'checkInAfterDrive' : 'checkIn', at), changes, job.id);
  return { status: 'applied', workDate, jobId: job.id, punchId: punch!.id };
}

async function checkOut(ctx: FieldContext, input: FieldJobEvent, job: Job, at: Date): Promise<Outcome> {
  const workDate = job.serviceDate!;
  if (SETTLED.has(job.status)) return jobConflict(job);
  const open = await openPunchOf(ctx, 'job', at, job.id);
  if (!open) {
    const last = await lastPunchOf(ctx, 'job', at, job.id);
    if (last && (last.deletedAt !== null || last.updatedBy !== ctx.userId) && last.updatedAt.getTime() > at.getTime()) {
      return {
        status: 'conflict',
        workDate,
        jobId: job.id,
        punchId: last.id,
        message: { key: 'fieldActions.conflictPunch', params: { kind: 'fieldActions.job' } },
      };
    }
    throw refused('fieldActions.notCheckedIn', { reference: job.reference });
  }
  if (changedByOfficeSince(open, ctx.userId, at)) {
    return {
      status: 'conflict',
      workDate,
      jobId: job.id,
      punchId: open.id,
      message: { key: 'fieldActions.conflictPunch', params: { kind: 'fieldActions.job' } },
    };
  }
  assertRecordedMoment(at, ctx.now, ctx.timeZone, { start: new Date(open.startsAt.getTime() + 1), what: 'fieldActions.job' });
  await assertCardOpen(ctx.tx, ctx.userId, ctx.name, open.workDate);
  await ctx.tx
    .update(timePunches)
    .set({
      endsAt: at,
      ...locationColumns('end', input.location),
      version: open.version + 1,
      updatedAt: ctx.now,
      updatedBy: ctx.userId,
    })
    .where(eq(timePunches.id, open.id));
  await adjustTeamPay(ctx.tx, ctx.request, [job.id]);
  // Leaving the house reports the job done, unless the crew already did.
  const state = await stateRow(ctx, job.id);
  await updateState(ctx, state, {
    checkedOutAt: state.checkedOutAt && state.checkedOutAt.getTime() > at.getTime() ? state.checkedOutAt : at,
    ...(state.doneAt ? {} : { doneAt: at, doneBy: ctx.userId }),
  });
  await auditField(
    ctx,
    'fieldJobEvent',
    eventParams(ctx, job, 'checkOut', at),
    { punchId: { from: open.id, to: open.id } },
    job.id,
  );
  // The customer of the team's next job hears the team is on its way (messaging/events, issue 22).
  await queueOnTheWayAfterCheckOut(ctx.tx, job.id);
  return { status: 'applied', workDate, jobId: job.id, punchId: open.id };
}

/** The log's facts of a job event; `checkInAfterDrive`: the check-in also punched the drive from the last job. */
function eventParams(ctx: FieldContext, job: Job, kind: FieldJobEvent['kind'] | 'checkInAfterDrive', at: Date) {
  return { kind: `field_${kind}`, reference: job.reference, time: wallText(at, ctx.timeZone) };
}

async function done(ctx: FieldContext, job: Job, at: Date): Promise<Outcome> {
  if (SETTLED.has(job.status)) return jobConflict(job);
  await assertDaysOpen(ctx.tx, [job.serviceDate]);
  const state = await stateRow(ctx, job.id);
  if (state.doneAt) {
    return {
      status: 'duplicate',
      workDate: job.serviceDate,
      jobId: job.id,
      message: { key: 'fieldActions.alreadyDone', params: { reference: job.reference } },
    };
  }
  await updateState(ctx, state, { doneAt: at, doneBy: ctx.userId });
  await auditField(ctx, 'fieldJobEvent', eventParams(ctx, job, 'done', at), undefined, job.id);
  return { status: 'applied', workDate: job.serviceDate, jobId: job.id };
}

/** The note to the office: each note is added on its own line under the crew's earlier ones. */
async function note(ctx: FieldContext, input: FieldJobEvent, job: Job, at: Date): Promise<Outcome> {
  await assertDaysOpen(ctx.tx, [job.serviceDate]);
  const state = await stateRow(ctx, job.id);
  const line = `${ctx.name} ${wallText(at, ctx.timeZone).slice(11)}: ${input.note ?? ''}`;
  await updateState(ctx, state, { note: state.note ? `${state.note}\n${line}` : line, noteAt: at });
  await auditField(
    ctx,
    'fieldJobEvent',
    eventParams(ctx, job, 'note', at),
    { note: { from: null, to: input.note ?? '' } },
    job.id,
  );
  return { status: 'applied', workDate: job.serviceDate, jobId: job.id };
}

async function checklist(ctx: FieldContext, input: FieldJobEvent, job: Job, at: Date): Promise<Outcome> {
  await assertDaysOpen(ctx.tx, [job.serviceDate]);
  const state = await stateRow(ctx, job.id);
  const merged = { ...state.checklist };
  for (const item of input.checklist ?? []) merged[item.id] = item.done;
  if (Object.keys(merged).length > CHECKLIST_MAX) throw refused('fieldActions.tooManyChecklistItems', { max: CHECKLIST_MAX });
  if (JSON.stringify(merged) === JSON.stringify(state.checklist))
    return { status: 'duplicate', workDate: job.serviceDate, jobId: job.id };
  await updateState(ctx, state, { checklist: merged });
  const ticked = (list: Record<string, boolean>) => Object.values(list).filter(Boolean).length;
  const changes = { checklist: { from: ticked(state.checklist), to: ticked(merged) } };
  await auditField(ctx, 'fieldJobEvent', eventParams(ctx, job, 'checklist', at), changes, job.id);
  return { status: 'applied', workDate: job.serviceDate, jobId: job.id };
}

/**
 * The crew's job of today (`fieldJobScope`), or of yesterday for an action recorded yesterday (a
 * phone offline overnight sends the evening's check-out in the morning); anything else 10003.
 */
async function jobInScope(ctx: FieldContext, jobId: number, at: Date): Promise<Job> {
  try {
    return (await fieldJobScope(ctx.tx, ctx.userId, jobId, { allowTomorrow: false })).job;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== Code.FORBIDDEN) throw error;
    const [job] = await ctx.tx.select().from(jobs).where(eq(jobs.id, jobId));
    const yesterday = addDays((await fieldDates(ctx.tx)).today, -1);
    const late = job?.serviceDate === yesterday && businessDateOf(at, ctx.timeZone) === yesterday && crewSees(job.status);
    if (!late || (await crewOf(ctx.tx, ctx.userId, yesterday))?.teamId !== job!.teamId) throw error;
    return job!;
  }
}

/**
 * Applies one job event of the phone: their crew's job of today (or of yesterday, recorded yesterday;
 * 10003 otherwise, as every field call), recorded not in the future and not before the job's day; a
 * closed day refuses (10010).
 */
export async function applyJobEvent(ctx: FieldContext, input: FieldJobEvent): Promise<Outcome> {
  const at = new Date(input.at);
  const job = await jobInScope(ctx, input.jobId, at);
  assertRecordedMoment(at, ctx.now, ctx.timeZone, {
    start: dayStart(job.serviceDate!, ctx.timeZone),
    what: 'fieldActions.jobDay',
  });
  switch (input.kind) {
    case 'checkIn':
      return checkIn(ctx, input, job, at);
    case 'checkOut':
      return checkOut(ctx, input, job, at);
    case 'done':
      return done(ctx, job, at);
    case 'note':
      return note(ctx, input, job, at);
    case 'checklist':
      return checklist(ctx, input, job, at);
  }
}
