import type { EndpointCase } from '../../../test/endpoints';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/dashboard/query',
    permission: '/quick/dashboard',
    deniedRole: 'cleaner',
    validBody: () => ({}),
    badBodies: [
      { dateFrom: '2026-11-01' },
      { dateFrom: '2026-11-10', dateTo: '2026-11-01' },
      { dateFrom: '2026-01-01', dateTo: '2026-12-31' },
      { dateFrom: 'yesterday', dateTo: '2026-11-01' },
    ],
  },
];
