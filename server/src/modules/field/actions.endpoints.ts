import { randomUUID } from 'node:crypto';
import { FIELD_SYNC_MAX_ACTIONS, FIELD_USE_KEY } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import { crewJobToday } from './actions.fixtures';

const now = () => new Date().toISOString();
const punch = (extra: Record<string, unknown> = {}) => ({ key: randomUUID(), at: now(), kind: 'clockIn', ...extra });

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/field/punch',
    permission: FIELD_USE_KEY,
    deniedRole: 'sales',
    allowedRole: 'cleaner',
    validBody: () => punch({ location: { lat: 37.56, lng: -122.32, accuracyM: 12 } }),
    badBodies: [
      {},
      punch({ key: 'not-a-uuid' }),
      punch({ at: '2026-11-27 08:00' }),
      punch({ kind: 'clockOut' }),
      punch({ kind: 'nap' }),
      punch({ location: { lat: 91, lng: 0, accuracyM: 5 } }),
    ],
  },
  {
    path: '/field/jobEvent',
    permission: FIELD_USE_KEY,
    deniedRole: 'sales',
    allowedRole: 'cleaner',
    validBody: async (t) => ({
      key: randomUUID(),
      at: now(),
      jobId: (await crewJobToday(t)).id,
      kind: 'note',
      note: 'Side gate was open',
    }),
    badBodies: [
      {},
      { key: randomUUID(), at: now(), jobId: 0, kind: 'checkIn' },
      { key: randomUUID(), at: now(), jobId: 1, kind: 'note' },
      { key: randomUUID(), at: now(), jobId: 1, kind: 'checklist', checklist: [] },
      { key: randomUUID(), at: now(), jobId: 1, kind: 'tidy' },
    ],
  },
  {
    path: '/field/sync',
    permission: FIELD_USE_KEY,
    deniedRole: 'sales',
    allowedRole: 'cleaner',
    validBody: () => ({ actions: [{ type: 'punch', ...punch() }] }),
    badBodies: [
      {},
      { actions: [] },
      { actions: [{ type: 'punch', ...punch({ key: 'x' }) }] },
      { actions: [{ type: 'coffee', ...punch() }] },
      { actions: Array.from({ length: FIELD_SYNC_MAX_ACTIONS + 1 }, () => ({ type: 'punch', ...punch() })) },
    ],
  },
];
