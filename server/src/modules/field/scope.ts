import { addDays, Code } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { businessToday } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/errors';
import { type DayMember, teamMembersOn } from '../service/assignments/day-teams';
import { jobs } from '../service/jobs/jobs.tables';

/**
 * The field app's one scope rule (docs/business-rules.md "Field app"): a cleaner acts on their crew's
 * jobs of today, and sees them for tomorrow too. Their crew on a day is the team daily assignments put
 * them in (else their standing team: `teamMembersOn`, as the board reads it). Every field call that
 * takes a job goes through `fieldJobScope`; anything else answers 10003 without saying whether the job
 * exists.
 */

/** Statuses a crew never sees: not yet planned, or called off. */
const HIDDEN_STATUSES = new Set(['unscheduled', 'cancelled']);

const forbidden = () => new AppError(Code.FORBIDDEN, 'error.forbidden');

export interface FieldCrew {
  teamId: number;
  members: DayMember[];
}

/** The team a user works in on a date (daily assignments, else the standing team), with its members. */
export async function crewOf(db: Db, userId: number, date: string): Promise<FieldCrew | null> {
  const teams = (await teamMembersOn(db, date, date)).get(date) ?? new Map<number, DayMember[]>();
  for (const [teamId, members] of teams) {
    if (members.some((m) => m.userId === userId)) return { teamId, members };
  }
  return null;
}

/** The members of one team on a date (an office user looking at a crew's day). */
export async function crewOfTeam(db: Db, teamId: number, date: string): Promise<FieldCrew> {
  const members = (await teamMembersOn(db, date, date)).get(date)?.get(teamId) ?? [];
  return { teamId, members };
}

export interface FieldDates {
  today: string;
  tomorrow: string;
}

export async function fieldDates(db: Db): Promise<FieldDates> {
  const today = await businessToday(db);
  return { today, tomorrow: addDays(today, 1) };
}

export interface FieldJobScope {
  job: typeof jobs.$inferSelect;
  /** The job's service date: today, or tomorrow when allowed. */
  date: string;
  /** Tomorrow's job: shown, never acted on. */
  readOnly: boolean;
  crew: FieldCrew;
}

/**
 * The job if the user's crew works it today (or tomorrow, with `allowTomorrow`), else 10003.
 * `asOffice`: an office user holding `field:use` sees what any crew sees, so the crew check is the
 * job's own team; the date rule holds for them too.
 */
export async function fieldJobScope(
  db: Db,
  userId: number,
  jobId: number,
  { allowTomorrow, asOffice = false }: { allowTomorrow: boolean; asOffice?: boolean },
): Promise<FieldJobScope> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || job.serviceDate === null || job.teamId === null || HIDDEN_STATUSES.has(job.status)) throw forbidden();
  const { today, tomorrow } = await fieldDates(db);
  const readOnly = job.serviceDate === tomorrow;
  if (job.serviceDate !== today && !(allowTomorrow && readOnly)) throw forbidden();
  const crew = asOffice ? await crewOfTeam(db, job.teamId, job.serviceDate) : await crewOf(db, userId, job.serviceDate);
  if (!crew || crew.teamId !== job.teamId) throw forbidden();
  return { job, date: job.serviceDate, readOnly, crew };
}

/** Whether a status is one a crew sees on its day. */
export const crewSees = (status: string): boolean => !HIDDEN_STATUSES.has(status);
