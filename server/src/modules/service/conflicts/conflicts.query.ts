import {
  BOARD_CLOSING_MINUTES,
  BOARD_OPENING_MINUTES,
  conflictsCaused,
  findConflicts,
  jobLengthOf,
  type Locale,
  minutesToTime,
  type ScheduleConflict,
  type ScheduleConflictNotice,
  type ScheduleDay,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { translate } from '../../../platform/messages';
import { daysBetween, leaveOnDay, leavesInRange, teamMembersOn } from '../assignments/day-teams';
import { ON_ROUTE_SQL } from '../board/drive';

/**
 * Builds the pictures of days that `findConflicts` reads (issue 20) from the database and names
 * what it finds. Queries run one after the other: callers pass a transaction as often as not.
 */

interface JobOfDay {
  id: number;
  reference: string;
  teamId: number;
  teamName: string;
  serviceDate: string;
  startMinutes: number;
  plannedMinutes: number | null;
  quotedMinutes: number;
  durationMinutes: number;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
}

/** What the messages need besides the conflicts: job, team and people names. */
export interface ConflictNames {
  jobs: Map<number, { reference: string; startMinutes: number; wallMinutes: number }>;
  teams: Map<number, string>;
  users: Map<number, string>;
  leaves: Map<string, { from: number; to: number }>;
}

export interface ScheduleRange {
  days: ScheduleDay[];
  names: ConflictNames;
}

/** The schedule of every day from `from` to `to`: a fixed number of queries whatever the range. */
export async function scheduleRange(db: Db, from: string, to: string): Promise<ScheduleRange> {
  // Business hours (business profile), as the board reads them; its module imports this one.
  const [hours = { openingMinutes: BOARD_OPENING_MINUTES, closingMinutes: BOARD_CLOSING_MINUTES }] = await queryRows<{
    openingMinutes: number;
    closingMinutes: number;
  }>(db, sql`select opening_minutes as "openingMinutes", closing_minutes as "closingMinutes" from business_profile where id = 1`);
  const jobs = await queryRows<JobOfDay>(
    db,
    sql`select j.id, j.reference, j.team_id as "teamId", t.name as "teamName", j.service_date::text as "serviceDate",
               j.start_minutes as "startMinutes", j.planned_minutes as "plannedMinutes",
               j.quoted_minutes as "quotedMinutes", j.duration_minutes as "durationMinutes",
               j.window_start_minutes as "windowStartMinutes", j.window_end_minutes as "windowEndMinutes"
          from jobs j join teams t on t.id = j.team_id
         where j.service_date between ${from} and ${to} and j.team_id is not null
           and j.start_minutes is not null and j.status in (${ON_ROUTE_SQL})`,
  );
  const crews = await teamMembersOn(db, from, to);
  const outages = await queryRows<{ teamId: number; startDate: string; endDate: string }>(
    db,
    sql`select team_id as "teamId", start_date::text as "startDate", end_date::text as "endDate"
          from team_outages where start_date <= ${to} and end_date >= ${from}`,
  );
  // Everyone a team counts on that day (stored assignment, else the standing team), leave or not.
  const rostered = await queryRows<{ day: string; teamId: number; userId: number; name: string }>(
    db,
    sql`with days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)
        select m.day::text as day, m.team_id as "teamId", m.user_id as "userId", u.name
          from (select da.service_date as day, da.team_id, da.user_id from day_assignments da
                 where da.service_date between ${from} and ${to}
                union all
                select days.day, tm.team_id, tm.user_id from days cross join team_members tm
                 where not exists (select 1 from assignment_days ad where ad.service_date = days.day)) m
          join sys_users u on u.id = m.user_id
         where exists (select 1 from employee_leaves l where l.user_id = m.user_id and l.deleted_at is null
                         and l.start_date <= m.day and l.end_date >= m.day)`,
  );
  const leaves = rostered.length ? await leavesInRange(db, from, to) : [];

  const names: ConflictNames = { jobs: new Map(), teams: new Map(), users: new Map(), leaves: new Map() };
  const days = daysBetween(from, to).map(
    (date): ScheduleDay => ({
      date,
      openingMinutes: hours.openingMinutes,
      closingMinutes: hours.closingMinutes,
      teams: [],
      leaves: [],
      jobs: [],
    }),
  );
  const byDate = new Map(days.map((d) => [d.date, d]));
  const teamIds = new Set<number>();
  for (const j of jobs) {
    const day = byDate.get(j.serviceDate)!;
    const members = crews.get(j.serviceDate)?.get(j.teamId)?.length ?? 0;
    const { wallMinutes } = jobLengthOf(j, members);
    day.jobs.push({
      id: j.id,
      teamId: j.teamId,
      startMinutes: j.startMinutes,
      wallMinutes,
      windowStartMinutes: j.windowStartMinutes,
      windowEndMinutes: j.windowEndMinutes,
    });
    names.jobs.set(j.id, { reference: j.reference, startMinutes: j.startMinutes, wallMinutes });
    names.teams.set(j.teamId, j.teamName);
    teamIds.add(j.teamId);
  }
  for (const day of days) {
    const onDay = new Set(day.jobs.map((j) => j.teamId));
    day.teams = [...onDay].map((id) => ({
      id,
      members: crews.get(day.date)?.get(id)?.length ?? 0,
      out: outages.some((o) => o.teamId === id && o.startDate <= day.date && o.endDate >= day.date),
    }));
  }
  for (const r of rostered) {
    const day = byDate.get(r.day);
    if (!day || !teamIds.has(r.teamId)) continue;
    for (const leave of leaves.filter((l) => l.userId === r.userId)) {
      const taken = leaveOnDay(leave, r.day);
      if (!taken) continue;
      const span =
        taken === 'all'
          ? { fromMinutes: 0, toMinutes: 1440 }
          : { fromMinutes: timeMinutes(taken.startTime), toMinutes: timeMinutes(taken.endTime) };
      day.leaves.push({ teamId: r.teamId, userId: r.userId, ...span });
      names.users.set(r.userId, r.name);
      names.leaves.set(`${r.day}|${r.userId}`, { from: span.fromMinutes, to: span.toMinutes });
    }
  }
  return { days, names };
}

/** 'HH:MM' (24:00 allowed) to minutes. */
const timeMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Every conflict from `from` to `to`, with the names the messages need. */
export async function conflictsBetween(db: Db, from: string, to: string) {
  const range = await scheduleRange(db, from, to);
  return { conflicts: range.days.flatMap(findConflicts), names: range.names };
}

const span = (j: { startMinutes: number; wallMinutes: number } | undefined) =>
  j ? `${minutesToTime(j.startMinutes)}–${minutesToTime(Math.min(1440, j.startMinutes + j.wallMinutes))}` : '';

/** A conflict as a sentence in the caller's language. */
export function describeConflict(locale: Locale, c: ScheduleConflict, names: ConflictNames): ScheduleConflictNotice {
  const job = (i: number) => names.jobs.get(c.jobIds[i]!);
  const params: Record<string, string | number> = {
    date: c.date,
    team: names.teams.get(c.teamId) ?? '',
    reference: job(0)?.reference ?? '',
    time: span(job(0)),
    references: c.jobIds.map((id) => names.jobs.get(id)?.reference ?? '').join(', '),
  };
  if (c.kind === 'jobOverlap') Object.assign(params, { other: job(1)?.reference ?? '', otherTime: span(job(1)) });
  if (c.kind === 'memberOnLeave') {
    const leave = names.leaves.get(`${c.date}|${c.userId}`);
    Object.assign(params, {
      name: names.users.get(c.userId!) ?? '',
      leave:
        !leave || (leave.from === 0 && leave.to === 1440)
          ? 'board.allDay'
          : span({ startMinutes: leave.from, wallMinutes: leave.to - leave.from }),
    });
  }
  return { ...c, message: translate(locale, `conflicts.${c.kind}`, params) };
}

/**
 * Runs a write and answers what it caused: the conflicts of the dates it touches that were not
 * there before (docs/business-rules.md "Schedule conflicts"). The write saves either way.
 */
export async function withConflicts<T>(
  tx: Db,
  locale: Locale,
  range: { from: string; to: string } | null,
  write: () => Promise<T>,
): Promise<T & { conflicts: ScheduleConflictNotice[] }> {
  if (!range) return { ...(await write()), conflicts: [] };
  const before = await conflictsBetween(tx, range.from, range.to);
  const result = await write();
  const after = await conflictsBetween(tx, range.from, range.to);
  const caused = conflictsCaused(before.conflicts, after.conflicts);
  return { ...result, conflicts: caused.map((c) => describeConflict(locale, c, after.names)) };
}

/** The smallest range holding the dates given (nulls ignored); null when there are none. */
export function rangeOf(...dates: (string | null | undefined)[]): { from: string; to: string } | null {
  const known = dates.filter((d): d is string => !!d).sort();
  return known.length ? { from: known[0]!, to: known[known.length - 1]! } : null;
}

/** The service dates of these jobs now. */
async function datesOf(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ d: string | null }>(
    db,
    sql`select service_date::text as d from jobs where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rows.flatMap((r) => (r.d ? [r.d] : []));
}

/** The conflicts of the jobs' days that involve them. */
async function conflictsOfJobs(db: Db, ids: readonly number[]) {
  const range = rangeOf(...(await datesOf(db, ids)));
  if (!range) return { conflicts: [] as ScheduleConflict[], names: null };
  const found = await conflictsBetween(db, range.from, range.to);
  return { conflicts: found.conflicts.filter((c) => c.jobIds.some((id) => ids.includes(id))), names: found.names };
}

/**
 * A write of single jobs (add, edit, status, lines) with the conflicts it caused for them: those of
 * the jobs' days (before and after, which may differ) that involve them and were not there before.
 */
export async function withJobConflicts<A extends object, L>(
  tx: Db,
  locale: Locale,
  ids: readonly number[],
  write: () => Promise<{ answer: A; log: L }>,
  idsAfter: (answer: A) => readonly number[] = () => ids,
): Promise<{ answer: A & { conflicts: ScheduleConflictNotice[] }; log: L }> {
  const before = await conflictsOfJobs(tx, ids);
  const result = await write();
  const after = await conflictsOfJobs(tx, idsAfter(result.answer));
  const caused = conflictsCaused(before.conflicts, after.conflicts);
  const conflicts = after.names ? caused.map((c) => describeConflict(locale, c, after.names!)) : [];
  return { log: result.log, answer: { ...result.answer, conflicts } };
}
