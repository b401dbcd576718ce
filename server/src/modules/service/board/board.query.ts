import {
  addDays,
  BOARD_CLOSING_MINUTES,
  BOARD_OPENING_MINUTES,
  BOARD_SLOT_MINUTES,
  type BoardDay,
  type BoardJob,
  type BoardStamp,
  type BoardTeam,
  type BoardWeek,
  type BoardWeekCell,
  boardDuration,
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  type JobStatus,
  jobLengthOf,
  type Locale,
  TRAY_UNDATED_MAX,
  timeToMinutes,
  todayIn,
  WEEK_CELL_BLOCKS_MAX,
  weekStartOf,
} from '@tidyhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { fieldViewOfDay, NOT_IN_FIELD, withClockedIn, withFieldViews } from '../../field/live';
import { crewStampParts, stampOf } from '../assignments/day-stamp';
import { teamMembersOn } from '../assignments/day-teams';
import { conflictsBetween, describeConflict } from '../conflicts/conflicts.query';
import { taskOccurrences } from '../tasks/tasks.query';
import { ON_ROUTE_SQL, routeDrives } from './drive';

interface Settings {
  timeZone: string;
  officeZip: string;
  dailyCleanMinutesGoal: number;
  dailyRevenueGoalCents: number;
  /** Business hours (business profile), minutes from midnight. */
  openingMinutes: number;
  closingMinutes: number;
}

export async function boardSettings(db: Db): Promise<Settings & { today: string }> {
  const [row] = await queryRows<Settings>(
    db,
    sql`select bp.time_zone as "timeZone", bp.zip as "officeZip", qp.daily_clean_minutes_goal as "dailyCleanMinutesGoal",
               qp.daily_revenue_goal_cents as "dailyRevenueGoalCents",
               bp.opening_minutes as "openingMinutes", bp.closing_minutes as "closingMinutes"
        from business_profile bp left join quote_parameters qp on qp.id = 1 where bp.id = 1`,
  );
  const timeZone = row && isValidTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE;
  return {
    timeZone,
    officeZip: row?.officeZip ?? '',
    dailyCleanMinutesGoal: Number(row?.dailyCleanMinutesGoal ?? 0),
    dailyRevenueGoalCents: Number(row?.dailyRevenueGoalCents ?? 0),
    openingMinutes: Number(row?.openingMinutes ?? BOARD_OPENING_MINUTES),
    closingMinutes: Number(row?.closingMinutes ?? BOARD_CLOSING_MINUTES),
    today: todayIn(timeZone),
  };
}

/** Business hours (business profile): where a job placed on the board must start and end. */
export async function businessHours(db: Db): Promise<{ openingMinutes: number; closingMinutes: number }> {
  const [row] = await queryRows<{ openingMinutes: number; closingMinutes: number }>(
    db,
    sql`select opening_minutes as "openingMinutes", closing_minutes as "closingMinutes" from business_profile where id = 1`,
  );
  return {
    openingMinutes: Number(row?.openingMinutes ?? BOARD_OPENING_MINUTES),
    closingMinutes: Number(row?.closingMinutes ?? BOARD_CLOSING_MINUTES),
  };
}

/** Planned in-home person-minutes: set by a board resize, else the pricing lines' minutes. */
export const plannedOf = (j: { plannedMinutes: number | null; quotedMinutes: number }) =>
  j.plannedMinutes ?? (j.quotedMinutes > 0 ? j.quotedMinutes : null);

interface JobRow {
  id: number;
  version: number;
  reference: string;
  status: JobStatus;
  teamId: number | null;
  serviceDate: string | null;
  startMinutes: number | null;
  durationMinutes: number;
  plannedMinutes: number | null;
  quotedMinutes: number;
  customerId: number;
  customerName: string;
  city: string;
  zip: string;
  zoneId: number | null;
  zoneName: string | null;
  zoneColor: string | null;
  customerAtHome: boolean;
  keyNeeded: boolean;
  reclean: boolean;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
  preferredTeamId: number | null;
  revenueCents: number;
  driveTenthMiles: number | null;
  driveMinutes: number | null;
}

function jobRows(db: Db, where: SQL, tail: SQL = sql``): Promise<JobRow[]> {
  return queryRows<JobRow>(
    db,
    sql`select j.id, j.version, j.reference, j.status, j.team_id as "teamId", j.service_date::text as "serviceDate",
               j.start_minutes as "startMinutes", j.duration_minutes as "durationMinutes",
               j.planned_minutes as "plannedMinutes", j.quoted_minutes as "quotedMinutes",
               j.customer_id as "customerId", c.name as "customerName", l.city, l.zip,
               z.id as "zoneId", z.name as "zoneName", z.color as "zoneColor",
               j.customer_at_home as "customerAtHome",
               coalesce(l.key_location in ('office_safe', 'with_team'), false) as "keyNeeded",
               j.reclean_of_job_id is not null as "reclean",
               j.window_start_minutes as "windowStartMinutes", j.window_end_minutes as "windowEndMinutes",
               j.preferred_team_id as "preferredTeamId", j.revenue_cents as "revenueCents",
               j.driving_distance_tenth_miles as "driveTenthMiles", j.drive_minutes as "driveMinutes"
        from jobs j
        join customers c on c.id = j.customer_id
        join customer_locations l on l.id = j.location_id
        left join zones z on z.id = j.zone_id
        where ${where} ${tail}`,
  );
}

function toBoardJob(row: JobRow, members: number, driveShort = false): BoardJob {
  const { plannedMinutes, quotedMinutes, zoneId, zoneName, zoneColor, ...rest } = row;
  const length = jobLengthOf(row, members);
  return {
    ...rest,
    revenueCents: Number(row.revenueCents),
    durationMinutes: length.wallMinutes,
    length,
    zone: zoneId === null ? null : { id: zoneId, name: zoneName ?? '', color: zoneColor ?? '' },
    driveShort,
    ...NOT_IN_FIELD,
  };
}

export interface LeaveOfTeamDay {
  teamId: number;
  userId: number;
  name: string;
  allDay: boolean;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}

/**
 * Leave on `date` of the people who work in the teams that day: the stored daily assignment when the
 * day has one, else the standing members (who are then missing from the day's crew).
 */
export function leavesOnDay(db: Db, date: string, teamId?: number): Promise<LeaveOfTeamDay[]> {
  const teamFilter = (column: SQL) => (teamId === undefined ? sql`true` : sql`${column} = ${teamId}`);
  return queryRows<LeaveOfTeamDay>(
    db,
    sql`with crew as (
          select da.team_id, da.user_id from day_assignments da
          where da.service_date = ${date} and ${teamFilter(sql`da.team_id`)}
          union all
          select tm.team_id, tm.user_id from team_members tm
          where ${teamFilter(sql`tm.team_id`)}
            and not exists (select 1 from assignment_days ad where ad.service_date = ${date})
        )
        select crew.team_id as "teamId", u.id as "userId", u.name, l.all_day as "allDay",
               l.start_date::text as "startDate", l.end_date::text as "endDate",
               l.start_time as "startTime", l.end_time as "endTime"
        from crew join employee_leaves l on l.user_id = crew.user_id
        join sys_users u on u.id = crew.user_id
        where l.deleted_at is null and l.start_date <= ${date} and l.end_date >= ${date}
        order by crew.team_id, u.name`,
  );
}

/** The part of `date` a leave covers, in minutes [from, to). */
export function leaveMinutesOn(leave: LeaveOfTeamDay, date: string): { from: number; to: number } {
  if (leave.allDay) return { from: 0, to: 1440 };
  const from = leave.startDate === date && leave.startTime ? timeToMinutes(leave.startTime) : 0;
  const to = leave.endDate === date && leave.endTime ? timeToMinutes(leave.endTime) : 1440;
  return { from, to };
}

/**
 * A cheap fingerprint of everything the board shows for a date: every job on the date (id and
 * version, so a job moved away changes it too), the undated tray, who works in which team that day
 * (stored assignment, standing teams, employees, leave, outages), the tasks and the business hours
 * and goals. One query; each part reads one date through an index or a small table.
 */
export async function boardStamp(db: Db, date: string): Promise<BoardStamp> {
  const stamp = await stampOf(db, [
    sql`(select string_agg(j.id || ':' || j.version, ',' order by j.id) from jobs j where j.service_date = ${date})`,
    sql`(select count(*) || ':' || coalesce(max(j.updated_at)::text, '') from jobs j
           where j.status = 'unscheduled' and j.service_date is null)`,
    ...crewStampParts(date),
    // The field app: a crew's check-in, done or note, and a clock-in or out, change the board.
    sql`(select count(*) || ':' || coalesce(max(s.updated_at)::text, '') from job_field_states s
           join jobs j on j.id = s.job_id where j.service_date = ${date})`,
    sql`(select count(*) || ':' || coalesce(max(p.updated_at)::text, '') from time_punches p
           where p.work_date = ${date} and p.kind = 'shift')`,
    sql`(select count(*) || ':' || coalesce(sum(tk.version), 0) from tasks tk)`,
    sql`(select bp.version || ':' || coalesce(qp.version, 0) from business_profile bp
           left join quote_parameters qp on qp.id = 1 where bp.id = 1)`,
  ]);
  return { date, stamp };
}

/** The teams a board shows: active ones, and any other live team with work in the date range. */
function boardTeams(db: Db, from: string, to: string) {
  return queryRows<{
    id: number;
    name: string;
    color: string;
    textColor: string;
    defaultZoneId: number | null;
    outage: string | null;
  }>(
    db,
    sql`select t.id, t.name, t.color, t.text_color as "textColor", t.default_zone_id as "defaultZoneId",
               (select o.reason from team_outages o where o.team_id = t.id and o.start_date <= ${from}
                  and o.end_date >= ${from} order by o.id limit 1) as outage
        from teams t
        where t.deleted_at is null and (t.active or exists (
          select 1 from jobs j where j.team_id = t.id and j.service_date between ${from} and ${to}
            and j.status in (${ON_ROUTE_SQL})))
        order by lower(t.name), t.id`,
  );
}

/**
 * Each team's route in start order: the drive into each job estimated from the current order (the
 * same rule a move stores, so jobs placed by other screens or the plan generator show theirs too),
 * and the flag when the gap after the previous job is shorter than that drive.
 */
function withDrives(jobs: BoardJob[], officeZip: string): BoardJob[] {
  const byTeam = new Map<number, BoardJob[]>();
  for (const j of jobs) byTeam.set(j.teamId!, [...(byTeam.get(j.teamId!) ?? []), j]);
  for (const route of byTeam.values()) {
    route.sort((a, b) => a.startMinutes! - b.startMinutes! || a.id - b.id);
    const drives = routeDrives(
      officeZip,
      route.map((j) => j.zip),
    );
    route.forEach((job, i) => {
      job.driveTenthMiles = drives[i]!.tenthMiles;
      job.driveMinutes = drives[i]!.minutes;
      const previous = route[i - 1];
      if (!previous || job.driveMinutes === null) return;
      job.driveShort = job.startMinutes! - (previous.startMinutes! + previous.durationMinutes) < job.driveMinutes;
    });
  }
  return jobs;
}

/** `/jhSchedule/queryBoard`: the day view in one answer, with a fixed number of queries. */
export async function boardDay(db: Db, date: string, locale: Locale = 'en'): Promise<BoardDay> {
  const settings = await boardSettings(db);
  const [teamRows, crews, leaves, dayJobs, dayTray, undatedTray, tasks, stamp] = await Promise.all([
    boardTeams(db, date, date),
    teamMembersOn(db, date, date),
    leavesOnDay(db, date),
    jobRows(db, sql`j.service_date = ${date} and j.team_id is not null and j.status in (${ON_ROUTE_SQL})`),
    jobRows(db, sql`j.service_date = ${date} and j.status = 'unscheduled'`, sql`order by j.reference`),
    jobRows(db, sql`j.service_date is null and j.status = 'unscheduled'`, sql`order by j.id limit ${TRAY_UNDATED_MAX}`),
    taskOccurrences(db, { dateFrom: date, dateTo: date }),
    boardStamp(db, date),
  ]);
  const found = await conflictsBetween(db, date, date);
  const members = crews.get(date) ?? new Map();
  const size = (teamId: number | null) => (teamId === null ? 0 : (members.get(teamId)?.length ?? 0));
  const jobs = withDrives(
    dayJobs.map((row) => toBoardJob(row, size(row.teamId))),
    settings.officeZip,
  );
  // The field app's live view: each job's state from its crew, and who is clocked in (issue 21).
  const field = await fieldViewOfDay(db, date, dayJobs, members);
  withFieldViews(jobs, field.views);
  const teams: BoardTeam[] = teamRows.map((t) => {
    const own = jobs.filter((j) => j.teamId === t.id);
    return {
      ...t,
      members: withClockedIn(members.get(t.id) ?? [], field.clockedIn),
      onLeave: leaves
        .filter((l) => l.teamId === t.id)
        .map((l) => ({ userId: l.userId, name: l.name, allDay: l.allDay, startTime: l.startTime, endTime: l.endTime })),
      cleanMinutes: own.reduce((sum, j) => sum + j.durationMinutes, 0),
      revenueCents: own.reduce((sum, j) => sum + j.revenueCents, 0),
    };
  });
  return {
    date,
    today: settings.today,
    timeZone: settings.timeZone,
    openingMinutes: settings.openingMinutes,
    closingMinutes: settings.closingMinutes,
    slotMinutes: BOARD_SLOT_MINUTES,
    goals: { dailyCleanMinutesGoal: settings.dailyCleanMinutesGoal, dailyRevenueGoalCents: settings.dailyRevenueGoalCents },
    stamp: stamp.stamp,
    teams,
    jobs,
    tasks: tasks.map((o) => ({
      taskId: o.taskId,
      reference: o.reference,
      name: o.name,
      teamIds: o.teamIds,
      startMinutes: o.startTime === null ? null : timeToMinutes(o.startTime),
      durationMinutes: o.durationMinutes,
    })),
    unassigned: [...dayTray, ...undatedTray].map((row) => toBoardJob(row, 0)),
    conflicts: found.conflicts.map((c) => describeConflict(locale, c, found.names)),
  };
}

/** `/jhSchedule/queryWeek`: teams × the 7 days (Monday to Sunday) of the week holding `date`. */
export async function boardWeek(db: Db, date: string): Promise<BoardWeek> {
  const weekStart = weekStartOf(date);
  const dates = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const weekEnd = dates[6]!;
  const settings = await boardSettings(db);
  const [teamRows, crews, rows, found] = await Promise.all([
    boardTeams(db, weekStart, weekEnd),
    teamMembersOn(db, weekStart, weekEnd),
    queryRows<{
      id: number;
      reference: string;
      status: JobStatus;
      teamId: number;
      serviceDate: string;
      startMinutes: number | null;
      customerName: string;
      plannedMinutes: number | null;
      quotedMinutes: number;
      durationMinutes: number;
      revenueCents: number;
    }>(
      db,
      sql`select j.id, j.reference, j.status, j.team_id as "teamId", j.service_date::text as "serviceDate",
                 j.start_minutes as "startMinutes", c.name as "customerName", j.planned_minutes as "plannedMinutes",
                 j.quoted_minutes as "quotedMinutes", j.duration_minutes as "durationMinutes", j.revenue_cents as "revenueCents"
          from jobs j join customers c on c.id = j.customer_id
          where j.service_date between ${weekStart} and ${weekEnd} and j.team_id is not null and j.status in (${ON_ROUTE_SQL})
          order by j.start_minutes nulls last, j.id`,
    ),
    conflictsBetween(db, weekStart, weekEnd),
  ]);
  const empty = (d: string): BoardWeekCell => ({ date: d, jobs: 0, cleanMinutes: 0, revenueCents: 0, conflicts: 0, blocks: [] });
  const cells = new Map<string, BoardWeekCell>();
  for (const row of rows) {
    const key = `${row.teamId}|${row.serviceDate}`;
    const cell = cells.get(key) ?? empty(row.serviceDate);
    const members = crews.get(row.serviceDate)?.get(row.teamId)?.length ?? 0;
    const length = boardDuration(plannedOf(row), members, row.durationMinutes);
    cell.jobs += 1;
    cell.cleanMinutes += length;
    cell.revenueCents += Number(row.revenueCents);
    // Only a day that fits lists its jobs: a full one is a count and a load bar on the calendar.
    if (cell.jobs <= WEEK_CELL_BLOCKS_MAX) {
      const { id, reference, status, startMinutes, customerName } = row;
      cell.blocks.push({ id, reference, status, startMinutes, durationMinutes: length, customerName, conflict: false });
    } else cell.blocks = [];
    cells.set(key, cell);
  }
  // The day's conflicts (the one check, contract findConflicts) counted on their team's day, their listed jobs marked.
  for (const conflict of found.conflicts) {
    const cell = cells.get(`${conflict.teamId}|${conflict.date}`);
    if (!cell) continue;
    cell.conflicts += 1;
    for (const block of cell.blocks) if (conflict.jobIds.includes(block.id)) block.conflict = true;
  }
  const teams = teamRows.map((t) => ({
    id: t.id,
    name: t.name,
    color: t.color,
    textColor: t.textColor,
    days: dates.map((d) => cells.get(`${t.id}|${d}`) ?? empty(d)),
  }));
  const totals = dates.map((d, i) =>
    teams.reduce(
      (sum, t) => ({
        date: d,
        jobs: sum.jobs + t.days[i]!.jobs,
        cleanMinutes: sum.cleanMinutes + t.days[i]!.cleanMinutes,
        revenueCents: sum.revenueCents + t.days[i]!.revenueCents,
        conflicts: sum.conflicts + t.days[i]!.conflicts,
        blocks: [],
      }),
      empty(d),
    ),
  );
  return {
    weekStart,
    dates,
    today: settings.today,
    openingMinutes: settings.openingMinutes,
    closingMinutes: settings.closingMinutes,
    goals: { dailyCleanMinutesGoal: settings.dailyCleanMinutesGoal, dailyRevenueGoalCents: settings.dailyRevenueGoalCents },
    teams,
    totals,
  };
}
