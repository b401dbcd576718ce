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
  ratioOf,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/database';
import { openTexts } from '../messaging/events/message-log.query';
import { boardSettings } from '../service/board/board.query';

type Goals = DashboardResponse['goals'];

const COUNTED_SQL = sql.raw(DASHBOARD_COUNTED_STATUSES.map((s) => `'${s}'`).join(', '));

const rangeDates = (from: string, to: string) => Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));

const emptyWork = (): DashboardWorkFigures => ({
  jobs: 0,
  cleanMinutes: 0,
  revenueCents: 0,
  cleanMinutesGoal: 0,
  revenueGoalCents: 0,
});

/** The goals are per team and day (location parameters): a figure's goal counts its team-days with counted jobs. */
function setGoals(into: DashboardWorkFigures, teamDays: number, goals: Goals) {
  into.cleanMinutesGoal = teamDays * goals.dailyCleanMinutesGoal;
  into.revenueGoalCents = teamDays * goals.dailyRevenueGoalCents;
}

interface SectionRow {
  kind: 'status' | 'day' | 'team' | 'total';
  key: string | null;
  jobs: number | string;
  minutes: number | string;
  revenueCents: number | string;
  /** The team-days with counted jobs in the figure (its goals' multiplier). */
  teamDays: number | string;
  name: string | null;
  color: string | null;
}

/**
 * Jobs of the range from the maintained totals (job_day_totals: one row per date × team × status), so
 * the cost follows the days and teams, not the jobs (docs/performance.md "Dashboard"). Summed by status,
 * by day, by team and in all in the database, one statement: the engine answers about 130 rows for a
 * quarter, not every date × team × status row (5,600 for 30 teams) for Node to add up; on the embedded
 * engine reading rows out is what cost (docs/performance.md "The embedded engine at scale").
 */
async function jobsSection(db: Db, from: string, to: string, goals: Goals): Promise<DashboardJobs> {
  const sums = sql`coalesce(sum(jobs), 0)::int, coalesce(sum(minutes), 0)::bigint, coalesce(sum(revenue_cents), 0)::bigint`;
  const rows = await queryRows<SectionRow>(
    db,
    sql`with r as (select service_date, team_id, status, jobs, minutes, revenue_cents, status in (${COUNTED_SQL}) as counted
          from job_day_totals where service_date between ${from} and ${to} and jobs <> 0)
        select 'status' as kind, status::text as key, sum(jobs)::int as jobs, 0::bigint as minutes, 0::bigint as "revenueCents",
               0 as "teamDays", null::text as name, null::text as color
          from r group by status
        union all
        select 'day', service_date::text, ${sums}, count(distinct team_id)::int, null, null from r where counted group by service_date
        union all
        select 'team', r.team_id::text, ${sums}, count(distinct service_date)::int, min(t.name), min(t.color)
          from r left join teams t on t.id = r.team_id where counted group by r.team_id
        union all
        select 'total', null, ${sums}, count(distinct (team_id, service_date))::int, null, null from r where counted`,
  );
  const work = (row: SectionRow | undefined): DashboardWorkFigures => {
    const figures = emptyWork();
    if (!row) return figures;
    figures.jobs = Number(row.jobs);
    figures.cleanMinutes = Number(row.minutes);
    figures.revenueCents = Number(row.revenueCents);
    setGoals(figures, Number(row.teamDays), goals);
    return figures;
  };
  const of = (kind: SectionRow['kind']) => rows.filter((r) => r.kind === kind);
  const byStatus = new Map(of('status').map((r) => [r.key, Number(r.jobs)]));
  const byDay = new Map(of('day').map((r) => [r.key, r]));
  const totals = work(of('total')[0]);
  return {
    byStatus: JOB_STATUSES.map((status) => ({ status, jobs: byStatus.get(status) ?? 0 })),
    totals: {
      ...totals,
      averageJobCents: ratioOf(totals.revenueCents, totals.jobs),
      revenuePerCleanHourCents: ratioOf(totals.revenueCents * 60, totals.cleanMinutes),
    },
    days: rangeDates(from, to).map((date) => ({ date, ...work(byDay.get(date)) })),
    teams: of('team')
      .map((r) => {
        const teamId = Number(r.key);
        return { teamId: teamId === 0 ? null : teamId, name: r.name ?? '', color: r.color ?? '', ...work(r) };
      })
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
