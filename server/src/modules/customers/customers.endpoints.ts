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
      { balance: 'owing' },
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
      // The card on file comes only from the gateway capture (/cardQueue/saveCard).
      { ...profile, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holderName: 'Helen Zhao' } },
      { ...profile, cardVendorToken: 'pm_card_mastercard' },
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
    badBodies: [
      {},
      { id: 1, ...profile },
      { id: 1, version: 1, ...profile, status: 'active', language: 'fr' },
      { id: 1, version: 1, ...profile, card: { brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2031 } },
      { id: 1, version: 1, ...profile, cardVendorToken: 'pm_card_mastercard' },
      { id: 1, version: 1, ...profile, gatewayCustomerId: 'cus_other' },
    ],
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
