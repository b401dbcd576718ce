import type { EndpointCase } from '../../../test/endpoints';
import { inboundMessages } from '../messaging/outbox/outbox.tables';
import { customerWith, rowOf, userIdOf } from './customers.fixtures';

const LOG = '/customer/connectrecord';

const entry = { purpose: 'follow_up', type: 'call', contactDate: '2026-11-20', subject: 'Checked in after the first clean' };

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/connectRecord/queryList',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: () => ({ pageNum: 1, pageSize: 20, status: 'open', followUpDue: true }),
    badBodies: [{ status: 'closed' }, { type: 'fax' }, { contactFrom: 'yesterday' }, { followUpDue: 'yes' }],
  },
  {
    path: '/connectRecord/detail',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ id: (await rowOf(t, 'connect_records', 'deleted_at is null')).id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/connectRecord/add',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      customerId: (await customerWith(t, `status = 'active'`)).id,
      ...entry,
      loggedForId: await userIdOf(t, 'sales'),
      followUpDate: '2026-11-25',
    }),
    badBodies: [
      {},
      { customerId: 1, ...entry, subject: '' },
      { customerId: 1, ...entry, type: 'fax' },
      { customerId: 1, ...entry, purpose: undefined },
      { customerId: 1, ...entry, contactDate: undefined },
      { customerId: 1, ...entry, followUpDate: '2026-11-31' },
    ],
  },
  {
    path: '/connectRecord/modify',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      ...(await rowOf(t, 'connect_records', `deleted_at is null and status = 'open'`)),
      ...entry,
      status: 'done',
    }),
    badBodies: [{}, { id: 1, ...entry }, { id: 1, version: 1, ...entry, status: 'archived' }],
  },
  {
    path: '/connectRecord/messageList',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: (await customerWith(t, 'true')).id, pageNum: 1, pageSize: 20 }),
    badBodies: [{}, { customerId: 'x' }, { customerId: 1, direction: 'sideways' }, { customerId: 1, pageSize: 1000 }],
  },
  {
    path: '/connectRecord/textHandled',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const customer = await customerWith(t, 'true');
      const [row] = await t.db
        .insert(inboundMessages)
        .values({
          providerId: `SMguard${Date.now()}${Math.random()}`,
          fromPhone: '+15105550100',
          body: 'Can you come at 10 instead?',
          customerId: customer.id,
        })
        .returning({ id: inboundMessages.id });
      return { id: row!.id };
    },
    badBodies: [{}, { id: 0 }, { id: 'x' }],
  },
  {
    path: '/connectRecord/remove',
    permission: LOG,
    deniedRole: 'cleaner',
    validBody: async (t) => rowOf(t, 'connect_records', 'deleted_at is null', 'id desc'),
    badBodies: [{}, { id: 1 }],
  },
];
