import type { EndpointCase } from '../../../../test/endpoints';
import { rowOf } from '../../customers/customers.fixtures';

const DETAIL = '/customer/customerdetail';
const MANAGE = 'customer:payments:manage';

/** A live demo invoice whose issue day is open (yesterday's office day is closed in the demo). */
const openDayInvoice = (t: Parameters<typeof rowOf>[0]) =>
  rowOf(
    t,
    'invoices',
    `status <> 'void' and not exists (select 1 from office_days d where d.business_date = invoices.issued_on and d.status = 'closed')`,
  );

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/invoice/queryList',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: () => ({ unpaidOnly: true, issuedFrom: '2026-01-01', keyword: 'INV-' }),
    badBodies: [
      { pageSize: 1000 },
      { status: 'lost' },
      { customerId: 'x' },
      { issuedFrom: '11/01/2026' },
      { keyword: 'x'.repeat(65) },
    ],
  },
  {
    path: '/invoice/detail',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await rowOf(t, 'invoices', 'true')).id }),
    badBodies: [{}, { id: 1.5 }, { id: 'x' }],
  },
  {
    path: '/invoice/void',
    permission: MANAGE,
    deniedRole: 'sales',
    validBody: async (t) => ({ ...(await openDayInvoice(t)), reason: 'Billed to the wrong customer' }),
    badBodies: [{}, { id: 1, version: 1 }, { id: 1, version: 1, reason: '   ' }, { id: 1, version: 1, reason: 'x'.repeat(501) }],
  },
];
