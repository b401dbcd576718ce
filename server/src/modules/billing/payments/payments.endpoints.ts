import type { EndpointCase } from '../../../../test/endpoints';
import { customerWith, payingCustomer, rowOf } from '../../customers/customers.fixtures';

const DETAIL = '/customer/customerdetail';
const MANAGE = 'customer:payments:manage';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/customerPayment/queryList',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: (await payingCustomer(t)).id }),
    badBodies: [{}, { customerId: 'x' }],
  },
  {
    path: '/customerPayment/detail',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await rowOf(t, 'customer_payments', 'true')).id }),
    badBodies: [{}, { id: 1.5 }],
  },
  {
    path: '/customerPayment/add',
    permission: MANAGE,
    deniedRole: 'sales',
    validBody: async (t) => ({
      customerId: (await payingCustomer(t)).id,
      paidOn: '2026-11-20',
      amountCents: 18_500,
      gratuityCents: 2000,
      method: 'check',
      checkNumber: '2044',
    }),
    badBodies: [
      {},
      { customerId: 1, paidOn: '2026-11-20', amountCents: 0, method: 'cash' },
      { customerId: 1, paidOn: '2026-11-20', amountCents: 100, method: 'check' },
      { customerId: 1, paidOn: '2026-11-20', amountCents: 100, method: 'bitcoin' },
      { customerId: 1, paidOn: '11/20/2026', amountCents: 100, method: 'cash' },
      { customerId: 1, paidOn: '2026-11-20', amountCents: 12.5, method: 'cash' },
      { customerId: 1, paidOn: '2026-11-20', amountCents: 100, method: 'credit_card', cardLast4: '4111111111111111' },
      { customerId: 1, paidOn: '2026-11-20', amountCents: 100, method: 'cash', invoiceId: 'x' },
    ],
  },
  {
    path: '/customerPayment/void',
    permission: MANAGE,
    deniedRole: 'sales',
    validBody: async (t) => {
      const customer = await payingCustomer(t);
      const payment = await rowOf(
        t,
        'customer_payments',
        `customer_id = ${customer.id} and kind = 'payment' and reversed_by_id is null`,
      );
      return { ...payment, reason: 'Entered twice' };
    },
    badBodies: [{}, { id: 1, version: 1 }, { id: 1, version: 1, reason: '' }],
  },
  {
    path: '/customerRefund/queryList',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      customerId: (await customerWith(t, 'exists (select 1 from customer_refunds r where r.customer_id = c.id)')).id,
    }),
    badBodies: [{}, { customerId: 0 }],
  },
  {
    path: '/customerRefund/add',
    permission: MANAGE,
    deniedRole: 'sales',
    validBody: async (t) => ({
      customerId: (await payingCustomer(t)).id,
      refundedOn: '2026-11-21',
      amountCents: 100,
      reason: 'damage',
      status: 'refunded',
      note: 'Broken vase',
    }),
    badBodies: [
      {},
      { customerId: 1, refundedOn: '2026-11-21', amountCents: 100, reason: 'changed mind' },
      { customerId: 1, refundedOn: '2026-11-21', amountCents: -100, reason: 'damage' },
      { customerId: 1, refundedOn: '2026-11-21', amountCents: 100, reason: 'damage', status: 'pending' },
    ],
  },
  {
    path: '/customerRefund/changeStatus',
    permission: MANAGE,
    deniedRole: 'sales',
    validBody: async (t) => ({ ...(await rowOf(t, 'customer_refunds', `status = 'refunded'`)), status: 'not_refunded' }),
    badBodies: [{}, { id: 1, version: 1, status: 'maybe' }],
  },
];
