import { eq, sql } from 'drizzle-orm';
import type { EndpointCase } from '../../../../test/endpoints';
import type { TestApp } from '../../../../test/helper';
import { customers } from '../../customers/customers.tables';
import { customerMessageChoices, messageTemplates } from './templates.tables';

const SCREEN = '/sys/messagetemplate';
const EDIT = 'messageTemplate:edit';
const DETAIL = '/customer/customerdetail';

async function reminderTemplates(t: TestApp) {
  return t.db.select().from(messageTemplates).where(eq(messageTemplates.event, 'jobReminder'));
}

async function liveCustomer(t: TestApp) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(sql`${customers.deletedAt} is null`).limit(1);
  return row!.id;
}

const GOOD_TEXT = { subject: 'See you {{date}}', body: 'Hi {{customer}}, we arrive {{window}}.' };

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/messageTemplate/queryList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ event: 'jobReminder', language: 'zh' }),
    badBodies: [{ event: 'birthday' }, { language: 'fr' }],
  },
  {
    path: '/messageTemplate/update',
    permission: EDIT,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const email = (await reminderTemplates(t)).find((row) => row.channel === 'email' && row.language === 'en')!;
      return { event: 'jobReminder', enabled: true, templates: [{ id: email.id, version: email.version, ...GOOD_TEXT }] };
    },
    badBodies: [
      {},
      { event: 'jobReminder' },
      { event: 'jobReminder', enabled: 'yes' },
      { event: 'jobReminder', enabled: true, linkUrl: 'javascript:alert(1)' },
      { event: 'jobReminder', enabled: true, templates: [{ id: 1, version: 1, body: '' }] },
      { event: 'jobReminder', enabled: true, templates: [{ id: 1, version: 1, body: 'Hi {{customer}} {{colour}}' }] },
      { event: 'jobReminder', enabled: true, templates: [{ id: 1, version: 1, body: 'x'.repeat(4001) }] },
    ],
  },
  {
    path: '/messageTemplate/preview',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ event: 'jobConfirmation' }),
    badBodies: [{}, { event: 'jobReminder', jobId: 0 }, { event: 'jobReminder', templates: [{ id: 1, body: '{{amount}}' }] }],
  },
  {
    path: '/customerMessageChoice/detail',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => ({ customerId: await liveCustomer(t) }),
    badBodies: [{}, { customerId: 'one' }],
  },
  {
    path: '/customerMessageChoice/update',
    permission: DETAIL,
    deniedRole: 'cleaner',
    validBody: async (t) => {
      const customerId = await liveCustomer(t);
      const [saved] = await t.db
        .select({ version: customerMessageChoices.version })
        .from(customerMessageChoices)
        .where(eq(customerMessageChoices.customerId, customerId));
      return {
        customerId,
        version: saved?.version ?? null,
        emailEnabled: true,
        smsEnabled: true,
        consentDate: '2026-01-15',
        consentSource: 'phone',
        smsOptedOut: false,
        emailOptedOut: false,
      };
    },
    badBodies: [
      {},
      {
        customerId: 1,
        version: null,
        emailEnabled: true,
        smsEnabled: true,
        consentDate: '2026-02-30',
        consentSource: 'phone',
        smsOptedOut: false,
        emailOptedOut: false,
      },
      {
        customerId: 1,
        version: null,
        emailEnabled: true,
        smsEnabled: true,
        consentDate: '2026-01-15',
        consentSource: null,
        smsOptedOut: false,
        emailOptedOut: false,
      },
      {
        customerId: 1,
        version: null,
        emailEnabled: true,
        smsEnabled: true,
        consentDate: null,
        consentSource: 'fax',
        smsOptedOut: false,
        emailOptedOut: false,
      },
    ],
  },
];
