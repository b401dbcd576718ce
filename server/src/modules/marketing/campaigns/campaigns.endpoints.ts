import type { EndpointCase } from '../../../../test/endpoints';
import type { TestApp } from '../../../../test/helper';
import { campaigns } from './campaigns.tables';

const SCREEN = '/marketing/channellist';
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
export const CAMPAIGN = {
  category: 'online',
  sourceName: 'Spring mailer',
  couponCode: '',
  couponKind: 'percent',
  couponValue: 1000,
  startDate: '2026-03-01',
  endDate: '2026-05-31',
  costCents: 50_000,
  active: true,
} as const;

/** A campaign last edited by nobody in particular (no updatedBy), so anyone with the key may decide. */
export async function freshCampaign(t: TestApp, values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(campaigns)
    .values({ ...CAMPAIGN, sourceName: `Guard campaign ${unique()}`, couponCode: `G-${unique()}`, ...values })
    .returning();
  return row!;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/campaign/queryList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ keyword: 'spring', auditStatus: 'pending', active: true }),
    badBodies: [{ auditStatus: 'maybe' }, { pageSize: 0 }],
  },
  {
    path: '/campaign/detail',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshCampaign(t)).id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/campaign/checkCoupon',
    permission: '/sales/newcustomerquotat',
    deniedRole: 'cleaner',
    validBody: async (t) => ({
      couponCode: (await freshCampaign(t, { auditStatus: 'approved' })).couponCode,
      serviceDate: '2026-04-01',
      basePriceCents: 20_000,
    }),
    badBodies: [{ serviceDate: '2026-04-01' }, { couponCode: 'SPRING', serviceDate: '2026-02-30' }],
  },
  {
    path: '/campaign/add',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ ...CAMPAIGN, sourceName: `Mailer ${unique()}`, couponCode: `SP-${unique()}` }),
    badBodies: [
      {},
      { ...CAMPAIGN, sourceName: '' },
      { ...CAMPAIGN, endDate: '2026-02-01' },
      { ...CAMPAIGN, couponCode: 'bad code!' },
      { ...CAMPAIGN, couponCode: 'SPRING10', couponValue: 0 },
      { ...CAMPAIGN, couponKind: 'percent', couponValue: 10_001 },
      { ...CAMPAIGN, costCents: 12.5 },
      { ...CAMPAIGN, category: 'radio' },
    ],
  },
  {
    path: '/campaign/modify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshCampaign(t);
      return { ...CAMPAIGN, id: row.id, version: row.version, sourceName: row.sourceName, costCents: 60_000 };
    },
    badBodies: [
      { ...CAMPAIGN, id: 1 },
      { ...CAMPAIGN, id: 1, version: 1, costCents: -1 },
    ],
  },
  {
    path: '/campaign/audit',
    permission: 'marketing:campaigns:approve',
    deniedRole: 'sales',
    validBody: async (t) => {
      const row = await freshCampaign(t);
      return { id: row.id, version: row.version, decision: 'approved' };
    },
    badBodies: [
      { id: 1, version: 1, decision: 'failed' },
      { id: 1, version: 1, decision: 'maybe' },
    ],
  },
  {
    path: '/campaign/remove',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshCampaign(t);
      return { id: row.id, version: row.version };
    },
    badBodies: [{}, { version: 1 }],
  },
  {
    path: '/campaign/stats',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ dateFrom: '2026-01-01', dateTo: '2026-12-31', sort: { field: 'leads', order: 'descend' } }),
    badBodies: [
      { dateFrom: '2026-02-01', dateTo: '2026-01-01' },
      { dateFrom: '2026-01-01', dateTo: '2026-12-31', sort: { field: 'x', order: 'ascend' } },
    ],
  },
  {
    path: '/campaign/statsExport',
    method: 'GET',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ dateFrom: '2026-01-01', dateTo: '2026-12-31' }),
    badBodies: [{ dateFrom: '2026-01-01' }, { dateFrom: '2026-01-01', dateTo: '2026-13-01' }],
  },
];
