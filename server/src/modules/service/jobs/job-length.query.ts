import { type JobLength, jobLengthOf } from '@tidyhouse/contract';
import type { Db } from '../../../platform/database';
import { type DayTeams, teamMembersOn } from '../assignments/day-teams';

/** The columns a job's length is made of (contract `jobLengthOf`) and where it is worked. */
export interface JobLengthRow {
  id: number;
  teamId: number | null;
  serviceDate: string | null;
  plannedMinutes: number | null;
  quotedMinutes: number;
  durationMinutes: number;
}

/**
 * The one length of each job (contract `jobLength`): a job with a team and a date is shared among the
 * members working in that team that day (daily assignments, else the standing team: the board's
 * `teamMembersOn`), so the list, the detail and the PDF read what the board draws. A job without a
 * team or date keeps the crew its stored time on site was made for. One query for any number of jobs.
 */
export async function jobLengths(db: Db, rows: readonly JobLengthRow[]): Promise<Map<number, JobLength>> {
  const dates = rows.flatMap((r) => (r.teamId !== null && r.serviceDate !== null ? [r.serviceDate] : [])).sort();
  const crews = dates.length ? await teamMembersOn(db, dates[0]!, dates[dates.length - 1]!) : new Map();
  return lengthsWithCrews(rows, crews);
}

/** The lengths of `rows` given the crews of their days (`crews` holds at least those days). */
export function lengthsWithCrews(rows: readonly JobLengthRow[], crews: DayTeams): Map<number, JobLength> {
  const lengths = new Map<number, JobLength>();
  for (const row of rows) {
    const members =
      row.teamId !== null && row.serviceDate !== null
        ? (crews.get(row.serviceDate)?.get(row.teamId)?.length ?? 0)
        : storedCrew(row);
    lengths.set(row.id, jobLengthOf(row, members));
  }
  return lengths;
}

/** The crew a stored time on site was derived for (person-minutes ÷ duration), at least 1. */
function storedCrew(row: JobLengthRow): number {
  const person = row.plannedMinutes ?? row.quotedMinutes;
  if (row.durationMinutes <= 0 || person <= 0) return 1;
  return Math.max(1, Math.round(person / row.durationMinutes));
}
