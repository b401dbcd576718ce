import type { EndpointCase } from '../../../../test/endpoints';
import { runningMailCatcher, startMailCatcher } from '../../../platform/mail-catcher';
import { payingCustomer } from '../../customers/customers.fixtures';
import { closedDay, liveInvoice, REACHABLE } from './documents.fixtures';

const DETAIL = '/customer/customerdetail';
const MANAGE = 'customer:payments:manage';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/invoice/pdf',
    method: 'GET',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await liveInvoice(t)).id }),
    badBodies: [{}, { id: 'x' }, { id: -1 }],
  },
  {
    path: '/customer/statement',
    method: 'GET',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: (await payingCustomer(t)).id }),
    badBodies: [
      {},
      { customerId: 'x' },
      { customerId: 1, from: '2026-13-01' },
      { customerId: 1, from: '2026-11-02', to: '2026-11-01' },
    ],
  },
  {
    path: '/invoice/send',
    permission: MANAGE,
    deniedRole: 'sales',
    // Mail goes to an in-process catcher (no SMTP server is set up in the test database).
    validBody: async (t) => {
      if (!runningMailCatcher()) await startMailCatcher(0);
      return { id: (await liveInvoice(t, REACHABLE)).id };
    },
    badBodies: [{}, { id: 'x' }, { id: 0 }],
  },
  {
    path: '/invoice/sendDay',
    permission: MANAGE,
    deniedRole: 'sales',
    validBody: async (t) => {
      if (!runningMailCatcher()) await startMailCatcher(0);
      await closedDay(t, '2020-01-06');
      return { serviceDate: '2020-01-06' };
    },
    badBodies: [{}, { serviceDate: '01/06/2020' }, { serviceDate: '2020-02-30' }],
  },
];
