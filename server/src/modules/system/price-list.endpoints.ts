import { AUTHENTICATED, addDays, todayIn } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../test/endpoints';
import type { TestApp } from '../../../test/helper';
import { priceItemRates, priceItems } from './settings.tables';

const SCREEN = '/sys/serviceprice';
const unique = () => Math.random().toString(36).slice(2, 8);
const today = () => todayIn('America/Los_Angeles');

const ITEM = { kind: 'addon', nameEn: 'Inside microwave', nameZh: '微波炉内部清洁', taxable: false, active: true, sortOrder: 5 };
const RATE = { effectiveFrom: '2026-01-01', inHomeMinutes: 10, unitPriceCents: 1200 };

/** A price list entry with a rate from 2025 and one scheduled in 30 days. */
async function freshItem(t: TestApp) {
  const [item] = await t.db
    .insert(priceItems)
    .values({ ...ITEM, kind: 'addon', nameEn: `Guard item ${unique()}` })
    .returning();
  const rates = await t.db
    .insert(priceItemRates)
    .values([
      { priceItemId: item!.id, effectiveFrom: '2025-01-01', inHomeMinutes: 10, unitPriceCents: 1000 },
      { priceItemId: item!.id, effectiveFrom: addDays(today(), 30), inHomeMinutes: 10, unitPriceCents: 1100 },
    ])
    .returning();
  return { item: item!, scheduled: rates[1]! };
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/servicePrice/queryList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ kind: 'item', active: true, name: 'room' }),
    badBodies: [{ kind: 'service' }, { active: 'true' }, { name: 'x'.repeat(97) }],
  },
  {
    path: '/servicePrice/detail',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshItem(t)).item.id }),
    badBodies: [{}, { id: 1.5 }],
  },
  {
    path: '/servicePrice/priceOn',
    permission: AUTHENTICATED,
    validBody: () => ({ date: today(), kind: 'fee' }),
    badBodies: [{}, { date: '2026-02-29' }, { date: today(), kind: 'discount' }],
  },
  {
    path: '/servicePrice/add',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ ...ITEM, ...RATE, nameEn: `Inside microwave ${unique()}` }),
    badBodies: [
      {},
      { ...ITEM, ...RATE, kind: 'service' },
      { ...ITEM, ...RATE, nameEn: '' },
      { ...ITEM, ...RATE, unitPriceCents: 12.5 },
      { ...ITEM, ...RATE, unitPriceCents: -100 },
      { ...ITEM, ...RATE, inHomeMinutes: 1441 },
      { ...ITEM, ...RATE, effectiveFrom: '2026-1-1' },
      { ...ITEM, effectiveFrom: '2026-01-01' },
    ],
  },
  {
    path: '/servicePrice/modify',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const { item } = await freshItem(t);
      return { ...ITEM, id: item.id, version: item.version, nameEn: `${item.nameEn} 2` };
    },
    badBodies: [
      { ...ITEM, id: 1 },
      { ...ITEM, id: 1, version: 1, sortOrder: -1 },
      { ...ITEM, id: 1, version: 1, taxable: 'no' },
    ],
  },
  {
    path: '/servicePrice/remove',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const { item } = await freshItem(t);
      return { id: item.id, version: item.version };
    },
    badBodies: [{}, { id: 1 }],
  },
  {
    path: '/servicePrice/addRate',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({
      id: (await freshItem(t)).item.id,
      effectiveFrom: addDays(today(), 10),
      inHomeMinutes: 12,
      unitPriceCents: 1300,
    }),
    badBodies: [
      { id: 1 },
      { id: 1, effectiveFrom: 'tomorrow', inHomeMinutes: 12, unitPriceCents: 1300 },
      { id: 1, effectiveFrom: '2030-01-01', inHomeMinutes: -1, unitPriceCents: 1300 },
      { id: 1, effectiveFrom: '2030-01-01', inHomeMinutes: 12, unitPriceCents: 10_000_001 },
    ],
  },
  {
    path: '/servicePrice/removeRate',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const { item, scheduled } = await freshItem(t);
      return { id: item.id, rateId: scheduled.id };
    },
    badBodies: [{ id: 1 }, { id: 1, rateId: 'last' }],
  },
];
