import { FIELD_USE_KEY } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import { fieldJob, PNG_DATA_URL, storedPhoto } from './field.fixtures';

/**
 * The field calls (issue 21): the cleaner on their own crew's job of today succeeds; a role without
 * `field:use` (the scheduler) is refused 10003. Another crew's job, tomorrow's reveal, an office user
 * and the cleaner's reach outside `/field/*` are in field.test.ts.
 */
export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/field/myDay',
    permission: FIELD_USE_KEY,
    deniedRole: 'scheduler',
    allowedRole: 'cleaner',
    validBody: () => ({}),
    badBodies: [{ date: '2026-13-45' }, { date: 20261201 }, { teamId: 0 }],
  },
  {
    path: '/field/revealCode',
    permission: FIELD_USE_KEY,
    deniedRole: 'scheduler',
    allowedRole: 'cleaner',
    validBody: async (t) => ({ jobId: (await fieldJob(t)).id, kind: 'key' }),
    badBodies: [{}, { jobId: 'x', kind: 'key' }, { jobId: 1, kind: 'safe' }],
  },
  {
    path: '/field/photo',
    permission: FIELD_USE_KEY,
    deniedRole: 'scheduler',
    allowedRole: 'cleaner',
    validBody: async (t) => ({ jobId: (await fieldJob(t)).id, kind: 'before', name: 'front.png', contentBase64: PNG_DATA_URL }),
    badBodies: [
      {},
      { jobId: 1, kind: 'during', name: 'a.png', contentBase64: PNG_DATA_URL },
      { jobId: 1, kind: 'after', name: '', contentBase64: PNG_DATA_URL },
    ],
  },
  {
    path: '/field/image',
    method: 'GET',
    permission: FIELD_USE_KEY,
    deniedRole: 'scheduler',
    allowedRole: 'cleaner',
    validBody: async (t) => ({ id: await storedPhoto(t, (await fieldJob(t)).id) }),
    badBodies: [{ id: 'x' }, { id: 0 }],
  },
];
