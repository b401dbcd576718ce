import { z } from 'zod';

/**
 * The one schedule conflict check (issue 20; docs/business-rules.md "Schedule conflicts"). Pure: every
 * write that places people or jobs (board moves, plan generation and changes, daily assignments,
 * leave, team outages, job edits) and every screen that lists conflicts (board, Start of Day, job
 * list) call it on the same picture of a day.
 */

export const SCHEDULE_CONFLICT_KINDS = [
  'jobOverlap',
  'memberOnLeave',
  'teamWithoutMembers',
  'outsideTeamHours',
  'beyondArrivalWindow',
] as const;
export type ScheduleConflictKind = (typeof SCHEDULE_CONFLICT_KINDS)[number];

export const ZScheduleConflict = z.object({
  kind: z.enum(SCHEDULE_CONFLICT_KINDS),
  /** Stable for the same facts (kind and the ids involved): what an acknowledgement is kept against. */
  key: z.string(),
  date: z.string(),
  teamId: z.number().int(),
  jobIds: z.array(z.number().int()),
  userId: z.number().int().optional(),
});
export type ScheduleConflict = z.infer<typeof ZScheduleConflict>;

/** A conflict with its sentence in the caller's language (write answers, the board, Start of Day). */
export const ZScheduleConflictNotice = ZScheduleConflict.extend({ message: z.string() });
export type ScheduleConflictNotice = z.infer<typeof ZScheduleConflictNotice>;

/** What every write that places people or jobs adds to its answer: the conflicts it caused. */
export const ZCausedConflicts = z.object({ conflicts: z.array(ZScheduleConflictNotice) });
export type CausedConflicts = z.infer<typeof ZCausedConflicts>;
/** A write's answer schema with the conflicts it caused. */
export const withCausedConflicts = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => schema.extend(ZCausedConflicts.shape);

/** A job on a team's route that day, its times as local wall-clock minutes from midnight. */
export interface ScheduleJob {
  id: number;
  teamId: number;
  startMinutes: number;
  /** Time on site for the crew of the day (wall-clock), not person-minutes. */
  wallMinutes: number;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
}

/** The picture of one day the check reads; callers build it from the database or a proposed change. */
export interface ScheduleDay {
  date: string;
  /**
   * The hours a team works. The product has no per-team hours: every team works the business hours
   * (business profile), so both teams and the board use them.
   */
  openingMinutes: number;
  closingMinutes: number;
  /** Teams of the day: members working that day (whole-day leave excluded) and whether it is out. */
  teams: { id: number; members: number; out: boolean }[];
  /** Leave of people working in a team that day, the part of the day it takes in minutes [from, to). */
  leaves: { teamId: number; userId: number; fromMinutes: number; toMinutes: number }[];
  jobs: ScheduleJob[];
}

const endOf = (j: ScheduleJob) => j.startMinutes + j.wallMinutes;
const meets = (aFrom: number, aTo: number, bFrom: number, bTo: number) => aFrom < bTo && bFrom < aTo;

/** Every conflict of the day, in a stable order (team, then kind, then key). */
export function findConflicts(day: ScheduleDay): ScheduleConflict[] {
  const found: ScheduleConflict[] = [];
  const base = { date: day.date };
  const byTeam = new Map<number, ScheduleJob[]>();
  for (const job of day.jobs) byTeam.set(job.teamId, [...(byTeam.get(job.teamId) ?? []), job]);
  const teamOf = new Map(day.teams.map((t) => [t.id, t]));

  for (const [teamId, route] of byTeam) {
    const sorted = [...route].sort((a, b) => a.startMinutes - b.startMinutes || a.id - b.id);
    // Sorted by start, a job can only overlap later jobs that start before it ends.
    for (let i = 0; i < sorted.length; i++) {
      const a = sorted[i]!;
      for (let k = i + 1; k < sorted.length && sorted[k]!.startMinutes < endOf(a); k++) {
        const b = sorted[k]!;
        if (!meets(a.startMinutes, endOf(a), b.startMinutes, endOf(b))) continue;
        const ids = [a.id, b.id].sort((x, y) => x - y);
        found.push({ ...base, kind: 'jobOverlap', key: `jobOverlap:${ids[0]}:${ids[1]}`, teamId, jobIds: ids });
      }
    }

    const team = teamOf.get(teamId);
    if (!team || team.out || team.members === 0) {
      const jobIds = sorted.map((j) => j.id).sort((x, y) => x - y);
      found.push({ ...base, kind: 'teamWithoutMembers', key: `teamWithoutMembers:${teamId}`, teamId, jobIds });
    }

    const seen = new Set<string>();
    for (const leave of day.leaves.filter((l) => l.teamId === teamId)) {
      for (const job of sorted) {
        const key = `memberOnLeave:${leave.userId}:${job.id}`;
        if (seen.has(key) || !meets(leave.fromMinutes, leave.toMinutes, job.startMinutes, endOf(job))) continue;
        seen.add(key);
        found.push({ ...base, kind: 'memberOnLeave', key, teamId, jobIds: [job.id], userId: leave.userId });
      }
    }

    for (const job of sorted) {
      if (job.startMinutes < day.openingMinutes || endOf(job) > day.closingMinutes) {
        found.push({ ...base, kind: 'outsideTeamHours', key: `outsideTeamHours:${job.id}`, teamId, jobIds: [job.id] });
      }
      const { windowStartMinutes: from, windowEndMinutes: to } = job;
      if ((from !== null && job.startMinutes < from) || (to !== null && job.startMinutes > to)) {
        found.push({
          ...base,
          kind: 'beyondArrivalWindow',
          key: `beyondArrivalWindow:${job.id}`,
          teamId,
          jobIds: [job.id],
        });
      }
    }
  }
  const rank = (k: ScheduleConflictKind) => SCHEDULE_CONFLICT_KINDS.indexOf(k);
  return found.sort((a, b) => a.teamId - b.teamId || rank(a.kind) - rank(b.kind) || a.key.localeCompare(b.key));
}

/**
 * How far ahead a change of the standing teams is checked: it holds for every day without a stored
 * daily assignment, so the answer lists what it causes in the coming weeks.
 */
export const STANDING_TEAM_CONFLICT_DAYS = 92;

/** The conflicts of `after` that `before` did not have: what a write caused. */
export function conflictsCaused(before: readonly ScheduleConflict[], after: readonly ScheduleConflict[]) {
  const had = new Set(before.map((c) => `${c.date}|${c.key}`));
  return after.filter((c) => !had.has(`${c.date}|${c.key}`));
}
