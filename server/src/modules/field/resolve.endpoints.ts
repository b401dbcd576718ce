import { randomUUID } from 'node:crypto';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { userIdOf } from '../employees/test-support';
import { CLEANER, crewJobToday } from './actions.fixtures';
import { fieldActions, jobFieldStates } from './field.tables';

/** A job flagged by a field conflict (as a conflicting job event leaves it), so resolving it changes something. */
async function flaggedJob(t: TestApp) {
  const job = await crewJobToday(t);
  await t.db
    .insert(jobFieldStates)
    .values({ jobId: job.id, conflictAt: new Date() })
    .onConflictDoUpdate({ target: jobFieldStates.jobId, set: { conflictAt: new Date() } });
  return job.id;
}

/** A cleaner's flagged punch action of a day (as a conflicting clock-out leaves it). */
async function flaggedDay(t: TestApp, date: string) {
  const userId = await userIdOf(t, CLEANER);
  await t.db.insert(fieldActions).values({
    userId,
    key: randomUUID(),
    type: 'punch',
    kind: 'clockOut',
    recordedAt: new Date(`${date}T19:00:00Z`),
    workDate: date,
    status: 'conflict',
    messageKey: 'fieldActions.conflictPunch',
    messageParams: { kind: 'fieldActions.shift' },
  });
  return userId;
}

/** The office clearing field conflicts (F5): a cleaner holds neither permission (10003). */
export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/field/resolveJobConflict',
    permission: '/office/completionconfirmat',
    deniedRole: 'cleaner',
    validBody: async (t) => ({ jobId: await flaggedJob(t) }),
    badBodies: [{}, { jobId: 'x' }, { jobId: 0 }],
  },
  {
    path: '/field/resolveCardConflicts',
    permission: '/employee/attendance',
    deniedRole: 'cleaner',
    validBody: async (t) => ({ userId: await flaggedDay(t, '2022-01-04'), date: '2022-01-04' }),
    badBodies: [{}, { userId: 1 }, { userId: 1, date: '2022-13-40' }, { userId: -1, date: '2022-01-04' }],
  },
];
