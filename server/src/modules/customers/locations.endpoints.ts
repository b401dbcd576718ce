import type { EndpointCase } from '../../../test/endpoints';
import { customerWith, locationBody, locationWith, userIdOf } from './customers.fixtures';

const DETAIL = '/customer/customerdetail';

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/customerLocation/queryList',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: (await customerWith(t, `status = 'active'`)).id }),
    badBodies: [{}, { customerId: 'x' }],
  },
  {
    path: '/customerLocation/detail',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await locationWith(t, 'true')).id }),
    badBodies: [{}, { id: -1 }],
  },
  {
    path: '/customerLocation/add',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      customerId: (await customerWith(t, `status = 'active'`)).id,
      ...locationBody({ keyCode: '4821' }),
    }),
    badBodies: [
      {},
      { customerId: 1, ...locationBody({ name: '' }) },
      { customerId: 1, ...locationBody({ primaryContact: ' ' }) },
      { customerId: 1, ...locationBody({ houseType: 'igloo' }) },
      { customerId: 1, ...locationBody({ address1: undefined }) },
      { customerId: 1, ...locationBody({ zip: undefined }) },
      { customerId: 1, ...locationBody({ zip: 'ABCDE' }) },
      { customerId: 1, ...locationBody({ sqft: -5 }) },
    ],
  },
  {
    path: '/customerLocation/modify',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const location = await locationWith(t, `is_primary`, 'id desc');
      return { id: location.id, version: location.version, ...locationBody({ isPrimary: true, alarmCode: '' }) };
    },
    badBodies: [{}, { id: 1, ...locationBody() }, { id: 1, version: 1, ...locationBody({ gateCode: 'x'.repeat(40) }) }],
  },
  {
    path: '/customerLocation/remove',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const location = await locationWith(t, `key_location is null and not is_primary`, 'id desc');
      return { id: location.id, version: location.version };
    },
    badBodies: [{}, { id: 1 }],
  },
  {
    path: '/customerKey/queryList',
    permission: '/customer/secretkey',
    deniedRole: 'sales',
    validBody: () => ({ pageNum: 1, pageSize: 50, keyLocation: 'with_team' }),
    badBodies: [{ keyLocation: 'lost' }, { hasKey: 'yes' }, { pageNum: 0 }],
  },
  {
    path: '/customerKey/modify',
    permission: '/customer/secretkey',
    deniedRole: 'sales',
    validBody: async (t) => {
      const location = await locationWith(t, `key_location = 'office_safe'`);
      return {
        locationId: location.id,
        version: location.version,
        keyTag: 'K-900',
        keyLocation: 'with_team',
        holderId: await userIdOf(t, 'mei.lin'),
      };
    },
    badBodies: [
      {},
      { locationId: 1, version: 1, keyTag: 'K-1', keyLocation: 'with_team' },
      { locationId: 1, version: 1, keyTag: '', keyLocation: 'office_safe' },
      { locationId: 1, version: 1, keyTag: 'K-1', keyLocation: 'under_mat' },
    ],
  },
  {
    path: '/customerKey/reveal',
    permission: 'customer:keys:reveal',
    deniedRole: 'scheduler',
    validBody: async (t) => ({ locationId: (await locationWith(t, 'key_code_encrypted is not null')).id, field: 'key' }),
    badBodies: [{}, { locationId: 1, field: 'safe' }, { field: 'key' }],
  },
  {
    path: '/customerKey/history',
    permission: '/customer/secretkey',
    deniedRole: 'sales',
    validBody: async (t) => ({ locationId: (await locationWith(t, `key_tag <> ''`)).id }),
    badBodies: [{}, { locationId: 'x' }],
  },
];
