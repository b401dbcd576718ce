import type { BoardMoveResult, JobSaved } from '@tidyhouse/contract';
import type { TestApp } from '../../../../test/helper';
import { activeTeam, newJob } from '../jobs/jobs.fixtures';

/** Test helpers of the schedule board. */

let dayCounter = 0;
/**
 * A date no other test of the file uses (far ahead, so no seeded job, leave or outage falls on it),
 * two free days between them. Counted, not random: random dates met now and then and made two tests
 * share a team's day. Each test file has its own database, so a count per file is enough.
 */
export function freshDate(): string {
  dayCounter += 1;
  const d = new Date(Date.UTC(2031, 0, 1) + dayCounter * 3 * 86_400_000);
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
