import type { EndpointCase } from '../../../../test/endpoints';
import { businessToday } from '../../../platform/business-date';
import { rowOf } from '../../customers/customers.fixtures';
import { activeTeam, jobIn, modifyBody, newJob, pricedItem, SERVICE_DATE, scheduledJob } from './jobs.fixtures';

const LIST = '/service/worklist';
const DETAIL = '/service/workdeatil';
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/job/queryList',
    permission: LIST,
    deniedRole: 'cleaner',
    validBody: () => ({ dateFrom: '2026-01-01', statuses: ['scheduled'], sort: { field: 'serviceDate', order: 'ascend' } }),
    badBodies: [{ pageSize: 1000 }, { dateFrom: '2026-13-01' }, { statuses: ['done'] }, { teamId: -1 }],
  },
  {
    path: '/job/export',
    method: 'GET',
    permission: 'service:jobs:export',
    deniedRole: 'sales',
    validBody: () => ({ dateFrom: '2026-01-01', statuses: 'scheduled,completed' }),
    badBodies: [{ dateFrom: 'yesterday' }, { statuses: 'done' }, { teamId: 'x' }],
  },
  {
    path: '/job/dueReminders',
    permission: LIST,
    deniedRole: 'cleaner',
    validBody: () => ({}),
    badBodies: [{ date: '2026-02-30' }, { pageSize: 0 }],
  },
  {
    path: '/job/detail',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await newJob(t)).id }),
    badBodies: [{}, { id: 'one' }],
  },
  {
    path: '/job/add',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => ({
      locationId: (await rowOf(t, 'customer_locations', 'deleted_at is null')).id,
      teamId: (await activeTeam(t)).id,
      serviceDate: SERVICE_DATE,
      startTime: '10:30',
      lines: [{ priceItemId: (await pricedItem(t)).id, quantity: 2 }],
    }),
    badBodies: [
      {},
      { locationId: 1, startTime: '25:00' },
      { locationId: 1, lines: [{ priceItemId: 1, quantity: -1 }] },
      { locationId: 1, lines: [{ priceItemId: 1, quantity: 1, free: true }] },
      { locationId: 999_999 },
      { locationId: 1, teamId: 999_999 },
    ],
  },
  {
    path: '/job/modify',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => modifyBody(t, (await newJob(t)).id, { notes: 'Use the side door', durationMinutes: 120 }),
    badBodies: [{}, { id: 1, version: 1, windowStart: '9am' }, { id: 1, version: 1, couponCents: -5 }],
  },
  {
    path: '/job/saveLines',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => {
      const job = await scheduledJob(t);
      return { id: job.id, version: job.version, lines: [{ priceItemId: (await pricedItem(t)).id, quantity: 3 }] };
    },
    badBodies: [
      { id: 1, version: 1 },
      { id: 1, version: 1, lines: [{ quantity: 1 }] },
      { id: 1, version: 1, lines: [{ priceItemId: 1, quantity: 0 }] },
    ],
  },
  {
    path: '/job/updateState',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => {
      // Dated today: a job is completed only once its day has come.
      const job = await scheduledJob(t, { serviceDate: await businessToday(t.db) });
      return { id: job.id, version: job.version, status: 'completed', actualMinutes: 140 };
    },
    badBodies: [
      {},
      { id: 1, version: 1, status: 'done' },
      { id: 1, version: 1, status: 'scheduled', serviceDate: SERVICE_DATE, startTime: '09:00' },
      { id: 1, version: 1, status: 'uncompleted', reason: '' },
      { id: 1, version: 1, status: 'cancelled', reason: 'bored' },
    ],
  },
  {
    path: '/job/reclean',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await jobIn(t, 'completed')).id, reason: 'Kitchen floor missed' }),
    badBodies: [{}, { id: 1, reason: '' }, { id: 1, reason: 'x', serviceDate: '12/01/2026' }],
  },
  {
    path: '/job/addPayment',
    permission: 'customer:payments:manage',
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const job = await jobIn(t, 'completed');
      const [row] = await (await import('../../../platform/database')).queryRows<{ customer_id: number }>(
        t.db,
        (await import('drizzle-orm')).sql`select customer_id from jobs where id = ${job.id}`,
      );
      // A payment is dated on a day that has come (the service date is ahead).
      return { jobId: job.id, customerId: Number(row!.customer_id), paidOn: '2026-11-20', amountCents: 15000, method: 'cash' };
    },
    badBodies: [
      {},
      { jobId: 1, customerId: 1, paidOn: SERVICE_DATE, amountCents: 0, method: 'cash' },
      { jobId: 1, customerId: 1, paidOn: SERVICE_DATE, amountCents: 100, method: 'check' },
    ],
  },
  {
    path: '/job/uploadImage',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => ({ jobId: (await newJob(t)).id, kind: 'before', name: 'kitchen.png', contentBase64: PNG }),
    badBodies: [
      {},
      { jobId: 1, kind: 'during', name: 'a.png', contentBase64: PNG },
      { jobId: 1, kind: 'after', name: 'a.png', contentBase64: Buffer.from('<svg/>').toString('base64') },
      { jobId: 1, kind: 'after', name: '', contentBase64: PNG },
    ],
  },
  {
    path: '/job/image',
    method: 'GET',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => {
      const job = await newJob(t);
      const token = await t.loginAs('super_admin');
      const result = await t.call<{ id: number }>('/job/uploadImage', {
        token,
        body: { jobId: job.id, kind: 'after', name: 'bath.png', contentBase64: PNG },
      });
      return { id: result.data.id };
    },
    badBodies: [{ id: 'abc' }, { id: -1 }],
  },
  {
    path: '/job/removeImage',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => {
      const job = await newJob(t);
      const token = await t.loginAs('super_admin');
      const result = await t.call<{ id: number }>('/job/uploadImage', {
        token,
        body: { jobId: job.id, kind: 'after', name: 'bath.png', contentBase64: PNG },
      });
      return { id: result.data.id };
    },
    badBodies: [{}, { id: 0 }],
  },
  {
    path: '/job/addReminder',
    permission: DETAIL,
    deniedRole: 'sales',
    validBody: async (t) => ({ jobId: (await newJob(t)).id, dueDate: SERVICE_DATE, note: 'Call to confirm the gate code' }),
    badBodies: [{}, { jobId: 1, dueDate: SERVICE_DATE, note: '' }, { jobId: 1, note: 'x' }],
  },
  ...(['/job/modifyReminder', '/job/setReminderDone', '/job/removeReminder'] as const).map(
    (path): EndpointCase => ({
      path,
      permission: DETAIL,
      deniedRole: 'sales',
      validBody: async (t) => {
        const job = await newJob(t);
        const token = await t.loginAs('super_admin');
        const result = await t.call<{ id: number; version: number }>('/job/addReminder', {
          token,
          body: { jobId: job.id, dueDate: SERVICE_DATE, note: 'Bring the ladder' },
        });
        const { id, version } = result.data;
        if (path === '/job/modifyReminder') return { id, version, dueDate: '2026-12-02', note: 'Bring the tall ladder' };
        if (path === '/job/setReminderDone') return { id, done: true };
        return { id };
      },
      badBodies:
        path === '/job/modifyReminder'
          ? [{}, { id: 1, version: 1, dueDate: 'soon', note: 'x' }]
          : path === '/job/setReminderDone'
            ? [{}, { id: 1, done: 'yes' }]
            : [{}, { id: 'x' }],
    }),
  ),
];
