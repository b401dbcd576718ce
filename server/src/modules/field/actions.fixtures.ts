import { randomUUID } from 'node:crypto';
import { type FieldActionResult, momentAtWallClock } from '@tidyhouse/contract';
import type { TestApp } from '../../../test/helper';
import { businessTimeZone, businessToday } from '../../platform/business-date';
import { userIdOf } from '../employees/test-support';
import { activeTeam, newJob } from '../service/jobs/jobs.fixtures';
import { crewOf } from './scope';

/** Test helpers of the field app's writing calls. */

export const CLEANER = 'rosa.martinez';

/** Rosa's crew on a date (daily assignments, else her standing team). */
export async function crewTeamOf(t: TestApp, date: string): Promise<number> {
  const crew = await crewOf(t.db, await userIdOf(t, CLEANER), date);
  if (!crew) throw new Error(`${CLEANER} has no crew on ${date}`);
  return crew.teamId;
}

/** A job of Rosa's crew on `date` (default: business today), placed at `startTime`. */
export async function crewJob(t: TestApp, date?: string, startTime = '09:00', body: Record<string, unknown> = {}) {
  const day = date ?? (await businessToday(t.db));
  return newJob(t, { teamId: await crewTeamOf(t, day), serviceDate: day, startTime, ...body });
}
export const crewJobToday = (t: TestApp) => crewJob(t);

/** A job of another crew on `date`. */
export async function otherCrewJob(t: TestApp, date: string) {
  const own = await crewTeamOf(t, date);
  for (let offset = 0; offset < 10; offset++) {
    const team = await activeTeam(t, offset);
    if (team.id !== own) return newJob(t, { teamId: team.id, serviceDate: date, startTime: '10:00' });
  }
  throw new Error('no other team');
}

/** The moment a wall clock shows `hhmm` on `date` in the business time zone, as the phone sends it. */
export async function momentOn(t: TestApp, date: string, hhmm: string): Promise<string> {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, await businessTimeZone(t.db)).toISOString();
}

export const newKey = () => randomUUID();

/** Calls a field route as the cleaner; fails the test on a code other than 0. */
export async function fieldCall<T = FieldActionResult>(t: TestApp, token: string, path: string, body: unknown): Promise<T> {
  const result = await t.call<T>(path, { token, body });
  if (result.code !== 0) throw new Error(`${path}: ${result.code} ${result.message}`);
  return result.data;
}
