import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EndpointCase } from '../../../../test/endpoints';
import type { TestApp } from '../../../../test/helper';
import { queryRows } from '../../../platform/database';
import { messageParamsVersion } from './message-params.service';
import { outboxMessages } from './outbox.tables';

const SCREEN = '/office/messages';

/** A failed text to the first customer: something the office may retry. */
async function failedMessage(t: TestApp) {
  const [customer] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from customers where deleted_at is null order by id limit 1`,
  );
  const [row] = await t.db
    .insert(outboxMessages)
    .values({
      event: 'jobReminder',
      customerId: Number(customer!.id),
      channel: 'sms',
      dedupeKey: `guard:${randomUUID()}`,
      idempotencyKey: randomUUID(),
      status: 'failed',
      lastError: 'provider 500',
    })
    .returning();
  return row!;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/outbox/queryList',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({
      pageNum: 1,
      pageSize: 20,
      status: 'failed',
      channel: 'sms',
      event: 'jobReminder',
      dateFrom: '2026-01-01',
    }),
    badBodies: [{ status: 'lost' }, { channel: 'fax' }, { event: 'birthday' }, { dateTo: '2026-02-30' }, { pageSize: 101 }],
  },
  {
    path: '/outbox/retry',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => {
      const row = await failedMessage(t);
      return { id: row.id, version: row.version };
    },
    badBodies: [{}, { id: 1 }, { id: 'one', version: 1 }],
  },
  {
    path: '/smsSim/inbox',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ phone: '+14155550100' }),
    badBodies: [{ phone: 'x'.repeat(40) }, { phone: 5 }],
  },
  {
    path: '/smsSim/reply',
    permission: SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ from: '+14155550100', body: 'Thanks, see you tomorrow' }),
    badBodies: [
      {},
      { from: '', body: 'hi' },
      { from: '+14155550100', body: '' },
      { from: '+14155550100', body: 'x'.repeat(641) },
    ],
  },
  {
    path: '/sysParam/messageParams',
    permission: '/sys/positionparameter',
    deniedRole: 'scheduler',
    validBody: () => ({}),
    badBodies: [],
  },
  {
    path: '/sysParam/messageParamsModify',
    permission: '/sys/positionparameter',
    deniedRole: 'scheduler',
    validBody: async (t) => ({
      version: await messageParamsVersion(t.db),
      smsAccountSid: `AC${'a1'.repeat(16)}`,
      smsAuthToken: 'guard-token-123',
      smsFromNumber: '+14155550100',
      reminderLeadHours: 24,
      reviewRequestDays: 2,
    }),
    badBodies: [
      {},
      { version: 0, smsAccountSid: 'AC123', reminderLeadHours: 24, reviewRequestDays: 2 },
      { version: 0, smsFromNumber: '415-555-0100', reminderLeadHours: 24, reviewRequestDays: 2 },
      { version: 0, reminderLeadHours: 0, reviewRequestDays: 2 },
      { version: 0, reminderLeadHours: 24, reviewRequestDays: 61 },
    ],
  },
];
