import type { EndpointCase } from '../../../../test/endpoints';
import { activeTeam, newJob, SERVICE_DATE } from '../jobs/jobs.fixtures';

/** A day of its own per call (far ahead: no seeded job, leave or outage). */
let days = 0;
const conflictDay = () => {
  days++;
  return `2034-${String(1 + Math.floor(days / 28)).padStart(2, '0')}-${String(1 + (days % 28)).padStart(2, '0')}`;
};

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/officeDay/acknowledgeConflict',
    permission: '/office/dailyschedule',
    deniedRole: 'sales',
    // A job placed after its arrival window: a conflict of its day to acknowledge.
    validBody: async (t) => {
      const date = conflictDay();
      const team = await activeTeam(t);
      const job = await newJob(t, { windowStart: '09:00', windowEnd: '10:00' });
      const result = await t.call('/jhSchedule/moveJob', {
        token: await t.loginAs('super_admin'),
        body: { id: job.id, version: job.version, teamId: team.id, date, startTime: '11:00' },
      });
      if (result.code !== 0) throw new Error(`moveJob failed: ${result.code} ${result.message}`);
      return { date, key: `beyondArrivalWindow:${job.id}` };
    },
    badBodies: [
      { date: '2026-02-30', key: 'jobOverlap:1:2' },
      { date: SERVICE_DATE },
      { date: SERVICE_DATE, key: '   ' },
      { date: SERVICE_DATE, key: 12 },
      { date: SERVICE_DATE, key: 'x'.repeat(201) },
    ],
  },
];
