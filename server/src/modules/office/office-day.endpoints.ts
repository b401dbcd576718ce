import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { businessToday } from '../../platform/business-date';
import { SERVICE_DATE, scheduledJob } from '../service/jobs/jobs.fixtures';

const START_OF_DAY = '/office/dailyschedule';
const JOB_COMPLETION = '/office/completionconfirmat';
const CLOSE_DAY = '/office/confirmshutdown';

/** A fresh empty day (no jobs, no payments) per call, so closes and reopens never meet. */
let emptyDays = 0;
const emptyDay = () => {
  emptyDays++;
  return `2033-${String(1 + Math.floor(emptyDays / 28)).padStart(2, '0')}-${String(1 + (emptyDays % 28)).padStart(2, '0')}`;
};

async function closedDay(t: TestApp) {
  const date = emptyDay();
  const token = await t.loginAs('super_admin');
  const result = await t.call('/officeDay/close', { token, body: { date, countedCashCents: 0, countedCheckCents: 0 } });
  if (result.code !== 0) throw new Error(`close failed: ${result.code} ${result.message}`);
  return date;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/officeDay/startOfDay',
    permission: START_OF_DAY,
    deniedRole: 'sales',
    validBody: () => ({ date: SERVICE_DATE }),
    badBodies: [{ date: '2026-02-30' }, { date: 20261201 }],
  },
  {
    path: '/derive/dayDerive',
    method: 'GET',
    permission: START_OF_DAY,
    deniedRole: 'sales',
    validBody: () => ({ date: SERVICE_DATE }),
    badBodies: [{ date: 'today' }, { date: '2026-13-01' }],
  },
  {
    path: '/derive/dayDerive',
    permission: START_OF_DAY,
    deniedRole: 'sales',
    validBody: () => ({ date: SERVICE_DATE }),
    badBodies: [{ date: 'today' }, { date: '2026-13-01' }, { date: 20261201 }],
  },
  {
    path: '/officeDay/completionList',
    permission: JOB_COMPLETION,
    deniedRole: 'sales',
    validBody: () => ({ date: SERVICE_DATE }),
    badBodies: [{ date: '12/01/2026' }],
  },
  {
    path: '/officeDay/confirmJob',
    permission: JOB_COMPLETION,
    deniedRole: 'sales',
    validBody: async (t) => {
      // Dated today: a job is completed only once its day has come.
      const job = await scheduledJob(t, { serviceDate: await businessToday(t.db) });
      return {
        id: job.id,
        version: job.version,
        outcome: 'completed',
        actualMinutes: 130,
        tipCents: 1000,
        payment: { method: 'check', amountCents: 5000, checkNumber: '1024' },
      };
    },
    badBodies: [
      {},
      { id: 1, version: 1, outcome: 'done' },
      { id: 1, version: 1, outcome: 'completed', actualMinutes: 2000 },
      { id: 1, version: 1, outcome: 'completed', actualMinutes: 60, payment: { method: 'check', amountCents: 100 } },
      { id: 1, version: 1, outcome: 'completed', actualMinutes: 60, payment: { method: 'cash', amountCents: 0 } },
      { id: 1, version: 1, outcome: 'uncompleted', reason: ' ' },
    ],
  },
  {
    path: '/officeDay/bulkConfirm',
    permission: JOB_COMPLETION,
    deniedRole: 'sales',
    validBody: async (t) => {
      const date = await businessToday(t.db);
      return { date, ids: [(await scheduledJob(t, { serviceDate: date })).id], apply: true };
    },
    badBodies: [{ date: SERVICE_DATE, ids: [] }, { ids: [1] }, { date: SERVICE_DATE, ids: [0] }],
  },
  {
    path: '/officeDay/verify',
    permission: CLOSE_DAY,
    deniedRole: 'scheduler',
    validBody: () => ({ date: SERVICE_DATE, countedCashCents: 0 }),
    badBodies: [{ date: 'x' }, { countedCashCents: -1 }, { countedCheckCents: 1.5 }],
  },
  {
    path: '/officeDay/close',
    permission: CLOSE_DAY,
    deniedRole: 'scheduler',
    validBody: () => ({ date: emptyDay(), countedCashCents: 0, countedCheckCents: 0 }),
    badBodies: [
      {},
      { date: SERVICE_DATE, countedCashCents: 0 },
      { date: SERVICE_DATE, countedCashCents: -5, countedCheckCents: 0 },
    ],
  },
  {
    path: '/officeDay/reopen',
    permission: 'office:day:reopen',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ date: await closedDay(t), reason: 'A check was entered on the wrong customer' }),
    badBodies: [{ date: SERVICE_DATE }, { date: SERVICE_DATE, reason: '' }],
  },
];
