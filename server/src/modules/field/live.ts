import { addDays, type FieldState, wallClockAt } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { businessClock, businessTimeZone, businessToday } from '../../platform/business-date';
import { type Db, queryRows } from '../../platform/database';
import { fieldStateOf } from './field-state';

/**
 * The office's live view of the field (issue 21; docs/business-rules.md "Field app"): each job's state
 * as its crew reports it, whether the crew is late to arrive, and who is clocked in. Read by the
 * board, Job Completion and Start of Day; a fixed number of queries per day.
 */

export interface JobOfDay {
  id: number;
  teamId: number | null;
  status: string;
  startMinutes: number | null;
  windowStartMinutes: number | null;
}

export interface FieldView {
  fieldState: FieldState;
  lateToArrive: boolean;
  fieldConflict: boolean;
  reportedDoneAt: Date | null;
  note: string;
}

export const NO_FIELD_VIEW: FieldView = {
  fieldState: 'notStarted',
  lateToArrive: false,
  fieldConflict: false,
  reportedDoneAt: null,
  note: '',
};

/** Users with an open shift (clocked in, not out) of `date` or the day before: who is out working now. */
export async function clockedInOn(db: Db, date: string): Promise<Set<number>> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct user_id from time_punches
         where kind = 'shift' and ends_at is null and deleted_at is null
           and work_date between ${addDays(date, -1)} and ${date}`,
  );
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** Wall-clock minutes of "now" when `date` is today in the business time zone, else null. */
export async function minutesNowOn(db: Db, date: string): Promise<number | null> {
  if ((await businessToday(db)) !== date) return null;
  return wallClockAt(businessClock.now(), await businessTimeZone(db)).minutes;
}

/**
 * The field view of a day's jobs, and who is clocked in (today only, else nobody). Today only: "en route" (a crew member is clocked in and this is the
 * team's next job, nothing in progress) and "late to arrive" (the arrival window, else the start, has
 * begun and nobody checked in or reported it done).
 */
export async function fieldViewOfDay(
  db: Db,
  date: string,
  jobs: readonly JobOfDay[],
  crews: ReadonlyMap<number, readonly { userId: number }[]>,
): Promise<{ views: Map<number, FieldView>; clockedIn: Set<number> }> {
  const views = new Map<number, FieldView>();
  const now = await minutesNowOn(db, date);
  const clockedIn = now === null ? new Set<number>() : await clockedInOn(db, date);
  if (!jobs.length) return { views, clockedIn };
  const rows = await queryRows<{
    job_id: number;
    checked_in_at: Date | null;
    checked_out_at: Date | null;
    done_at: Date | null;
    note: string;
    conflict: boolean;
  }>(
    db,
    sql`select s.job_id, s.checked_in_at, s.checked_out_at, s.done_at, s.note,
               (s.conflict_at is not null or exists (select 1 from field_actions a where a.job_id = s.job_id
                  and a.status = 'conflict' and a.resolved_at is null)) as conflict
          from job_field_states s
         where s.job_id in (${sql.join(
           jobs.map((j) => sql`${j.id}`),
           sql`, `,
         )})`,
  );
  const byJob = new Map(
    rows.map((r) => [
      Number(r.job_id),
      {
        checkedInAt: r.checked_in_at ? new Date(r.checked_in_at) : null,
        checkedOutAt: r.checked_out_at ? new Date(r.checked_out_at) : null,
        doneAt: r.done_at ? new Date(r.done_at) : null,
        note: r.note,
        conflict: Boolean(r.conflict),
      },
    ]),
  );
  const ordered = [...jobs].sort((a, b) => (a.startMinutes ?? 1440) - (b.startMinutes ?? 1440) || a.id - b.id);
  const states = new Map(ordered.map((j) => [j.id, fieldStateOf(byJob.get(j.id))]));
  // The team's next job: the first not started, when none is in progress and a member is clocked in.
  const enRoute = new Set<number>();
  for (const [teamId, members] of crews) {
    if (!members.some((m) => clockedIn.has(m.userId))) continue;
    const own = ordered.filter((j) => j.teamId === teamId && j.status === 'scheduled');
    if (own.some((j) => states.get(j.id) === 'inProgress')) continue;
    const next = own.find((j) => states.get(j.id) === 'notStarted');
    if (next) enRoute.add(next.id);
  }
  for (const job of jobs) {
    const row = byJob.get(job.id);
    const state = enRoute.has(job.id) ? 'enRoute' : states.get(job.id)!;
    const arrival = job.windowStartMinutes ?? job.startMinutes;
    const notArrived = state === 'notStarted' || state === 'enRoute';
    views.set(job.id, {
      fieldState: state,
      lateToArrive: now !== null && job.status === 'scheduled' && notArrived && arrival !== null && now > arrival,
      fieldConflict: row?.conflict ?? false,
      reportedDoneAt: row?.doneAt ?? null,
      note: row?.note ?? '',
    });
  }
  return { views, clockedIn };
}

/** A board job before its field view is known (the tray, another day). */
export const NOT_IN_FIELD = { fieldState: 'notStarted', lateToArrive: false, fieldConflict: false } as const;

/** Sets each board job's field state, lateness and conflict from the day's views. */
export function withFieldViews<J extends { id: number; fieldState: FieldState; lateToArrive: boolean; fieldConflict: boolean }>(
  jobs: J[],
  views: ReadonlyMap<number, FieldView>,
): J[] {
  for (const job of jobs) {
    const view = views.get(job.id);
    if (view)
      Object.assign(job, { fieldState: view.fieldState, lateToArrive: view.lateToArrive, fieldConflict: view.fieldConflict });
  }
  return jobs;
}

/** A team's members of the day as the board shows them, with who is clocked in. */
export const withClockedIn = (
  members: readonly { userId: number; name: string; leader: boolean }[],
  clockedIn: ReadonlySet<number>,
) => members.map((m) => ({ userId: m.userId, name: m.name, leader: m.leader, clockedIn: clockedIn.has(m.userId) }));
