import { addDays, type ChecklistItem, type Locale, minutesToTime, type StartOfDay } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
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
  }>(
    db,
    sql`select j.id, j.reference, j.status, j.team_id, t.name as team_name, j.start_minutes, j.duration_minutes,
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
