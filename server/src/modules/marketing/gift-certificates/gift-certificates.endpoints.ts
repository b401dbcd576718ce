import { AUTHENTICATED } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../../test/endpoints';
import type { TestApp } from '../../../../test/helper';
import { newGiftCertificateNumber } from './gift-certificates.service';
import { giftCertificateEntries, giftCertificates } from './gift-certificates.tables';

const SCREEN = '/marketing/giftcertificate';
export const GIFT = {
  purchaseAmountCents: 9_000,
  certificateAmountCents: 10_000,
  purchaseMethod: 'credit_card',
  purchasedOn: '2026-11-02',
  purchaserName: 'Helen Park',
  purchaserEmail: 'helen.park@example.com',
  recipientName: 'Grace Liu',
  language: 'en',
  serviceDescription: 'One standard cleaning',
  message: 'Happy birthday!',
} as const;

/** A certificate straight in the table (with its issue entry), for tests that need one to act on. */
export async function freshCertificate(t: TestApp, values: Partial<typeof giftCertificates.$inferInsert> = {}) {
  const balance = values.balanceCents ?? values.certificateAmountCents ?? GIFT.certificateAmountCents;
  const [row] = await t.db
    .insert(giftCertificates)
    .values({ ...GIFT, number: newGiftCertificateNumber(), balanceCents: balance, ...values })
    .returning();
  await t.db.insert(giftCertificateEntries).values({
    certificateId: row!.id,
    kind: 'issue',
    amountCents: row!.certificateAmountCents,
    balanceAfterCents: row!.certificateAmountCents,
  });
  return row!;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/giftCertificate/queryList',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => ({ keyword: 'park', status: 'active', purchasedFrom: '2026-01-01' }),
    badBodies: [{ status: 'expired' }, { pageSize: 0 }, { purchasedFrom: '2026-02-30' }],
  },
  {
    path: '/giftCertificate/detail',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshCertificate(t)).id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/giftCertificate/lookup',
    permission: AUTHENTICATED,
    validBody: async (t) => ({ number: (await freshCertificate(t)).number }),
    badBodies: [{}, { number: '1234 5678 9012 3456' }, { number: 'abc' }],
  },
  {
    path: '/giftCertificate/add',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: () => GIFT,
    badBodies: [
      {},
      { ...GIFT, recipientName: '' },
      { ...GIFT, purchaserName: ' ' },
      { ...GIFT, certificateAmountCents: 50 },
      { ...GIFT, purchaseAmountCents: 12.5 },
      { ...GIFT, purchaseMethod: 'complimentary' },
      { ...GIFT, purchaseAmountCents: 0 },
      { ...GIFT, purchaserEmail: 'not-an-email' },
      { ...GIFT, language: 'fr' },
    ],
  },
  {
    path: '/giftCertificate/update',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const row = await freshCertificate(t);
      return { ...GIFT, id: row.id, version: row.version, message: 'Enjoy!' };
    },
    badBodies: [
      { ...GIFT, id: 1 },
      { ...GIFT, id: 1, version: 1, certificateAmountCents: -1 },
    ],
  },
  {
    path: '/giftCertificate/void',
    permission: 'marketing:giftCertificates:void',
    deniedRole: 'sales',
    validBody: async (t) => {
      const row = await freshCertificate(t);
      return { id: row.id, version: row.version, reason: 'Sold by mistake' };
    },
    badBodies: [
      { id: 1, version: 1 },
      { id: 1, version: 1, reason: '  ' },
    ],
  },
  {
    path: '/giftCertificate/cashRefund',
    permission: 'marketing:giftCertificates:cashRefund',
    deniedRole: 'sales',
    validBody: async (t) => {
      const row = await freshCertificate(t, { balanceCents: 450 });
      return { id: row.id, version: row.version, note: 'Paid from the drawer' };
    },
    badBodies: [{ id: 1 }, { id: 'x', version: 1 }],
  },
  {
    path: '/giftCertificate/pdf',
    method: 'GET',
    permission: SCREEN,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await freshCertificate(t)).id, lang: 'zh' }),
    badBodies: [{}, { id: 'x' }, { id: 1, lang: 'fr' }],
  },
];
