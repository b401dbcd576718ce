import {
  type BoardMoveResult,
  type BoardWarningKind,
  boardDuration,
  findConflicts,
  type Locale,
  type MoveJobRequest,
  minutesToTime,
  type ResizeJobRequest,
  type ScheduleConflictKind,
  timeToMinutes,
  type UnassignJobRequest,
} from '@tidyhouse/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit';
import { type Db, queryRows } from '../../../platform/database';
import { conflict, notFound, refused } from '../../../platform/errors';
import { translate } from '../../../platform/messages';
import { loadForUpdate } from '../../../platform/versioned';
import { teams } from '../../employees/employees.tables';
import { queueJobConfirmation } from '../../messaging/events';
import { assertDaysOpen } from '../../office/day-lock';
import { zones } from '../../system/settings.tables';
import { teamMembersOn } from '../assignments/day-teams';
import { rangeOf, withConflicts } from '../conflicts/conflicts.query';
import { recomputeCosting } from '../jobs/job-costing';
import { invalid } from '../jobs/job-lines';
import { jobs } from '../jobs/jobs.tables';
import { businessHours, leaveMinutesOn, leavesOnDay, plannedOf } from './board.query';
import { ON_ROUTE_SQL, recomputeDrives, type TeamDay } from './drive';

type JobRow = typeof jobs.$inferSelect;
type Warning = BoardMoveResult['warnings'][number];

const MOVABLE = ['unscheduled', 'scheduled'];

/**
 * Serializes board changes of one team-day (two schedulers dropping into the same slot: one wins).
 * A transaction-scoped advisory lock per (date, team) exists even when the team has no job that day,
 * which a row lock on its jobs would not; keys are taken in order so two moves cannot deadlock.
 */
export async function lockTeamDays(tx: Db, days: readonly (TeamDay | null)[]): Promise<TeamDay[]> {
  const unique = new Map<string, TeamDay>();
  for (const d of days) if (d) unique.set(`${d.date}|${d.teamId}`, d);
  const sorted = [...unique.values()].sort((a, b) => a.date.localeCompare(b.date) || a.teamId - b.teamId);
  for (const d of sorted) {
    await tx.execute(sql`select pg_advisory_xact_lock((${d.date}::date - date '2000-01-01')::int, ${d.teamId}::int)`);
  }
  return sorted;
}

const teamDayOf = (job: { teamId: number | null; serviceDate: string | null; status: string }): TeamDay | null =>
  job.teamId !== null && job.serviceDate !== null && job.status !== 'unscheduled'
    ? { teamId: job.teamId, date: job.serviceDate }
    : null;

/** Reads the job's current team-day, locks it and the target, then the job row with the version check. */
async function lockedJob(tx: Db, target: { id: number; version: number }, to: TeamDay | null): Promise<JobRow> {
  const [peek] = await tx
    .select({ teamId: jobs.teamId, serviceDate: jobs.serviceDate, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, target.id));
  if (!peek) throw notFound('jobs.job');
  await lockTeamDays(tx, [teamDayOf(peek), to]);
  const job = await loadForUpdate(tx, jobs, target.id, 'jobs.job');
  if (job.version !== target.version) throw conflict();
  // Neither the day the job leaves nor the day it lands on may be closed.
  await assertDaysOpen(tx, [job.serviceDate, to?.date]);
  if (!MOVABLE.includes(job.status)) throw refused('board.notMovable', { status: `jobs.status.${job.status}` });
  return job;
}

async function liveTeam(tx: Db, teamId: number) {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name, defaultZoneId: teams.defaultZoneId, zoneName: zones.name })
    .from(teams)
    .leftJoin(zones, eq(zones.id, teams.defaultZoneId))
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt), eq(teams.active, true)));
  if (!team) throw invalid('teamId', 'jobs.teamUnknown', { id: teamId });
  return team;
}

interface Placement {
  job: JobRow;
  team: Awaited<ReturnType<typeof liveTeam>>;
  date: string;
  start: number;
  /** Person-minutes to divide by the crew; null keeps `fixedDuration`. */
  planned: number | null;
  fixedDuration: number;
}

/**
 * The refusal rules of a placement (docs/business-rules.md "Schedule board"): outage, business hours,
 * a member on leave during the job, an overlap with another job of the team. The decision is the one
 * conflict check's (contract findConflicts) on the team's day with the job at its new place; the
 * board answers each kind with its own message. Returns the duration.
 */
async function checkPlacement(tx: Db, p: Placement): Promise<{ duration: number; members: number }> {
  const [outage] = await queryRows<{ reason: string }>(
    tx,
    sql`select reason from team_outages where team_id = ${p.team.id} and start_date <= ${p.date} and end_date >= ${p.date} limit 1`,
  );
  const crew = (await teamMembersOn(tx, p.date, p.date)).get(p.date)?.get(p.team.id) ?? [];
  const duration = boardDuration(p.planned, crew.length, p.fixedDuration);
  const end = p.start + duration;
  const hours = await businessHours(tx);
  const leaves = await leavesOnDay(tx, p.date, p.team.id);
  const others = await queryRows<{
    id: number;
    reference: string;
    startMinutes: number;
    plannedMinutes: number | null;
    quotedMinutes: number;
    durationMinutes: number;
  }>(
    tx,
    sql`select id, reference, start_minutes as "startMinutes", planned_minutes as "plannedMinutes",
               quoted_minutes as "quotedMinutes", duration_minutes as "durationMinutes"
        from jobs where team_id = ${p.team.id} and service_date = ${p.date} and status in (${ON_ROUTE_SQL})
          and id <> ${p.job.id} and start_minutes is not null
        order by start_minutes`,
  );
  const wall = (o: (typeof others)[number]) => boardDuration(plannedOf(o), crew.length, o.durationMinutes);
  const found = findConflicts({
    date: p.date,
    openingMinutes: hours.openingMinutes,
    closingMinutes: hours.closingMinutes,
    teams: [{ id: p.team.id, members: crew.length, out: outage !== undefined }],
    leaves: leaves.map((l) => {
      const span = leaveMinutesOn(l, p.date);
      return { teamId: p.team.id, userId: l.userId, fromMinutes: span.from, toMinutes: span.to };
    }),
    jobs: [
      {
        id: p.job.id,
        teamId: p.team.id,
        startMinutes: p.start,
        wallMinutes: duration,
        windowStartMinutes: null,
        windowEndMinutes: null,
      },
      ...others.map((o) => ({
        id: o.id,
        teamId: p.team.id,
        startMinutes: o.startMinutes,
        wallMinutes: wall(o),
        windowStartMinutes: null,
        windowEndMinutes: null,
      })),
    ],
  }).filter((c) => c.jobIds.includes(p.job.id));
  const first = (kind: ScheduleConflictKind) => found.find((c) => c.kind === kind);

  // A team without members is allowed (a warning); only an outage refuses.
  if (outage) throw refused('board.teamOut', { team: p.team.name, date: p.date, reason: outage.reason });
  if (first('outsideTeamHours')) {
    throw refused('board.outsideHours', {
      from: minutesToTime(p.start),
      to: minutesToTime(Math.min(end, 1440)),
      opening: minutesToTime(hours.openingMinutes),
      closing: minutesToTime(hours.closingMinutes),
    });
  }
  const onLeave = first('memberOnLeave');
  if (onLeave) {
    // The leave entry behind it (a person may have two that day): the one meeting the job.
    const meets = (l: (typeof leaves)[number]) => {
      const span = leaveMinutesOn(l, p.date);
      return span.from < end && p.start < span.to;
    };
    const leave = leaves.find((l) => l.userId === onLeave.userId && meets(l))!;
    const span = leaveMinutesOn(leave, p.date);
    throw refused('board.memberOnLeave', {
      name: leave.name,
      team: p.team.name,
      date: p.date,
      leave: leave.allDay ? 'board.allDay' : `${minutesToTime(span.from)}–${minutesToTime(span.to)}`,
    });
  }
  const overlap = first('jobOverlap');
  if (overlap) {
    const other = others.find((o) => overlap.jobIds.includes(o.id))!;
    throw refused('board.overlap', {
      team: p.team.name,
      reference: other.reference,
      from: minutesToTime(other.startMinutes),
      to: minutesToTime(other.startMinutes + wall(other)),
      date: p.date,
    });
  }
  return { duration, members: crew.length };
}

/** What is allowed but worth a look, in the caller's language. */
async function warningsOf(tx: Db, locale: Locale, p: Placement, members: number): Promise<Warning[]> {
  const warnings: Warning[] = [];
  const add = (kind: BoardWarningKind, key: Parameters<typeof translate>[1], params: Record<string, string | number>) =>
    warnings.push({ kind, message: translate(locale, key, params) });
  const { windowStartMinutes: from, windowEndMinutes: to } = p.job;
  if ((from !== null && p.start < from) || (to !== null && p.start > to)) {
    add('window', 'board.warnWindow', {
      start: minutesToTime(p.start),
      from: from === null ? '' : minutesToTime(from),
      to: to === null ? '' : minutesToTime(to),
    });
  }
  if (p.job.zoneId !== null && p.team.defaultZoneId !== null && p.job.zoneId !== p.team.defaultZoneId) {
    const [zone] = await tx.select({ name: zones.name }).from(zones).where(eq(zones.id, p.job.zoneId));
    add('zone', 'board.warnZone', { zone: zone?.name ?? '', teamZone: p.team.zoneName ?? '' });
  }
  if (members === 0) add('noMembers', 'board.warnNoMembers', { team: p.team.name, date: p.date });
  // The drive into this job was just recomputed: compare it with the gap after the previous job.
  const [gap] = await queryRows<{ gap: number | null; drive: number | null }>(
    tx,
    sql`select j.drive_minutes as drive,
               j.start_minutes - (select p.start_minutes + p.duration_minutes from jobs p
                 where p.team_id = j.team_id and p.service_date = j.service_date and p.status in (${ON_ROUTE_SQL})
                   and (p.start_minutes, p.id) < (j.start_minutes, j.id)
                 order by p.start_minutes desc, p.id desc limit 1) as gap
        from jobs j where j.id = ${p.job.id}`,
  );
  if (gap && gap.gap !== null && gap.drive !== null && gap.gap < gap.drive) {
    add('drive', 'board.warnDrive', { gap: gap.gap, drive: gap.drive });
  }
  return warnings;
}

const resultOf = (job: JobRow, warnings: Warning[]): Omit<BoardMoveResult, 'conflicts'> => ({
  id: job.id,
  version: job.version,
  status: job.status,
  teamId: job.teamId,
  serviceDate: job.serviceDate,
  startMinutes: job.startMinutes,
  durationMinutes: job.durationMinutes,
  warnings,
});

async function saveBoardChange(
  tx: Db,
  request: FastifyRequest,
  before: JobRow,
  values: Partial<typeof jobs.$inferInsert>,
  touched: readonly (TeamDay | null)[],
): Promise<JobRow> {
  const [after] = await tx
    .update(jobs)
    .set({
      ...values,
      ...(values.status && values.status !== before.status ? { statusChangedAt: new Date() } : {}),
      ...(before.planId !== null && ('teamId' in values || 'serviceDate' in values || 'startMinutes' in values)
        ? { movedByHand: true }
        : {}),
      version: before.version + 1,
      updatedAt: new Date(),
      updatedBy: request.session!.userId,
    })
    .where(eq(jobs.id, before.id))
    .returning();
  await recomputeCosting(tx, before.id, after!.serviceDate ?? before.serviceDate ?? after!.createdAt.toISOString().slice(0, 10));
  await recomputeDrives(
    tx,
    touched.filter((d): d is TeamDay => d !== null),
  );
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ['status', 'teamId', 'serviceDate', 'startMinutes', 'durationMinutes'] as const) {
    if (before[field] !== after![field]) changes[field] = { from: before[field], to: after![field] };
  }
  const toTray = after!.status === 'unscheduled';
  const [team] = toTray ? [] : await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, after!.teamId!));
  const where = toTray
    ? 'back to the unassigned tray'
    : `to ${team?.name} on ${after!.serviceDate} at ${minutesToTime(after!.startMinutes!)} for ${after!.durationMinutes} min`;
  await audit(tx, request, {
    module: 'service',
    action: 'modify',
    recordType: 'job',
    recordId: before.id,
    summary: `Schedule board: moved job ${before.reference} ${where}`,
    details: toTray
      ? { key: 'board.unassignJob', params: { reference: before.reference } }
      : {
          key: 'board.moveJob',
          params: {
            reference: before.reference,
            team: team?.name ?? null,
            date: after!.serviceDate,
            time: minutesToTime(after!.startMinutes!),
            minutes: after!.durationMinutes,
          },
        },
    changes,
  });
  const [fresh] = await tx.select().from(jobs).where(eq(jobs.id, before.id));
  return fresh!;
}

/** `/jhSchedule/moveJob`: a job from the tray or the board onto a team, date and start time. */
export async function moveJob(tx: Db, request: FastifyRequest, body: MoveJobRequest): Promise<BoardMoveResult> {
  const to: TeamDay = { teamId: body.teamId, date: body.date };
  const job = await lockedJob(tx, body, to);
  const team = await liveTeam(tx, body.teamId);
  const placement: Placement = {
    job,
    team,
    date: body.date,
    start: timeToMinutes(body.startTime),
    planned: plannedOf(job),
    fixedDuration: job.durationMinutes,
  };
  const { duration, members } = await checkPlacement(tx, placement);
  return withConflicts(tx, request.locale, rangeOf(job.serviceDate, body.date), async () => {
    const after = await saveBoardChange(
      tx,
      request,
      job,
      { status: 'scheduled', teamId: team.id, serviceDate: body.date, startMinutes: placement.start, durationMinutes: duration },
      [teamDayOf(job), to],
    );
    // Scheduled from the tray or moved to another day or time: the customer is told (messaging/events).
    if (job.status !== 'scheduled' || job.serviceDate !== after.serviceDate || job.startMinutes !== after.startMinutes) {
      await queueJobConfirmation(tx, after);
    }
    return resultOf(after, await warningsOf(tx, request.locale, placement, members));
  });
}

/** `/jhSchedule/unassignJob`: a scheduled job back to the tray (its date kept; team and time cleared). */
export async function unassignJob(tx: Db, request: FastifyRequest, body: UnassignJobRequest): Promise<BoardMoveResult> {
  const job = await lockedJob(tx, body, null);
  if (job.status === 'unscheduled') return { ...resultOf(job, []), conflicts: [] };
  return withConflicts(tx, request.locale, rangeOf(job.serviceDate), async () => {
    const after = await saveBoardChange(tx, request, job, { status: 'unscheduled', teamId: null, startMinutes: null }, [
      teamDayOf(job),
    ]);
    return resultOf(after, []);
  });
}

/**
 * `/jhSchedule/resizeJob`: a new length for the team of the day. Stored as planned person-minutes
 * (length × members of the day), so the block follows a change of the day's crew.
 */
export async function resizeJob(tx: Db, request: FastifyRequest, body: ResizeJobRequest): Promise<BoardMoveResult> {
  const [peek] = await tx
    .select({ teamId: jobs.teamId, serviceDate: jobs.serviceDate, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, body.id));
  const day = peek ? teamDayOf(peek) : null;
  const job = await lockedJob(tx, body, day);
  if (job.status !== 'scheduled' || !day) throw refused('board.notMovable', { status: `jobs.status.${job.status}` });
  const team = await liveTeam(tx, day.teamId);
  const crew = (await teamMembersOn(tx, day.date, day.date)).get(day.date)?.get(team.id) ?? [];
  const planned = body.durationMinutes * Math.max(1, crew.length);
  const placement: Placement = {
    job,
    team,
    date: day.date,
    start: job.startMinutes!,
    planned,
    fixedDuration: body.durationMinutes,
  };
  const { duration, members } = await checkPlacement(tx, placement);
  return withConflicts(tx, request.locale, rangeOf(day.date), async () => {
    const after = await saveBoardChange(tx, request, job, { plannedMinutes: planned, durationMinutes: duration }, [day]);
    return resultOf(after, await warningsOf(tx, request.locale, placement, members));
  });
}
