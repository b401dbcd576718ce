import {
  addDays,
  minutesToTime,
  type PlanChangePreview,
  type PlanChangeRequest,
  type PlanJobDiff,
  type PlanKeptReason,
  rruleOf,
  timeToMinutes,
} from '@tidyhouse/contract';
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { teams } from '../../employees/employees.tables';
import { jobLines, jobs } from '../jobs/jobs.tables';
import { type JobDraft, type PlanForJobs, PlanJobPricer, type PlanRow } from './job-drafts';
import { nextOccurrence, occurrencesBetween } from './recurrence';

/**
 * A change of a plan "from a date" (docs/business-rules.md "Changing a plan from a date"): ONE
 * computation gives both the preview and what apply does, so the preview is exactly what happens.
 * Jobs on or after the date that are completed, uncompleted, closed, cancelled or moved/edited by
 * hand are kept; the others are matched to the new visit dates (same date: re-priced/updated; a
 * date within 6 days: moved; none: cancelled), and every new date left over gets a new job.
 */

/** A job and a new visit date this close are the same visit moved, not one cancelled and one added. */
const MOVE_WINDOW_DAYS = 6;
/** The note of a skipped visit's job (how a skip is told apart from other cancellations). */
export const SKIP_NOTE_PREFIX = 'Skipped';

export type ExistingJob = typeof jobs.$inferSelect & { lineKey: string };

export interface NewSchedule {
  frequency: PlanRow['frequency'];
  intervalWeeks: number | null;
  rrule: string;
  patternFrom: string;
  endDate: string | null;
  servicePriceCents: number;
  budgetMinutes: number;
  durationMinutes: number | null;
  preferredTeamId: number | null;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
}

/**
 * The schedule after the change. When the frequency (and custom interval) stays, the current pattern
 * continues (its weekday and alternation): the visits from `fromDate` on are the current pattern's, the
 * first being the first one on or after `fromDate`, whatever day `fromDate` is (a price change from any
 * day never shifts the weekday). A new pattern starts on `fromDate` (its weekday, its week parity) when
 * the frequency changes, when the request asks for it (`newPattern`: another weekday), or when the
 * current pattern has no visit left (a one-time plan after its visit).
 */
export function nextSchedule(plan: PlanRow, req: PlanChangeRequest): NewSchedule {
  const intervalWeeks = req.frequency === 'custom' ? req.intervalWeeks : null;
  const continues =
    !req.newPattern &&
    plan.frequency === req.frequency &&
    (plan.intervalWeeks ?? null) === intervalWeeks &&
    nextOccurrence({ rrule: plan.rrule, patternFrom: plan.patternFrom }, req.fromDate) !== null;
  return {
    frequency: req.frequency,
    intervalWeeks,
    rrule: continues ? plan.rrule : rruleOf({ frequency: req.frequency, intervalWeeks, startDate: req.fromDate }),
    patternFrom: continues ? plan.patternFrom : req.fromDate,
    endDate: req.endDate,
    servicePriceCents: req.servicePriceCents,
    budgetMinutes: req.budgetMinutes,
    durationMinutes: req.durationMinutes,
    preferredTeamId: req.preferredTeamId,
    windowStartMinutes: req.windowStart === null ? null : timeToMinutes(req.windowStart),
    windowEndMinutes: req.windowEnd === null ? null : timeToMinutes(req.windowEnd),
  };
}

const lineKeyOf = (
  lines: readonly {
    kind: string;
    priceItemId: number | null;
    quantity: number;
    minutesEach: number;
    unitPriceCents: number;
    taxable: boolean;
  }[],
) => lines.map((l) => [l.kind, l.priceItemId, l.quantity, l.minutesEach, l.unitPriceCents, l.taxable].join(':')).join('|');

/** The plan's jobs that a change from `fromDate` looks at (their lines summed up for comparison). */
export async function jobsFrom(tx: Db, planId: number, fromDate: string): Promise<ExistingJob[]> {
  const rows = await tx
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.planId, planId),
        isNotNull(jobs.occurrenceDate),
        or(gte(jobs.occurrenceDate, fromDate), gte(jobs.serviceDate, fromDate)),
      ),
    )
    .orderBy(asc(jobs.occurrenceDate))
    .for('update');
  if (rows.length === 0) return [];
  const lines = await tx
    .select()
    .from(jobLines)
    .where(
      inArray(
        jobLines.jobId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(jobLines.jobId), asc(jobLines.sortOrder));
  const byJob = new Map<number, (typeof lines)[number][]>();
  for (const line of lines) byJob.set(line.jobId, [...(byJob.get(line.jobId) ?? []), line]);
  return rows.map((row) => ({ ...row, lineKey: lineKeyOf(byJob.get(row.id) ?? []) }));
}

function keptReason(job: ExistingJob): PlanKeptReason | null {
  if (job.status === 'completed' || job.status === 'uncompleted' || job.status === 'closed') return job.status;
  if (job.status === 'cancelled') return job.cancelNote.startsWith(SKIP_NOTE_PREFIX) ? 'skipped' : 'cancelled';
  if (job.movedByHand || job.editedByHand) return 'by_hand';
  return null;
}

/** What differs between a job and the draft it should become. */
function changesOf(job: ExistingJob, draft: JobDraft): string[] {
  const changes: string[] = [];
  if (job.serviceDate !== draft.serviceDate) changes.push('date');
  if (job.startMinutes !== draft.startMinutes) changes.push('startTime');
  if (job.teamId !== draft.teamId) changes.push('team');
  if (job.preferredTeamId !== draft.preferredTeamId) changes.push('preferredTeam');
  if (job.windowStartMinutes !== draft.windowStartMinutes || job.windowEndMinutes !== draft.windowEndMinutes)
    changes.push('window');
  if (job.durationMinutes !== draft.durationMinutes) changes.push('duration');
  if (job.flatRateCents !== draft.flatRateCents || job.revenueCents !== draft.costing.revenueCents) changes.push('price');
  if (job.lineKey !== lineKeyOf(draft.lines)) changes.push('lines');
  return changes;
}

const timeOf = (minutes: number | null) => (minutes === null ? null : minutesToTime(minutes));
const windowOf = (from: number | null, to: number | null) =>
  from === null && to === null ? null : `${timeOf(from) ?? ''}–${timeOf(to) ?? ''}`;

/** The preview's from → to of each value an office looks at: time, window, team, length, price. */
function diffsOf(job: ExistingJob, draft: JobDraft, teamNames: ReadonlyMap<number, string>): PlanJobDiff[] {
  const diffs: PlanJobDiff[] = [];
  const teamName = (id: number | null) => (id === null ? null : (teamNames.get(id) ?? `#${id}`));
  if (job.startMinutes !== draft.startMinutes)
    diffs.push({ field: 'startTime', from: timeOf(job.startMinutes), to: timeOf(draft.startMinutes) });
  const [fromWindow, toWindow] = [
    windowOf(job.windowStartMinutes, job.windowEndMinutes),
    windowOf(draft.windowStartMinutes, draft.windowEndMinutes),
  ];
  if (fromWindow !== toWindow) diffs.push({ field: 'window', from: fromWindow, to: toWindow });
  if (job.teamId !== draft.teamId) diffs.push({ field: 'team', from: teamName(job.teamId), to: teamName(draft.teamId) });
  if (job.durationMinutes !== draft.durationMinutes)
    diffs.push({ field: 'duration', from: job.durationMinutes, to: draft.durationMinutes });
  if (job.revenueCents !== draft.costing.revenueCents)
    diffs.push({ field: 'price', from: job.revenueCents, to: draft.costing.revenueCents });
  return diffs;
}

/** Names of the teams the jobs and drafts name (one query). */
async function teamNamesOf(tx: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

export interface ChangePlan {
  preview: Omit<PlanChangePreview, 'planId' | 'fromDate' | 'horizonEnd'>;
  /** Drafts of the jobs to create. */
  adds: JobDraft[];
  /** Jobs to update to a draft (moved or re-priced). */
  updates: { job: ExistingJob; draft: JobDraft }[];
  cancels: ExistingJob[];
}

/**
 * Matches the plan's jobs from `fromDate` with the visits of `next` up to `horizonEnd`. `next` is the
 * plan row as it will be (a plan not in use gets no visits).
 */
export async function planTheChange(
  tx: Db,
  next: PlanForJobs,
  existing: readonly ExistingJob[],
  fromDate: string,
  horizonEnd: string,
): Promise<ChangePlan> {
  const pricer = await PlanJobPricer.load(tx, [next], horizonEnd);
  const kept: PlanChangePreview['kept'] = [];
  const changeable: ExistingJob[] = [];
  const taken = new Set<string>();
  for (const job of existing) {
    const reason = keptReason(job);
    if (reason) {
      kept.push({ jobId: job.id, reference: job.reference, date: job.serviceDate ?? job.occurrenceDate!, reason });
      taken.add(job.occurrenceDate!);
    } else changeable.push(job);
  }
  const visits =
    next.plan.status === 'used' && pricer.locationLive(next.plan)
      ? occurrencesBetween(next.plan, fromDate, horizonEnd).filter((d) => !taken.has(d))
      : [];

  // Same date first, then the nearest new date within the window, in date order.
  const free = new Set(visits);
  const pairs: { job: ExistingJob; date: string }[] = [];
  const unmatched: ExistingJob[] = [];
  for (const job of changeable) {
    if (free.has(job.occurrenceDate!)) {
      free.delete(job.occurrenceDate!);
      pairs.push({ job, date: job.occurrenceDate! });
    } else unmatched.push(job);
  }
  const cancels: ExistingJob[] = [];
  for (const job of unmatched) {
    const candidates = [...free].filter((d) => Math.abs(daysBetween(job.occurrenceDate!, d)) <= MOVE_WINDOW_DAYS).sort();
    const nearest = candidates.sort(
      (a, b) => Math.abs(daysBetween(job.occurrenceDate!, a)) - Math.abs(daysBetween(job.occurrenceDate!, b)),
    )[0];
    if (nearest === undefined) cancels.push(job);
    else {
      free.delete(nearest);
      pairs.push({ job, date: nearest });
    }
  }
  const adds = [...free].sort().map((date) => pricer.draft(next, date));

  const preview: ChangePlan['preview'] = { add: [], move: [], reprice: [], cancel: [], kept, unchanged: 0 };
  const updates: ChangePlan['updates'] = [];
  const drafted = pairs.sort((a, b) => a.date.localeCompare(b.date)).map((p) => ({ ...p, draft: pricer.draft(next, p.date) }));
  const teamNames = await teamNamesOf(
    tx,
    drafted.flatMap(({ job, draft }) => [job.teamId, draft.teamId]),
  );
  for (const { job, date, draft } of drafted) {
    const changes = changesOf(job, draft);
    const diffs = diffsOf(job, draft, teamNames);
    if (job.occurrenceDate !== date) {
      preview.move.push({
        jobId: job.id,
        reference: job.reference,
        fromDate: job.serviceDate ?? job.occurrenceDate!,
        toDate: date,
        changes,
        diffs,
      });
      updates.push({ job, draft });
    } else if (changes.length > 0) {
      preview.reprice.push({
        jobId: job.id,
        reference: job.reference,
        date,
        fromPriceCents: job.revenueCents,
        toPriceCents: draft.costing.revenueCents,
        changes,
        diffs,
      });
      updates.push({ job, draft });
    } else preview.unchanged += 1;
  }
  preview.add = adds.map((d) => ({ date: d.serviceDate, priceCents: d.costing.revenueCents }));
  preview.cancel = cancels.map((job) => ({
    jobId: job.id,
    reference: job.reference,
    date: job.serviceDate ?? job.occurrenceDate!,
  }));
  return { preview, adds, updates, cancels };
}

/** The day before: generation of a plan resumed or changed continues after it. */
export const dayBefore = (date: string) => addDays(date, -1);

/** Jobs released by a cancellation give their occurrence back, so the date can get a job again later. */
export const releaseOccurrence = { occurrenceDate: sql`null` };
