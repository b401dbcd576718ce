import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import { customerWith, locationBody, rowOf, TEST_CARD_NUMBER } from './customers.fixtures';

const LIST = '/customer/customerlist';
const DETAIL = '/customer/customerdetail';

const profile = { name: 'Helen Zhao', phone1: '(650) 555-0142', email: 'helen.zhao@example.com' };

export const ENDPOINTS: EndpointCase[] = [
  { path: '/customer/options', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/customer/queryList',
    permission: LIST,
    deniedRole: 'cleaner',
    validBody: () => ({ pageNum: 1, pageSize: 20, keyword: 'chen', status: 'active' }),
    badBodies: [
      { pageSize: 101 },
      { status: 'gone' },
      { nextServiceFrom: '2026-02-30' },
      { zoneId: -3 },
      { keyword: 'x'.repeat(101) },
    ],
  },
  {
    path: '/customer/detail',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await customerWith(t, `status = 'active'`)).id }),
    badBodies: [{}, { id: 'one' }],
  },
  {
    path: '/customer/add',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: () => ({ ...profile, status: 'prospect', location: locationBody() }),
    badBodies: [
      {},
      { name: 'Helen Zhao' },
      { ...profile, phone1: '' },
      { ...profile, email: 'not-an-email' },
      { ...profile, location: locationBody({ name: '' }) },
      { ...profile, location: locationBody({ primaryContact: '' }) },
      { ...profile, location: locationBody({ houseType: undefined }) },
      { ...profile, location: locationBody({ address1: '' }) },
      { ...profile, location: locationBody({ zip: '' }) },
      { ...profile, note: `Visa ${TEST_CARD_NUMBER}` },
      { ...profile, language: 'fr' },
    ],
  },
  {
    path: '/customer/modify',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const customer = await customerWith(t, `status = 'active'`, 'id desc');
      return { id: customer.id, version: customer.version, ...profile, name: customer.name, note: 'Gate code changed in May.' };
    },
    badBodies: [{}, { id: 1, ...profile }, { id: 1, version: 1, ...profile, status: 'active', language: 'fr' }],
  },
  {
    path: '/customer/updateStatus',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ ...(await customerWith(t, `status = 'inactive'`)), name: undefined, status: 'active' }),
    badBodies: [{}, { id: 1, version: 1, status: 'sleeping' }, { id: 1, status: 'active' }],
  },
  {
    path: '/customer/remove',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const c = await customerWith(
        t,
        `status = 'prospect' and not exists (select 1 from customer_payments p where p.customer_id = c.id)`,
        'id desc',
      );
      return { id: c.id, version: c.version };
    },
    badBodies: [{}, { id: 1 }, { id: 1, version: 0 }],
  },
  {
    path: '/customer/preferences',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: (await customerWith(t, `status = 'active'`)).id }),
    badBodies: [{}, { customerId: 'x' }],
  },
  {
    path: '/customer/savePreferences',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const customer = await customerWith(t, `status = 'active'`);
      const preferences = await rowOf(t, 'customer_preferences', `customer_id = ${customer.id}`);
      return {
        customerId: customer.id,
        version: preferences.version,
        noticeMethod: 'text',
        invoiceType: 'email',
        paymentMethod: 'credit_card',
        preferredStartTime: '09:30',
        frequency: 'biweekly',
        healthConcern: 'Fragrance-free products only',
      };
    },
    badBodies: [
      {},
      { customerId: 1, version: 1, invoiceType: 'pigeon' },
      { customerId: 1, version: 1, preferredStartTime: '25:00' },
      { customerId: 1, version: 1, noticeMethod: 'fax' },
    ],
  },
];
