import type { BoardMoveResult, JobSaved } from '@tidyhouse/contract';
import type { TestApp } from '../../../../test/helper';
import { activeTeam, newJob } from '../jobs/jobs.fixtures';

/** Test helpers of the schedule board. */

let dayCounter = 0;
/** A date no other board test uses (far ahead, so no seeded job, leave or outage falls on it). */
export function freshDate(): string {
  dayCounter += 1;
  const d = new Date(Date.UTC(2031, 0, 1) + (dayCounter * 3 + Math.floor(Math.random() * 3000)) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export const boardTeam = (t: TestApp, offset = 0) => activeTeam(t, offset);

/** An unscheduled job without lines (15 minutes on the board) or with the given fields. */
export const trayJob = (t: TestApp, body: Record<string, unknown> = {}): Promise<JobSaved> => newJob(t, body);

/** A job placed by the board on a team, date and start. */
export async function placedJob(
  t: TestApp,
  place: { teamId: number; date: string; startTime: string },
  body: Record<string, unknown> = {},
): Promise<BoardMoveResult> {
  const job = await trayJob(t, body);
  const token = await t.loginAs('scheduler');
  const result = await t.call<BoardMoveResult>('/jhSchedule/moveJob', {
    token,
    body: { id: job.id, version: job.version, ...place },
  });
  if (result.code !== 0) throw new Error(`moveJob failed: ${result.code} ${result.message}`);
  return result.data;
}
