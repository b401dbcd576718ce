import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../../test/endpoints';
import { failedEntry, OPEN_DATE, someCustomer } from './card-queue.fixtures';

const QUEUE = '/office/creditcardcollection';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/cardQueue/queryList',
    permission: QUEUE,
    deniedRole: 'sales',
    validBody: () => ({ pageNum: 1, pageSize: 20, status: 'failed', dateFrom: '2026-01-01', dateTo: OPEN_DATE }),
    badBodies: [{ status: 'lost' }, { dateFrom: '2026-02-30' }, { pageSize: 101 }],
  },
  {
    path: '/cardQueue/detail',
    permission: QUEUE,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: (await failedEntry(t)).id }),
    badBodies: [{}, { id: 'one' }],
  },
  {
    path: '/cardQueue/pendingIds',
    permission: QUEUE,
    deniedRole: 'sales',
    validBody: () => ({ dateFrom: '2026-01-01' }),
    badBodies: [{ dateTo: 'tomorrow' }],
  },
  {
    path: '/cardQueue/process',
    permission: QUEUE,
    deniedRole: 'sales',
    validBody: () => ({ ids: [2_000_000_000] }),
    badBodies: [{}, { ids: [] }, { ids: Array.from({ length: 21 }, (_, i) => i + 1) }, { ids: ['x'] }],
  },
  {
    path: '/cardQueue/retry',
    permission: QUEUE,
    deniedRole: 'sales',
    validBody: async (t) => {
      const entry = await failedEntry(t);
      return { id: entry.id, version: entry.version };
    },
    badBodies: [{}, { id: 1 }, { id: 1, version: 'v' }],
  },
  {
    path: '/cardQueue/resolve',
    permission: QUEUE,
    deniedRole: 'sales',
    validBody: async (t) => {
      const entry = await failedEntry(t);
      return { id: entry.id, version: entry.version, resolution: 'written_off', note: 'Customer moved away' };
    },
    badBodies: [
      { id: 1, version: 1, resolution: 'written_off', note: '' },
      { id: 1, version: 1, resolution: 'retried' },
      { id: 1, version: 1, resolution: 'paid_other', method: 'cash', note: 'x'.repeat(501) },
      // Paid another way names how: a method, and a check's number.
      { id: 1, version: 1, resolution: 'paid_other' },
      { id: 1, version: 1, resolution: 'paid_other', method: 'wire' },
      { id: 1, version: 1, resolution: 'paid_other', method: 'check', reference: '' },
    ],
  },
  { path: '/cardQueue/gatewayConfig', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/cardQueue/saveCard',
    permission: '/customer/customerdetail',
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: await someCustomer(t, 3), paymentMethodId: 'pm_card_mastercard' }),
    badBodies: [
      { customerId: 1 },
      { customerId: 1, paymentMethodId: '4242424242424242' },
      { customerId: 1, paymentMethodId: 'tok visa' },
      { paymentMethodId: 'pm_card_visa' },
    ],
  },
];
