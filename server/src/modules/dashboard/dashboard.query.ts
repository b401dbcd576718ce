import {
  addDays,
  DASHBOARD_COUNTED_STATUSES,
  DASHBOARD_SECTION_SCREENS,
  type DashboardJobs,
  type DashboardRequest,
  type DashboardResponse,
  type DashboardSection,
  type DashboardWorkFigures,
  daysBetween,
  JOB_STATUSES,
  type JobStatus,
  ratioOf,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/database';
import { openTexts } from '../messaging/events/message-log.query';
import { boardSettings } from '../service/board/board.query';

type Goals = DashboardResponse['goals'];

const COUNTED_SQL = sql.raw(DASHBOARD_COUNTED_STATUSES.map((s) => `'${s}'`).join(', '));
const isCounted = (status: JobStatus) => (DASHBOARD_COUNTED_STATUSES as readonly string[]).includes(status);

interface TotalRow {
  date: string;
  teamId: number;
  status: JobStatus;
  jobs: number;
  minutes: number;
  revenueCents: number;
}

const rangeDates = (from: string, to: string) => Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));

const emptyWork = (): DashboardWorkFigures => ({
  jobs: 0,
  cleanMinutes: 0,
  revenueCents: 0,
  cleanMinutesGoal: 0,
  revenueGoalCents: 0,
});

function addWork(into: DashboardWorkFigures, row: TotalRow) {
  into.jobs += row.jobs;
  into.cleanMinutes += row.minutes;
  into.revenueCents += row.revenueCents;
}

/** The goals are per team and day (location parameters): a figure's goal counts its team-days with counted jobs. */
function setGoals(into: DashboardWorkFigures, teamDays: number, goals: Goals) {
  into.cleanMinutesGoal = teamDays * goals.dailyCleanMinutesGoal;
  into.revenueGoalCents = teamDays * goals.dailyRevenueGoalCents;
}

/**
 * Jobs of the range from the maintained totals (job_day_totals: one row per date × team × status), so
 * the cost follows the days and teams, not the jobs (docs/performance.md "Dashboard").
 */
async function jobsSection(db: Db, from: string, to: string, goals: Goals): Promise<DashboardJobs> {
  const [rows, teamRows] = await Promise.all([
    queryRows<TotalRow>(
      db,
      sql`select service_date::text as "date", team_id as "teamId", status, jobs, minutes::int as minutes,
                 revenue_cents::bigint as "revenueCents"
          from job_day_totals where service_date between ${from} and ${to} and jobs <> 0`,
    ),
    queryRows<{ id: number; name: string; color: string }>(
      db,
      sql`select t.id, t.name, t.color from teams t
          where t.id in (select distinct team_id from job_day_totals
                         where service_date between ${from} and ${to} and jobs <> 0 and status in (${COUNTED_SQL}))`,
    ),
  ]);
  const byStatus = new Map<JobStatus, number>(JOB_STATUSES.map((s) => [s, 0]));
  const days = new Map(rangeDates(from, to).map((date) => [date, emptyWork()]));
  const teams = new Map<number, DashboardWorkFigures>();
  const totals = emptyWork();
  const teamDays = new Set<string>();
  const daysOfTeam = new Map<number, Set<string>>();
  const teamsOfDay = new Map<string, Set<number>>();
  for (const raw of rows) {
    const row = {
      ...raw,
      teamId: Number(raw.teamId),
      jobs: Number(raw.jobs),
      minutes: Number(raw.minutes),
      revenueCents: Number(raw.revenueCents),
    };
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.jobs);
    if (!isCounted(row.status)) continue;
    addWork(totals, row);
    addWork(days.get(row.date) ?? emptyWork(), row);
    const team = teams.get(row.teamId) ?? emptyWork();
    addWork(team, row);
    teams.set(row.teamId, team);
    teamDays.add(`${row.teamId}|${row.date}`);
    daysOfTeam.set(row.teamId, (daysOfTeam.get(row.teamId) ?? new Set()).add(row.date));
    teamsOfDay.set(row.date, (teamsOfDay.get(row.date) ?? new Set()).add(row.teamId));
  }
  setGoals(totals, teamDays.size, goals);
  for (const [date, figures] of days) setGoals(figures, teamsOfDay.get(date)?.size ?? 0, goals);
  for (const [teamId, figures] of teams) setGoals(figures, daysOfTeam.get(teamId)?.size ?? 0, goals);
  const teamInfo = new Map(teamRows.map((t) => [Number(t.id), t]));
  return {
    byStatus: JOB_STATUSES.map((status) => ({ status, jobs: byStatus.get(status) ?? 0 })),
    totals: {
      ...totals,
      averageJobCents: ratioOf(totals.revenueCents, totals.jobs),
      revenuePerCleanHourCents: ratioOf(totals.revenueCents * 60, totals.cleanMinutes),
    },
    days: [...days].map(([date, figures]) => ({ date, ...figures })),
    teams: [...teams]
      .map(([teamId, figures]) => ({
        teamId: teamId === 0 ? null : teamId,
        name: teamInfo.get(teamId)?.name ?? '',
        color: teamInfo.get(teamId)?.color ?? '',
        ...figures,
      }))
      .sort((a, b) => b.cleanMinutes - a.cleanMinutes || (a.teamId ?? 0) - (b.teamId ?? 0)),
  };
}

async function quotesSection(db: Db, from: string, to: string): Promise<DashboardResponse['quotes']> {
  // quotes_status_date_idx: one index range per status.
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from quotes where quote_date between ${from} and ${to} group by status`,
  );
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total,
    pending: of('pending'),
    sold: of('sold'),
    notSold: of('not_sold'),
    conversionBps: ratioOf(of('sold') * 10_000, total),
  };
}

async function cardsSection(db: Db, from: string, to: string): Promise<DashboardResponse['cards']> {
  const [row] = await queryRows<{ pending: number; failed: number; pendingCents: number; failedCents: number }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'failed')::int as failed,
               coalesce(sum(amount_cents) filter (where status = 'pending'), 0)::bigint as "pendingCents",
               coalesce(sum(amount_cents) filter (where status = 'failed'), 0)::bigint as "failedCents"
        from card_queue_entries
        where service_date between ${from} and ${to}
          and (status = 'pending' or (status = 'failed' and resolution is null))`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    pendingCents: Number(row?.pendingCents ?? 0),
    failedCents: Number(row?.failedCents ?? 0),
  };
}

/** Reminders and follow-ups are due from their date on: the same rows as the Job List's and the Communications Log's due lists. */
async function dueCount(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

async function leaveSection(db: Db, today: string): Promise<DashboardResponse['leave']> {
  const people = await queryRows<{
    userId: number;
    name: string;
    allDay: boolean;
    startTime: string | null;
    endTime: string | null;
  }>(
    db,
    sql`select l.user_id as "userId", u.name, l.all_day as "allDay",
               case when l.start_date = ${today} then l.start_time end as "startTime",
               case when l.end_date = ${today} then l.end_time end as "endTime"
        from employee_leaves l join sys_users u on u.id = l.user_id
        where l.deleted_at is null and l.start_date <= ${today} and l.end_date >= ${today}
        order by u.name, l.id limit 50`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct user_id)::int as n from employee_leaves
        where deleted_at is null and start_date <= ${today} and end_date >= ${today}`,
  );
  return { total: Number(count?.n ?? 0), people: people.map((p) => ({ ...p, userId: Number(p.userId) })) };
}

async function outagesSection(db: Db, today: string): Promise<DashboardResponse['outages']> {
  const rows = await queryRows<{ teamId: number; name: string; reason: string }>(
    db,
    sql`select o.team_id as "teamId", t.name, o.reason from team_outages o join teams t on t.id = o.team_id
        where o.start_date <= ${today} and o.end_date >= ${today} order by t.name, o.id limit 50`,
  );
  return { teams: rows.map((r) => ({ ...r, teamId: Number(r.teamId) })) };
}

/**
 * My Dashboard: the figures of a date range (today when none), each section only when `keys` holds
 * the screen that lists its rows (DASHBOARD_SECTION_SCREENS); the sections' queries run together.
 */
export async function dashboard(db: Db, req: DashboardRequest, keys: ReadonlySet<string>): Promise<DashboardResponse> {
  const settings = await boardSettings(db);
  const today = settings.today;
  const from = req.dateFrom ?? today;
  const to = req.dateTo ?? today;
  const goals = { dailyCleanMinutesGoal: settings.dailyCleanMinutesGoal, dailyRevenueGoalCents: settings.dailyRevenueGoalCents };
  const may = (section: DashboardSection) => keys.has(DASHBOARD_SECTION_SCREENS[section]);
  const [jobs, quotes, cards, reminders, followUps, leave, outages] = await Promise.all([
    may('jobs') ? jobsSection(db, from, to, goals) : undefined,
    may('quotes') ? quotesSection(db, from, to) : undefined,
    may('cards') ? cardsSection(db, from, to) : undefined,
    may('reminders')
      ? dueCount(
          db,
          sql`select count(*)::int as n from job_reminders where not done and deleted_at is null and due_date <= ${today}`,
        ).then((due) => ({ due }))
      : undefined,
    may('followUps')
      ? Promise.all([
          dueCount(
            db,
            sql`select count(*)::int as n from connect_records r join customers c on c.id = r.customer_id
                where r.status = 'open' and r.follow_up_date <= ${today} and r.deleted_at is null and c.deleted_at is null`,
          ),
          // Texts customers sent that no one has followed up yet (issue 22).
          openTexts(db),
        ]).then(([due, texts]) => ({ due, ...texts }))
      : undefined,
    may('leave') ? leaveSection(db, today) : undefined,
    may('outages') ? outagesSection(db, today) : undefined,
  ]);
  return { dateFrom: from, dateTo: to, today, goals, jobs, quotes, cards, reminders, followUps, leave, outages };
}
