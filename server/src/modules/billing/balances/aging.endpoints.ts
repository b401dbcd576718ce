import type { EndpointCase } from '../../../../test/endpoints';

const AGING = '/customer/aging';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/billing/aging',
    permission: AGING,
    deniedRole: 'scheduler',
    allowedRole: 'office_manager',
    validBody: () => ({ pageNum: 1, pageSize: 20, pastDueOnly: true }),
    badBodies: [{ pageSize: 0 }, { pastDueOnly: 'yes' }, { keyword: 'x'.repeat(65) }, { pageNum: 1.5 }],
  },
  {
    path: '/billing/agingExport',
    method: 'GET',
    permission: AGING,
    deniedRole: 'sales',
    allowedRole: 'office_manager',
    validBody: () => ({ pastDueOnly: 'true', keyword: 'Thompson' }),
    badBodies: [{ pastDueOnly: 'yes' }, { keyword: 'x'.repeat(65) }],
  },
];
