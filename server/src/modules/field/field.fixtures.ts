import type { JobSaved } from '@tidyhouse/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper';
import { businessToday } from '../../platform/business-date';
import { locationWith } from '../customers/customers.fixtures';
import { sysUsers } from '../employees/employees.tables';
import { teamMembersOn } from '../service/assignments/day-teams';
import { newJob, pricedItem } from '../service/jobs/jobs.fixtures';
import { jobImageContents, jobImages } from '../service/jobs/jobs.tables';
import { crewOf } from './scope';

/** Field app fixtures (tests and endpoint rows only): jobs of a cleaner's crew, made through the API. */

export const FIELD_CLEANER = 'rosa.martinez';

/** A 1×1 PNG as a data URL. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export async function userIdOfUname(t: TestApp, uname: string): Promise<number> {
  const [row] = await t.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, uname));
  if (!row) throw new Error(`no user ${uname}`);
  return row.id;
}

/** The team a cleaner works in on a date (today by default). */
export async function crewTeamId(t: TestApp, uname = FIELD_CLEANER, date?: string): Promise<number> {
  const day = date ?? (await businessToday(t.db));
  const crew = await crewOf(t.db, await userIdOfUname(t, uname), day);
  if (!crew) throw new Error(`${uname} works in no team on ${day}`);
  return crew.teamId;
}

/** Another team working on the date (with members), not `teamId`. */
export async function otherTeamId(t: TestApp, teamId: number, date: string): Promise<number> {
  const teams = (await teamMembersOn(t.db, date, date)).get(date)!;
  const other = [...teams.keys()].find((id) => id !== teamId);
  if (other === undefined) throw new Error(`no other team on ${date}`);
  return other;
}

/**
 * A scheduled job of a team on a date (default: the cleaner's crew, today) at a location with a key
 * code, with one priced item line (quantity 2) and notes for the crew.
 */
export async function fieldJob(
  t: TestApp,
  options: { teamId?: number; date?: string; startTime?: string; uname?: string } = {},
): Promise<JobSaved> {
  const date = options.date ?? (await businessToday(t.db));
  const teamId = options.teamId ?? (await crewTeamId(t, options.uname ?? FIELD_CLEANER, date));
  const location = await locationWith(t, 'key_code_encrypted is not null');
  const item = await pricedItem(t, date);
  return newJob(t, {
    locationId: location.id,
    teamId,
    serviceDate: date,
    startTime: options.startTime ?? '09:00',
    notes: 'Bring the ladder',
    lines: [{ priceItemId: item.id, quantity: 2 }],
  });
}

/** A before photo stored on a job directly (as an upload would), for reading it back. */
export async function storedPhoto(t: TestApp, jobId: number): Promise<number> {
  const content = Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64');
  const [row] = await t.db
    .insert(jobImages)
    .values({
      jobId,
      kind: 'before',
      name: 'front.png',
      mimeType: 'image/png',
      sizeBytes: content.length,
      sha256: 'x'.repeat(64),
    })
    .returning({ id: jobImages.id });
  await t.db.insert(jobImageContents).values({ imageId: row!.id, content });
  return row!.id;
}

/** A cleaner (role cleaner) not in `teamId` on the date. */
export async function cleanerOutside(t: TestApp, teamId: number, date: string): Promise<string> {
  const teams = (await teamMembersOn(t.db, date, date)).get(date)!;
  for (const [id, members] of teams) {
    if (id === teamId) continue;
    for (const m of members) {
      const [u] = await t.db
        .select({ uname: sysUsers.uname })
        .from(sysUsers)
        .where(and(eq(sysUsers.id, m.userId), ne(sysUsers.uname, FIELD_CLEANER)));
      if (u) return u.uname;
    }
  }
  throw new Error('no cleaner outside the team');
}
