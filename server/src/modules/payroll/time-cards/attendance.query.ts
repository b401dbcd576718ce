import {
  type AttendanceDay,
  type AttendanceQuery,
  type AttendanceResponse,
  addDays,
  addTimeCardTotals,
  formatTimeOfDay,
  type ListResponse,
  type Locale,
  payPeriodContaining,
  startOfDayIn,
  type TimeCardFlagRow,
  type TimeCardFlagsRequest,
  timeCardFlags,
  timeCardTotals,
  wallMinutesFrom,
} from '@tidyhouse/contract';
import { and, asc, eq, gte, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessTimeZone, businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { translate } from '../../../platform/messages';
import { sysUsers } from '../../employees/employees.tables';
import { fieldActions } from '../../field/field.tables';
import { officeDays } from '../../office/office-days.tables';
import { type DayTeams, teamMembersOn } from '../../service/assignments/day-teams';
import { jobs } from '../../service/jobs/jobs.tables';
import { laborTypes } from '../../system/settings.tables';
import { loadPayPeriodSettings } from '../payroll-settings';
import { punchTimes } from './punch-times';
import { payPeriodApprovals } from './time-cards.tables';
import { type CardDay, estimatedDrives, loadCardDays, WORK_DAY_BATCH } from './work-days';

/** Who approved a period, shown on its locked cards. */
const approver = alias(sysUsers, 'approver');

const COMPLETED = new Set(['completed', 'closed']);

/** Teams with a job (not cancelled) on each day of the range: who is expected on a card. */
async function teamDaysWithJobs(db: Db, from: string, to: string, completedOnly: boolean) {
  return db
    .selectDistinct({ teamId: sql<number>`${jobs.teamId}`, serviceDate: sql<string>`${jobs.serviceDate}` })
    .from(jobs)
    .where(
      and(
        gte(jobs.serviceDate, from),
        lte(jobs.serviceDate, to),
        completedOnly ? inArray(jobs.status, ['completed', 'closed']) : notInArray(jobs.status, ['unscheduled', 'cancelled']),
      ),
    );
}

/** (employee, day) of every member of a team that had jobs that day. */
function expectedDays(dayTeams: DayTeams, teamDays: { teamId: number; serviceDate: string }[]) {
  const days: { userId: number; workDate: string }[] = [];
  for (const { teamId, serviceDate } of teamDays) {
    for (const member of dayTeams.get(serviceDate)?.get(teamId) ?? [])
      days.push({ userId: member.userId, workDate: serviceDate });
  }
  return days;
}

/** Card days of the given employees and days, a batch of employees at a time (one query per table per batch). */
async function cardDaysOf(
  db: Db,
  range: { from: string; to: string },
  userIds: number[],
  dayTeams: DayTeams,
  ensure: { userId: number; workDate: string }[],
) {
  const cards: CardDay[] = [];
  for (let i = 0; i < userIds.length; i += WORK_DAY_BATCH) {
    cards.push(...(await loadCardDays(db, range, userIds.slice(i, i + WORK_DAY_BATCH), dayTeams, ensure)));
  }
  return cards;
}

async function usersWithCardsIn(db: Db, from: string, to: string): Promise<number[]> {
  const result = (await db.execute(sql`
    select user_id from time_punches where deleted_at is null and work_date between ${from} and ${to}
    union select user_id from time_card_days where work_date between ${from} and ${to}`)) as unknown as {
    rows: { user_id: number }[];
  };
  return result.rows.map((r) => Number(r.user_id));
}

function flagsOf(card: CardDay, today: string, timeZone: string) {
  return timeCardFlags({
    punches: card.punches.map((p) => {
      const times = punchTimes(p, timeZone);
      return { id: p.id, kind: p.kind, start: times.start, end: times.end, jobId: p.jobId };
    }),
    dayIsOver: card.workDate < today,
    mealWaivers: card.mealWaivers,
    completedTeamJobs: card.teamJobs
      .filter((j) => COMPLETED.has(j.status))
      .map((j) => ({ jobId: j.jobId, reference: j.reference })),
  });
}

/**
 * /jhSchedule/queryAttendance: the day view (every employee with a card that day or on a team with
 * jobs that day) or the week view (one employee, the 7 days of the workweek holding the date).
 */
export async function queryAttendance(db: Db, input: AttendanceQuery, locale: Locale = 'en'): Promise<AttendanceResponse> {
  const [timeZone, today, settings] = [await businessTimeZone(db), await businessToday(db), await loadPayPeriodSettings(db)];
  const week = payPeriodContaining(input.date, { kind: 'weekly', anchorDate: settings.anchorDate });
  const from = input.view === 'day' ? input.date : week.start;
  const to = input.view === 'day' ? input.date : week.end;
  const dayTeams = await teamMembersOn(db, from, to);
  let userIds: number[];
  let ensure: { userId: number; workDate: string }[];
  if (input.view === 'week') {
    userIds = [input.userId];
    ensure = Array.from({ length: 7 }, (_, i) => ({ userId: input.userId, workDate: addDays(from, i) }));
  } else {
    ensure = expectedDays(dayTeams, await teamDaysWithJobs(db, from, to, false));
    userIds = [...new Set([...(await usersWithCardsIn(db, from, to)), ...ensure.map((d) => d.userId)])];
  }
  const cards = await cardDaysOf(db, { from, to }, userIds, dayTeams, ensure);

  const punchJobIds = [...new Set(cards.flatMap((c) => c.punches.map((p) => p.jobId)).filter((id): id is number => id !== null))];
  const [users, types, approvals, closed, punchJobs] = [
    userIds.length
      ? await db
          .select({ id: sysUsers.id, name: sysUsers.name, employeeNo: sysUsers.employeeNo })
          .from(sysUsers)
          .where(inArray(sysUsers.id, userIds))
          .orderBy(asc(sysUsers.name), asc(sysUsers.id))
      : [],
    await db
      .select({ id: laborTypes.id, nameEn: laborTypes.nameEn, nameZh: laborTypes.nameZh })
      .from(laborTypes)
      .where(isNull(laborTypes.deletedAt))
      .orderBy(asc(laborTypes.sortOrder), asc(laborTypes.id)),
    userIds.length
      ? await db
          .select({
            userId: payPeriodApprovals.userId,
            status: payPeriodApprovals.status,
            periodStart: payPeriodApprovals.periodStart,
            periodEnd: payPeriodApprovals.periodEnd,
            approvedAt: payPeriodApprovals.approvedAt,
            approvedByName: approver.name,
          })
          .from(payPeriodApprovals)
          .leftJoin(approver, eq(approver.id, payPeriodApprovals.approvedBy))
          .where(
            and(
              inArray(payPeriodApprovals.userId, userIds),
              lte(payPeriodApprovals.periodStart, to),
              gte(payPeriodApprovals.periodEnd, from),
            ),
          )
      : [],
    await db
      .select({ date: officeDays.businessDate })
      .from(officeDays)
      .where(and(gte(officeDays.businessDate, from), lte(officeDays.businessDate, to), eq(officeDays.status, 'closed'))),
    punchJobIds.length
      ? await db.select({ id: jobs.id, reference: jobs.reference }).from(jobs).where(inArray(jobs.id, punchJobIds))
      : [],
  ];
  const references = new Map(punchJobs.map((j) => [j.id, j.reference]));
  const conflicts = await fieldConflictsOf(db, { from, to }, userIds, timeZone, locale);
  const closedDays = new Set(closed.map((d) => d.date));
  const approvedOn = (userId: number, date: string) =>
    approvals.some((a) => a.userId === userId && a.status === 'approved' && a.periodStart <= date && a.periodEnd >= date);

  const days: AttendanceDay[] = cards.map((card) => {
    const punches = card.punches.map((p) => ({
      id: p.id,
      version: p.version,
      kind: p.kind,
      ...punchTimes(p, timeZone),
      jobId: p.jobId,
      jobReference: p.jobId === null ? null : (references.get(p.jobId) ?? null),
      laborTypeId: p.laborTypeId,
      source: p.source,
      note: p.note,
      location: locationOf(p.startLat, p.startLng, p.startAccuracyM),
      endLocation: locationOf(p.endLat, p.endLng, p.endAccuracyM),
    }));
    const drives = estimatedDrives(card, timeZone);
    return {
      userId: card.userId,
      workDate: card.workDate,
      punches,
      estimatedDrives: drives.map((d) => ({
        start: d.start,
        end: d.end,
        // Estimates are shown as wall-clock times (from the moment they stand for).
        startTime: formatTimeOfDay(wallOf(card.workDate, d.start, timeZone)),
        endTime: formatTimeOfDay(wallOf(card.workDate, d.end, timeZone)),
      })),
      missedRestBreaks: card.missedRestBreaks,
      note: card.note,
      flags: flagsOf(card, today, timeZone),
      fieldConflicts: conflicts.filter((c) => c.userId === card.userId && c.workDate === card.workDate).map((c) => c.view),
      totals: timeCardTotals(punches, drives),
      teamJobs: card.teamJobs.map((j) => ({
        id: j.jobId,
        reference: j.reference,
        status: j.status,
        startTime: j.startMinutes === null ? null : formatTimeOfDay(j.startMinutes),
      })),
      periodApproved: approvedOn(card.userId, card.workDate),
      dayClosed: closedDays.has(card.workDate),
    };
  });

  const employees = users.map((u) => {
    const own = days.filter((d) => d.userId === u.id);
    return {
      userId: u.id,
      name: u.name,
      employeeNo: u.employeeNo ?? '',
      totals: addTimeCardTotals(own.map((d) => d.totals)),
      flagCount: own.reduce((n, d) => n + d.flags.length, 0),
    };
  });
  const order = new Map(employees.map((e, i) => [e.userId, i]));
  days.sort((a, b) => (order.get(a.userId) ?? 0) - (order.get(b.userId) ?? 0) || (a.workDate < b.workDate ? -1 : 1));
  return {
    from,
    to,
    today,
    period: payPeriodContaining(input.date, settings),
    employees,
    days,
    laborTypes: types,
    approvals: approvals.map((a) => ({ ...a, approvedAt: a.approvedAt?.toISOString() ?? null })),
  };
}

/** A punch end's location (field punches), or null when the phone gave none. */
const locationOf = (lat: number | null, lng: number | null, accuracyM: number | null) =>
  lat === null || lng === null ? null : { lat, lng, accuracyM: accuracyM ?? 0 };

/** Field app actions of the range not applied because the office changed the punch or job meanwhile (open ones). */
async function fieldConflictsOf(
  db: Db,
  range: { from: string; to: string },
  userIds: number[],
  timeZone: string,
  locale: Locale,
) {
  if (!userIds.length) return [];
  const rows = await db
    .select({
      userId: fieldActions.userId,
      workDate: fieldActions.workDate,
      kind: fieldActions.kind,
      recordedAt: fieldActions.recordedAt,
      jobReference: jobs.reference,
      messageKey: fieldActions.messageKey,
      messageParams: fieldActions.messageParams,
    })
    .from(fieldActions)
    .leftJoin(jobs, eq(jobs.id, fieldActions.jobId))
    .where(
      and(
        eq(fieldActions.status, 'conflict'),
        isNull(fieldActions.resolvedAt),
        gte(fieldActions.workDate, range.from),
        lte(fieldActions.workDate, range.to),
        inArray(fieldActions.userId, userIds),
      ),
    )
    .orderBy(asc(fieldActions.recordedAt));
  return rows.map((r) => ({
    userId: r.userId,
    workDate: r.workDate,
    view: {
      kind: r.kind,
      at: formatTimeOfDay(wallMinutesFrom(r.workDate!, r.recordedAt, timeZone)),
      jobReference: r.jobReference,
      message: r.messageKey ? translate(locale, r.messageKey, r.messageParams ?? {}) : '',
    },
  }));
}

/** Wall-clock minutes of a moment given as minutes since the work date's local midnight. */
const wallOf = (workDate: string, elapsed: number, timeZone: string) =>
  wallMinutesFrom(workDate, new Date(startOfDayIn(workDate, timeZone).getTime() + elapsed * 60_000), timeZone);

/** /timeCard/queryFlags: every open flag of a range (at most 93 days), oldest day first, paged. */
export async function queryFlags(db: Db, input: TimeCardFlagsRequest): Promise<ListResponse<TimeCardFlagRow>> {
  const [timeZone, today] = [await businessTimeZone(db), await businessToday(db)];
  const { from, to } = input;
  const dayTeams = await teamMembersOn(db, from, to);
  let ensure = expectedDays(dayTeams, await teamDaysWithJobs(db, from, to, true));
  let userIds = [...new Set([...(await usersWithCardsIn(db, from, to)), ...ensure.map((d) => d.userId)])];
  if (input.userId) {
    userIds = userIds.filter((id) => id === input.userId);
    ensure = ensure.filter((d) => d.userId === input.userId);
  }
  const cards = await cardDaysOf(
    db,
    { from, to },
    userIds.sort((a, b) => a - b),
    dayTeams,
    ensure,
  );
  const names = new Map(
    userIds.length
      ? (await db.select({ id: sysUsers.id, name: sysUsers.name }).from(sysUsers).where(inArray(sysUsers.id, userIds))).map(
          (u) => [u.id, u.name],
        )
      : [],
  );
  const rows: TimeCardFlagRow[] = cards.flatMap((card) =>
    flagsOf(card, today, timeZone).map((flag) => ({
      userId: card.userId,
      name: names.get(card.userId) ?? '',
      workDate: card.workDate,
      flag,
    })),
  );
  rows.sort((a, b) =>
    a.workDate < b.workDate ? -1 : a.workDate > b.workDate ? 1 : a.name.localeCompare(b.name) || a.userId - b.userId,
  );
  const start = (input.pageNum - 1) * input.pageSize;
  return { list: rows.slice(start, start + input.pageSize), total: rows.length };
}
