import { addDays } from '@tidyhouse/contract';
import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import { businessTimeZone } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { teamMembersOn } from '../../service/assignments/day-teams';
import { jobs } from '../../service/jobs/jobs.tables';
import { punchMoments } from './punch-times';
import { timePunches } from './time-cards.tables';

type NewPunch = typeof timePunches.$inferInsert;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Demo punches for the demo's completed jobs of past days: every member of the job's team (that
 * day) clocks in 15 minutes before the first job and out 15 minutes after the last, checks in and out
 * of each job, and takes a 30-minute meal before the end of the 5th hour when the day is longer. Drive
 * is left to the board's estimates. Three recent days are flagged on purpose: a missing clock-out
 * (the latest day), a 13-hour day without its second meal, and a 7-hour day without a meal.
 */
export async function seedDemoTimePunches(db: Db, today: string): Promise<void> {
  const done = await db
    .select({
      id: jobs.id,
      teamId: sql<number>`${jobs.teamId}`,
      serviceDate: sql<string>`${jobs.serviceDate}`,
      start: sql<number>`${jobs.startMinutes}`,
      duration: jobs.durationMinutes,
    })
    .from(jobs)
    .where(and(inArray(jobs.status, ['completed', 'closed']), lt(jobs.serviceDate, today), sql`${jobs.teamId} is not null`))
    .orderBy(asc(jobs.serviceDate), asc(jobs.teamId), asc(jobs.startMinutes));
  if (!done.length) return;
  const timeZone = await businessTimeZone(db);
  const dayTeams = await teamMembersOn(db, done[0]!.serviceDate, addDays(today, -1));

  const teamDays = new Map<string, typeof done>();
  for (const job of done) {
    const key = `${job.serviceDate}|${job.teamId}`;
    teamDays.set(key, [...(teamDays.get(key) ?? []), job]);
  }
  // The three latest team-days on different dates before yesterday carry the flagged days: the demo
  // closes yesterday, whose close gate wants time cards without flags.
  const yesterday = addDays(today, -1);
  const latest = [...teamDays.keys()]
    .filter((key) => key.split('|')[0]! < yesterday)
    .sort()
    .reverse();
  const flagged = new Map<string, 'openShift' | 'longDay' | 'noMeal'>();
  const usedDates = new Set<string>();
  for (const key of latest) {
    const date = key.split('|')[0]!;
    if (usedDates.has(date)) continue;
    usedDates.add(date);
    flagged.set(key, (['openShift', 'longDay', 'noMeal'] as const)[flagged.size]!);
    if (flagged.size === 3) break;
  }

  const rows: NewPunch[] = [];
  const punch = (userId: number, workDate: string, kind: NewPunch['kind'], start: number, end: number | null, jobId?: number) => {
    const moments = punchMoments(workDate, hhmm(start), end === null ? null : hhmm(end), timeZone);
    rows.push({ userId, workDate, kind, ...moments, jobId: jobId ?? null, source: 'field' });
  };

  for (const [key, dayJobs] of teamDays) {
    const [date, team] = key.split('|') as [string, string];
    const members = dayTeams.get(date)?.get(Number(team)) ?? [];
    const special = flagged.get(key);
    members.forEach((member, index) => {
      const trouble = index === 0 ? special : undefined;
      const shiftStart = trouble === 'longDay' ? Math.min(420, dayJobs[0]!.start - 15) : dayJobs[0]!.start - 15;
      const wantsMeal = trouble !== 'noMeal';
      let meal: number | null = null;
      // Job check-ins a few minutes after the planned start, one after the other; the meal goes
      // between two jobs before the end of the 5th hour when the next job would run past it.
      let clock = shiftStart;
      const jobPunches = dayJobs.map((job, i) => {
        let start = Math.max(job.start + ((member.userId + i) % 6), clock + 15);
        if (wantsMeal && meal === null && i > 0 && start + job.duration > shiftStart + 300) {
          meal = clock;
          start = Math.max(start, meal + 30);
        }
        const end = start + Math.max(job.duration, 30);
        clock = end;
        return { job, start, end };
      });
      let shiftEnd = clock + 15;
      if (trouble === 'longDay') shiftEnd = shiftStart + 13 * 60 + 30;
      if (trouble === 'noMeal') shiftEnd = Math.max(shiftEnd, shiftStart + 7 * 60);
      if (wantsMeal && meal === null && shiftEnd - shiftStart > 300 && jobPunches.at(-1)!.end <= shiftStart + 270) {
        meal = jobPunches.at(-1)!.end;
      }
      if (meal !== null) punch(member.userId, date, 'meal', meal, meal + 30);
      punch(member.userId, date, 'shift', shiftStart, trouble === 'openShift' ? null : shiftEnd);
      for (const p of jobPunches) punch(member.userId, date, 'job', p.start, p.end, p.job.id);
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(timePunches).values(rows.slice(i, i + 1000));
}
