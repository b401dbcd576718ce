import { addDays, type ChecklistItem, type Locale, minutesToTime, type StartOfDay } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { minutesNowOn } from '../../field/live';
import { leaveOnDay, leavesInRange, teamMembersOn } from '../../service/assignments/day-teams';
import { conflictRows } from '../../service/conflicts/conflicts.service';
import { isDayClosed } from '../day-lock';

/**
 * The start-of-day checklist (issue 12; docs/business-rules.md "The office day"): what must be
 * green before the teams leave. Each item answers its count and the rows behind it with a link to
 * the screen where the office fixes it.
 */

/** The jobs going out on a day (not cancelled), with what the checks need; one query. */
export async function jobsOfDay(db: Db, date: string) {
  return queryRows<{
    id: number;
    reference: string;
    status: string;
    team_id: number | null;
    team_name: string | null;
    start_minutes: number | null;
    duration_minutes: number;
    customer_at_home: boolean;
    key_tag: string;
    key_location: string | null;
    customer_name: string;
    window_start_minutes: number | null;
  }>(
    db,
    sql`select j.id, j.reference, j.status, j.team_id, t.name as team_name, j.start_minutes, j.window_start_minutes, j.duration_minutes,
               j.customer_at_home, l.key_tag, l.key_location, c.name as customer_name
          from jobs j
          join customers c on c.id = j.customer_id
          join customer_locations l on l.id = j.location_id
          left join teams t on t.id = j.team_id
         where j.service_date = ${date} and j.status <> 'cancelled'
         order by t.name nulls last, j.start_minutes nulls last, j.id`,
  );
}

const item = (key: string, rows: ChecklistItem['rows']): ChecklistItem => ({
  key,
  ok: rows.length === 0,
  count: rows.length,
  rows,
});
const jobLink = (id: number) => `/service/workdeatil?id=${id}`;

/**
 * Today, the members of each crew going out who have not clocked in (no shift punch of the day) once
 * their team's first arrival window (else its start) has begun (issue 21: the field app's clock-in).
 */
async function notClockedIn(
  db: Db,
  date: string,
  jobs: Awaited<ReturnType<typeof jobsOfDay>>,
  members: ReadonlyMap<number, readonly { userId: number; name: string }[]>,
): Promise<ChecklistItem['rows']> {
  const now = await minutesNowOn(db, date);
  if (now === null) return [];
  const firstArrival = new Map<number, { minutes: number; team: string }>();
  for (const j of jobs) {
    const arrival = j.window_start_minutes ?? j.start_minutes;
    if (j.team_id === null || arrival === null || j.status !== 'scheduled') continue;
    const known = firstArrival.get(j.team_id);
    if (!known || arrival < known.minutes)
      firstArrival.set(j.team_id, { minutes: arrival, team: j.team_name ?? `#${j.team_id}` });
  }
  const punched = new Set(
    (
      await queryRows<{ user_id: number }>(
        db,
        sql`select distinct user_id from time_punches where kind = 'shift' and work_date = ${date} and deleted_at is null`,
      )
    ).map((r) => Number(r.user_id)),
  );
  const rows: ChecklistItem['rows'] = [];
  for (const [teamId, first] of firstArrival) {
    if (now <= first.minutes) continue;
    for (const m of members.get(teamId) ?? []) {
      if (punched.has(m.userId)) continue;
      rows.push({
        label: `${m.name} (${first.team}) ${minutesToTime(first.minutes)}`,
        link: `/employee/attendance?date=${date}`,
      });
    }
  }
  return rows;
}

export async function startOfDay(db: Db, date: string, locale: Locale = 'en'): Promise<StartOfDay> {
  const jobs = await jobsOfDay(db, date);
  const members = (await teamMembersOn(db, date, date)).get(date) ?? new Map();
  const teamsOut = new Map<number, string>();
  for (const j of jobs) if (j.team_id !== null) teamsOut.set(j.team_id, j.team_name ?? `#${j.team_id}`);

  const allocation = `/employee/dailyallocation?date=${date}`;
  const unstaffed = [...teamsOut].filter(([id]) => (members.get(id) ?? []).length === 0);

  const unplaced = jobs.filter((j) => j.team_id === null || j.start_minutes === null);

  // Who the day's roster names (stored assignments, else the standing teams) but leave takes away.
  const rostered = await queryRows<{ user_id: number; name: string; team_id: number }>(
    db,
    sql`select m.user_id, u.name, m.team_id
          from (select user_id, team_id from day_assignments where service_date = ${date}
                union all
                select user_id, team_id from team_members
                 where not exists (select 1 from assignment_days where service_date = ${date})) m
          join sys_users u on u.id = m.user_id`,
  );
  const leaves = await leavesInRange(db, date, date);
  const onLeave = rostered.flatMap((r) => {
    if (!teamsOut.has(r.team_id)) return [];
    const taken = leaves.filter((l) => l.userId === r.user_id).map((l) => leaveOnDay(l, date));
    const spans = taken.filter((t) => t !== null);
    if (spans.length === 0) return [];
    const when = spans.map((s) => (s === 'all' ? '' : ` ${s.startTime}–${s.endTime}`)).join(',');
    return [{ label: `${r.name} (${teamsOut.get(r.team_id)})${when}`, link: allocation }];
  });

  // A key the visit needs is one the office holds (in the safe) for a customer who will not be home.
  const keysIn = jobs.filter((j) => j.key_tag !== '' && j.key_location === 'office_safe' && !j.customer_at_home);

  const yesterday = addDays(date, -1);
  const [hadWork] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where service_date = ${yesterday} and status <> 'cancelled'`,
  );
  const yesterdayOpen = Number(hadWork?.n ?? 0) > 0 && !(await isDayClosed(db, yesterday));

  const items = [
    item(
      'teamsStaffed',
      unstaffed.map(([, name]) => ({ label: name, link: allocation })),
    ),
    item(
      'jobsPlaced',
      unplaced.map((j) => ({ label: `${j.reference} ${j.customer_name}`, link: jobLink(j.id) })),
    ),
    item('membersOnLeave', onLeave),
    item(
      'keysOut',
      keysIn.map((j) => ({
        label: `${j.key_tag} · ${j.reference} ${j.customer_name}${j.start_minutes !== null ? ` ${minutesToTime(j.start_minutes)}` : ''}`,
        link: `/customer/secretkey?keyword=${encodeURIComponent(j.key_tag)}`,
      })),
    ),
    item('yesterdayClosed', yesterdayOpen ? [{ label: yesterday, link: `/office/confirmshutdown?date=${yesterday}` }] : []),
    // Cleared when the schedule is fixed, or when each conflict is acknowledged (issue 20).
    await conflictRows(db, date, locale),
    item('notClockedIn', await notClockedIn(db, date, jobs, members)),
  ];
  return {
    date,
    dayStatus: (await isDayClosed(db, date)) ? 'closed' : 'open',
    jobCount: jobs.length,
    teamCount: teamsOut.size,
    items,
    ready: items.every((i) => i.ok),
  };
}
