import { AUTHENTICATED } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { disclaimers, mailParameters, paymentParameters, quoteParameters } from './settings.tables';
import { businessProfile } from './system.tables';

const SCREEN = '/sys/positionparameter';
const unique = () => Math.random().toString(36).slice(2, 8);

const versionOf = async (
  t: TestApp,
  table: typeof businessProfile | typeof quoteParameters | typeof paymentParameters | typeof mailParameters,
) => (await t.db.select({ version: table.version }).from(table).where(eq(table.id, 1)))[0]!.version;

const PROFILE = {
  name: 'Tidyhouse Home Services',
  street: '1250 Bayshore Highway',
  suite: 'Suite 210',
  city: 'Burlingame',
  state: 'CA',
  zip: '94010',
  phone: '(650) 555-0142',
  email: 'office@tidyhouse.example',
  timeZone: 'America/Los_Angeles',
  salesTaxBps: 0,
  openingTime: '07:00',
  closingTime: '19:00',
};
const QUOTE = {
  minutesPerPersonPer1000Sqft: 45,
  priceRangeVarianceBps: 1000,
  maxDiscountBps: 1500,
  defaultTeamSize: 2,
  defaultPricePerMinuteCents: 95,
  overtimeMultiplierBps: 15000,
  dailyCleanMinutesGoal: 360,
  dailyRevenueGoalCents: 300000,
  paymentTermsDays: 14,
  fieldSessionIdleHours: 10,
};
const PAYMENT = {
  accountId: 'acct_1TidyhouseDemo042',
  cardTypes: ['visa', 'amex'],
  remitToName: 'Tidyhouse Home Services',
  remitToStreet: '1250 Bayshore Highway, Suite 210',
  remitToCity: 'Burlingame',
  remitToState: 'CA',
  remitToZip: '94010',
};
const DISCLAIMER = {
  purpose: 'invoice',
  name: 'Late fee',
  textEn: 'A late fee applies.',
  textZh: '逾期将收取滞纳金。',
  active: true,
};

async function freshDisclaimer(t: TestApp) {
  const [row] = await t.db
    .insert(disclaimers)
    .values({ ...DISCLAIMER, purpose: 'quote', name: `Guard ${unique()}` })
    .returning();
  return row!;
}

export const ENDPOINTS: EndpointCase[] = [
  { path: '/sysParam/businessProfile', permission: AUTHENTICATED, badBodies: [] },
  { path: '/sysParam/profileDetail', permission: SCREEN, deniedRole: 'scheduler', badBodies: [] },
  {
    path: '/sysParam/profileModify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ ...PROFILE, version: await versionOf(t, businessProfile) }),
    badBodies: [
      { ...PROFILE },
      { ...PROFILE, version: 1, state: 'California' },
      { ...PROFILE, version: 1, zip: '9401' },
      { ...PROFILE, version: 1, timeZone: 'Pacific/Nowhere' },
      { ...PROFILE, version: 1, salesTaxBps: 2501 },
      { ...PROFILE, version: 1, email: 'office@' },
      { ...PROFILE, version: 1, phone: '555-0142' },
      { ...PROFILE, version: 1, street: '' },
      { ...PROFILE, version: 1, openingTime: '19:00', closingTime: '07:00' },
      { ...PROFILE, version: 1, closingTime: '24:00' },
    ],
  },
  { path: '/sysParam/quoteParams', permission: SCREEN, deniedRole: 'scheduler', badBodies: [] },
  { path: '/sysParam/quoteSettings', permission: AUTHENTICATED, badBodies: [] },
  {
    path: '/sysParam/quoteParamsModify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ ...QUOTE, version: await versionOf(t, quoteParameters) }),
    badBodies: [
      { ...QUOTE },
      { ...QUOTE, version: 1, defaultTeamSize: 0 },
      { ...QUOTE, version: 1, priceRangeVarianceBps: 5001 },
      { ...QUOTE, version: 1, overtimeMultiplierBps: 9999 },
      { ...QUOTE, version: 1, defaultPricePerMinuteCents: 0.95 },
      { ...QUOTE, version: 1, dailyCleanMinutesGoal: 1441 },
      { ...QUOTE, version: 1, maxDiscountBps: -1 },
      { ...QUOTE, version: 1, paymentTermsDays: 121 },
      { ...QUOTE, version: 1, paymentTermsDays: 1.5 },
      { ...QUOTE, version: 1, fieldSessionIdleHours: 0 },
      { ...QUOTE, version: 1, fieldSessionIdleHours: 169 },
    ],
  },
  { path: '/sysParam/paymentParams', permission: SCREEN, deniedRole: 'scheduler', badBodies: [] },
  {
    path: '/sysParam/paymentParamsModify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ ...PAYMENT, apiAccessKey: 'sk_test_guard_0042', version: await versionOf(t, paymentParameters) }),
    badBodies: [
      { ...PAYMENT },
      { ...PAYMENT, version: 1, cardTypes: ['visa', 'diners'] },
      { ...PAYMENT, version: 1, remitToZip: 'ABCDE' },
      { ...PAYMENT, version: 1, remitToState: 'XX' },
      { ...PAYMENT, version: 1, apiAccessKey: 42 },
      { ...PAYMENT, version: 1, cardTypes: 'visa' },
    ],
  },
  {
    path: '/sysParam/disclaimerList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ purpose: 'quote', name: 'terms', active: true }),
    badBodies: [{ purpose: 'receipt' }, { active: 1 }, { pageNum: -1 }],
  },
  {
    path: '/sysParam/disclaimerDetail',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshDisclaimer(t)).id }),
    badBodies: [{}, { id: 'one' }],
  },
  {
    path: '/sysParam/disclaimerOptions',
    permission: AUTHENTICATED,
    validBody: () => ({ purpose: 'gift_certificate' }),
    badBodies: [{}, { purpose: 'receipt' }],
  },
  {
    path: '/sysParam/disclaimerAdd',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ ...DISCLAIMER, name: `Late fee ${unique()}` }),
    badBodies: [
      {},
      { ...DISCLAIMER, purpose: 'receipt' },
      { ...DISCLAIMER, name: '' },
      { ...DISCLAIMER, textZh: '' },
      { ...DISCLAIMER, name: 'x'.repeat(97) },
    ],
  },
  {
    path: '/sysParam/disclaimerModify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshDisclaimer(t);
      return { ...DISCLAIMER, id: row.id, version: row.version, name: `${row.name} 2` };
    },
    badBodies: [
      { ...DISCLAIMER, id: 1 },
      { ...DISCLAIMER, id: 1, version: 1, textEn: '  ' },
      { ...DISCLAIMER, version: 1 },
      { ...DISCLAIMER, id: 1, version: 1, active: undefined },
    ],
  },
  {
    path: '/sysParam/disclaimerRemove',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshDisclaimer(t);
      return { id: row.id, version: row.version };
    },
    badBodies: [{}, { id: 1 }, { id: 1, version: 'one' }],
  },
  { path: '/sysParam/mailParams', permission: SCREEN, deniedRole: 'scheduler', validBody: () => ({}), badBodies: [] },
  {
    path: '/sysParam/mailParamsModify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({
      version: await versionOf(t, mailParameters),
      host: 'smtp.example.com',
      port: 587,
      username: 'office@example.com',
      password: 'guard-secret-9',
      fromAddress: 'office@example.com',
      fromName: 'Tidyhouse',
    }),
    badBodies: [
      { host: 'smtp.example.com', port: 587 },
      { version: 1, host: 'smtp example', port: 587 },
      { version: 1, host: 'smtp.example.com', port: 70_000 },
      { version: 1, host: 'smtp.example.com', port: 587, fromAddress: 'not-mail' },
    ],
  },
  { path: '/sysParam/mailInbox', permission: SCREEN, deniedRole: 'sales', validBody: () => ({}), badBodies: [] },
];
