import type { EndpointCase } from '../../../test/endpoints';

const SCREEN = '/sys/logs';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/sysLog/queryLogin',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ pageNum: 1, pageSize: 50, dateFrom: '2026-01-01', dateTo: '2026-12-31', uname: 'ad', success: true }),
    badBodies: [
      { dateFrom: '2026-02-30' },
      { dateFrom: '2026-03-01', dateTo: '2026-02-01' },
      { result: 'great' },
      { success: 'yes' },
      { pageSize: 500 },
    ],
  },
  {
    path: '/sysLog/queryOperation',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ pageNum: 1, module: 'roles', action: 'modify', text: 'role', uname: 'admin' }),
    badBodies: [{ dateTo: '03/01/2026' }, { userId: 'admin' }, { module: 'x'.repeat(49) }, { text: 7 }],
  },
  {
    path: '/sysLog/clear',
    permission: 'sys:logs:clear',
    deniedRole: 'sales',
    validBody: () => ({ option: 'threeMonths', target: 'both' }),
    badBodies: [
      {},
      { option: 'sixMonths' },
      { option: 'date' },
      { option: 'date', date: '2026-13-01' },
      { option: 'oneMonth', target: 'sessions' },
    ],
  },
];
