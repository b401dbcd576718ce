import {
  elapsedMinutesFrom,
  type MealWaiverMeal,
  type MealWaiversInForce,
  mealWaiversOn,
  momentAtWallClock,
  NO_MEAL_WAIVERS,
  type TimePunchKind,
  type WorkDay,
  type WorkSegment,
} from '@tidyhouse/contract';
import { and, asc, gt, gte, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { businessTimeZone } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { type DayTeams, inSequence, teamMembersOn } from '../../service/assignments/day-teams';
import { jobs } from '../../service/jobs/jobs.tables';
import { mealWaivers, timeCardDays, timePunches } from './time-cards.tables';

/** Employees loaded per batch: each batch costs one query per table, whatever the range. */
export const WORK_DAY_BATCH = 200;

export interface WorkDayRange {
  from: string;
  to: string;
  /** Only these employees (default: everyone with a punch or a time-card day in the range). */
  userIds?: readonly number[];
}

export type PunchRow = Awaited<ReturnType<typeof punchQuery>>[number];

/** A job of the employee's team on the day (the board's order and drive estimate). */
export interface TeamJob {
  jobId: number;
  reference: string;
  status: string;
  serviceDate: string;
  teamId: number;
  startMinutes: number | null;
  driveMinutes: number | null;
}

/** Everything a time card shows for one employee and day. */
export interface CardDay {
  userId: number;
  workDate: string;
  punches: PunchRow[];
  missedRestBreaks: number;
  note: string;
  /** The employee's team that day (daily assignments or the standing team), null when none. */
  teamId: number | null;
  /** That team's jobs of the day, in the board's order (start time). */
  teamJobs: TeamJob[];
  /** The employee's meal waivers in force that day. */
  mealWaivers: MealWaiversInForce;
}

const punchQuery = (db: Db, from: string, to: string, userIds: readonly number[]) =>
  db
    .select({
      id: timePunches.id,
      version: timePunches.version,
      userId: timePunches.userId,
      workDate: timePunches.workDate,
      kind: timePunches.kind,
      startsAt: timePunches.startsAt,
      endsAt: timePunches.endsAt,
      jobId: timePunches.jobId,
      laborTypeId: timePunches.laborTypeId,
      source: timePunches.source,
      note: timePunches.note,
      startLat: timePunches.startLat,
      startLng: timePunches.startLng,
      startAccuracyM: timePunches.startAccuracyM,
      endLat: timePunches.endLat,
      endLng: timePunches.endLng,
      endAccuracyM: timePunches.endAccuracyM,
    })
    .from(timePunches)
    .where(
      and(
        isNull(timePunches.deletedAt),
        gte(timePunches.workDate, from),
        lte(timePunches.workDate, to),
        inArray(timePunches.userId, [...userIds]),
      ),
    )
    .orderBy(asc(timePunches.userId), asc(timePunches.workDate), asc(timePunches.startsAt), asc(timePunches.id));

/** Who has a punch or a time-card day in the range (one query). */
async function usersWithCards(db: Db, from: string, to: string): Promise<number[]> {
  const rows = (await db.execute(sql`
    select user_id from time_punches where deleted_at is null and work_date between ${from} and ${to}
    union
    select user_id from time_card_days where work_date between ${from} and ${to}
    order by 1`)) as unknown as { rows: { user_id: number }[] };
  return rows.rows.map((r) => Number(r.user_id));
}

/** The team of each employee per day, from the day's teams. */
export function teamOfUser(dayTeams: DayTeams, day: string, userId: number): number | null {
  for (const [teamId, members] of dayTeams.get(day) ?? []) if (members.some((m) => m.userId === userId)) return teamId;
  return null;
}

/**
 * The time-card days of a batch of employees in [from, to]: one query for punches, one for time-card
 * days and one for their teams' jobs; `dayTeams` covers the range (loaded once by the caller).
 * A day is listed when it has a punch or a time-card day row.
 */
export async function loadCardDays(
  db: Db,
  range: { from: string; to: string },
  userIds: readonly number[],
  dayTeams: DayTeams,
  /** Days to list even without a punch (a screen's empty days, a team job nobody punched). */
  ensure: readonly { userId: number; workDate: string }[] = [],
): Promise<CardDay[]> {
  if (!userIds.length) return [];
  const { from, to } = range;
  const [punches, days, waivers] = await inSequence([
    punchQuery(db, from, to, userIds),
    db
      .select({
        userId: timeCardDays.userId,
        workDate: timeCardDays.workDate,
        missedRestBreaks: timeCardDays.missedRestBreaks,
        note: timeCardDays.note,
      })
      .from(timeCardDays)
      .where(and(gte(timeCardDays.workDate, from), lte(timeCardDays.workDate, to), inArray(timeCardDays.userId, [...userIds]))),
    db
      .select({
        userId: mealWaivers.userId,
        meal: sql<MealWaiverMeal>`${mealWaivers.meal}`,
        signedOn: mealWaivers.signedOn,
        revokedOn: mealWaivers.revokedOn,
      })
      .from(mealWaivers)
      .where(
        and(
          inArray(mealWaivers.userId, [...userIds]),
          lte(mealWaivers.signedOn, to),
          or(isNull(mealWaivers.revokedOn), gt(mealWaivers.revokedOn, from)),
        ),
      ),
  ]);
  const waiversByUser = new Map<number, typeof waivers>();
  for (const w of waivers) waiversByUser.set(w.userId, [...(waiversByUser.get(w.userId) ?? []), w]);
  const waiversOf = (userId: number, workDate: string) => {
    const own = waiversByUser.get(userId);
    return own ? mealWaiversOn(own, workDate) : NO_MEAL_WAIVERS;
  };

  const cards = new Map<string, CardDay>();
  const cardOf = (userId: number, workDate: string) => {
    const key = `${userId}|${workDate}`;
    let card = cards.get(key);
    if (!card) {
      const teamId = teamOfUser(dayTeams, workDate, userId);
      card = {
        userId,
        workDate,
        punches: [],
        missedRestBreaks: 0,
        note: '',
        teamId,
        teamJobs: [],
        mealWaivers: waiversOf(userId, workDate),
      };
      cards.set(key, card);
    }
    return card;
  };
  const batch = new Set(userIds);
  for (const day of ensure) if (batch.has(day.userId)) cardOf(day.userId, day.workDate);
  for (const punch of punches) cardOf(punch.userId, punch.workDate).punches.push(punch);
  for (const day of days)
    Object.assign(cardOf(day.userId, day.workDate), { missedRestBreaks: day.missedRestBreaks, note: day.note });

  const teamIds = [...new Set([...cards.values()].map((c) => c.teamId).filter((id): id is number => id !== null))];
  if (teamIds.length) {
    const teamJobs = await db
      .select({
        jobId: jobs.id,
        reference: jobs.reference,
        status: jobs.status,
        serviceDate: sql<string>`${jobs.serviceDate}`,
        teamId: sql<number>`${jobs.teamId}`,
        startMinutes: jobs.startMinutes,
        driveMinutes: jobs.driveMinutes,
      })
      .from(jobs)
      .where(
        and(
          gte(jobs.serviceDate, from),
          lte(jobs.serviceDate, to),
          inArray(jobs.teamId, teamIds),
          notInArray(jobs.status, ['unscheduled', 'cancelled']),
        ),
      )
      .orderBy(asc(jobs.serviceDate), asc(jobs.startMinutes), asc(jobs.id));
    const byTeamDay = new Map<string, TeamJob[]>();
    for (const job of teamJobs) {
      const key = `${job.teamId}|${job.serviceDate}`;
      byTeamDay.set(key, [...(byTeamDay.get(key) ?? []), job]);
    }
    for (const card of cards.values()) {
      if (card.teamId !== null) card.teamJobs = byTeamDay.get(`${card.teamId}|${card.workDate}`) ?? [];
    }
  }
  return [...cards.values()].sort(
    (a, b) => a.userId - b.userId || (a.workDate < b.workDate ? -1 : a.workDate > b.workDate ? 1 : 0),
  );
}

/** Minutes since the work date's local midnight of a punch moment. */
const minutesOf = (card: { workDate: string }, at: Date, timeZone: string) => elapsedMinutesFrom(card.workDate, at, timeZone);

/**
 * The board's drive estimates for a day without a drive punch: each job after the team's first of the
 * day brings its `drive_minutes` (drive from the previous stop), ending when the employee checked in
 * there (the job punch), or at the job's planned start. Never the commute to the first job.
 */
export function estimatedDrives(card: CardDay, timeZone: string): WorkSegment[] {
  if (card.punches.some((p) => p.kind === 'drive')) return [];
  if (!card.punches.length) return [];
  const drives: WorkSegment[] = [];
  card.teamJobs.forEach((job, index) => {
    if (index === 0 || !job.driveMinutes || job.driveMinutes <= 0) return;
    const checkIn = card.punches.find((p) => p.kind === 'job' && p.jobId === job.jobId);
    const end = checkIn
      ? minutesOf(card, checkIn.startsAt, timeZone)
      : job.startMinutes === null
        ? null
        : minutesOf(card, momentAtWallClock(card.workDate, job.startMinutes, timeZone), timeZone);
    if (end === null) return;
    drives.push({ kind: 'drive', start: end - job.driveMinutes, end, estimated: true });
  });
  return drives;
}

/** The wage computation's view of a card day: closed punches as minutes, plus drive estimates. */
export function toWorkDay(card: CardDay, timeZone: string): WorkDay {
  const closed = card.punches.filter((p): p is PunchRow & { endsAt: Date } => p.endsAt !== null);
  const shifts = closed.filter((p) => p.kind === 'shift');
  const segments: WorkSegment[] = closed
    .filter((p) => p.kind !== 'shift')
    .map((p) => {
      const segment: WorkSegment = {
        kind: p.kind as Exclude<TimePunchKind, 'shift'>,
        start: minutesOf(card, p.startsAt, timeZone),
        end: minutesOf(card, p.endsAt, timeZone),
      };
      if (p.jobId !== null) segment.jobId = p.jobId;
      if (p.laborTypeId !== null) segment.laborTypeId = p.laborTypeId;
      return segment;
    });
  segments.push(...estimatedDrives(card, timeZone));
  segments.sort((a, b) => a.start - b.start || a.end - b.end);
  const shiftBreaks: { start: number; end: number }[] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const s of shifts
    .map((p) => ({ start: minutesOf(card, p.startsAt, timeZone), end: minutesOf(card, p.endsAt, timeZone) }))
    .sort((a, b) => a.start - b.start)) {
    if (reach !== Number.NEGATIVE_INFINITY && s.start > reach) shiftBreaks.push({ start: reach, end: s.start });
    reach = Math.max(reach, s.end);
  }
  return {
    userId: card.userId,
    workDate: card.workDate,
    shift: shifts.length
      ? {
          start: Math.min(...shifts.map((s) => minutesOf(card, s.startsAt, timeZone))),
          end: Math.max(...shifts.map((s) => minutesOf(card, s.endsAt, timeZone))),
        }
      : null,
    ...(shiftBreaks.length ? { shiftBreaks } : {}),
    segments,
    missedRestBreaks: card.missedRestBreaks,
    mealWaivers: card.mealWaivers,
  };
}

/** Card days of a range, a batch of employees at a time (the range's teams are loaded once). */
export async function* cardDayBatches(db: Db, range: WorkDayRange, batchSize = WORK_DAY_BATCH): AsyncGenerator<CardDay[]> {
  const userIds = range.userIds
    ? [...new Set(range.userIds)].sort((a, b) => a - b)
    : await usersWithCards(db, range.from, range.to);
  if (!userIds.length) return;
  const dayTeams = await teamMembersOn(db, range.from, range.to);
  for (let i = 0; i < userIds.length; i += batchSize) {
    yield await loadCardDays(db, range, userIds.slice(i, i + batchSize), dayTeams);
  }
}

/** Work days of a range, a batch of employees at a time (for ranges too large to hold at once). */
export async function* workDayBatches(db: Db, range: WorkDayRange, batchSize = WORK_DAY_BATCH): AsyncGenerator<WorkDay[]> {
  const timeZone = await businessTimeZone(db);
  for await (const cards of cardDayBatches(db, range, batchSize)) yield cards.map((card) => toWorkDay(card, timeZone));
}

/**
 * The work days of one batch of employees, the range's teams and the time zone already loaded by the
 * caller (the wages load them once per period, not once per batch): four queries, whatever the days.
 */
export async function workDaysOfBatch(
  db: Db,
  range: { from: string; to: string },
  userIds: readonly number[],
  shared: { dayTeams: DayTeams; timeZone: string },
): Promise<WorkDay[]> {
  const cards = await loadCardDays(db, range, userIds, shared.dayTeams);
  return cards.map((card) => toWorkDay(card, shared.timeZone));
}

/**
 * The work days of [from, to] (sorted by employee, then date) as the wage computation reads them:
 * punches (not removed) and time-card days, with the board's drive estimates where the day has no
 * drive punch (docs/business-rules.md "Time cards").
 */
export async function loadWorkDays(db: Db, range: WorkDayRange): Promise<WorkDay[]> {
  const days: WorkDay[] = [];
  for await (const batch of workDayBatches(db, range)) days.push(...batch);
  return days;
}
