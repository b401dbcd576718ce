import { fireEvent, screen, within } from '@testing-library/react';
import type { GiftCertificate, GiftCertificateDetail } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const certificate: GiftCertificate = {
  id: 7,
  number: '4829103755210068',
  purchaseAmountCents: 9_000,
  certificateAmountCents: 10_000,
  balanceCents: 3_550,
  purchaseMethod: 'credit_card',
  purchasedOn: '2026-11-12',
  sentOn: null,
  status: 'active',
  purchaserCustomerId: null,
  purchaserName: 'Helen Park',
  purchaserPhone: '',
  purchaserEmail: '',
  recipientName: 'Grace Liu',
  recipientPhone: '',
  recipientEmail: '',
  language: 'en',
  serviceDescription: '',
  message: 'Happy birthday!',
  officeNotes: '',
  voidReason: '',
  redeemed: true,
  createdByName: 'Office Manager',
  version: 3,
  updatedAt: '2026-11-20T18:00:00Z',
};
const detail: GiftCertificateDetail = {
  ...certificate,
  history: [
    {
      id: 1,
      kind: 'issue',
      amountCents: 10_000,
      balanceAfterCents: 10_000,
      customerPaymentId: null,
      jobId: null,
      jobReference: null,
      note: '',
      createdByName: 'Office Manager',
      createdAt: '2026-11-12T18:00:00Z',
    },
    {
      id: 2,
      kind: 'redemption',
      amountCents: -6_450,
      balanceAfterCents: 3_550,
      customerPaymentId: 40,
      jobId: 9,
      jobReference: 'J-2611-0042',
      note: '',
      createdByName: 'Office Manager',
      createdAt: '2026-11-20T18:00:00Z',
    },
  ],
};

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
};

describe('Gift Certificate Management', () => {
  it('lists certificates with the number in groups, the balance and the outstanding total, and opens the history, in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    const api = mockApi({
      ...shell,
      '/giftCertificate/queryList': { data: { list: [certificate], total: 1, balanceTotalCents: 3_550 } },
      '/giftCertificate/detail': { data: detail },
    });
    renderApp('/marketing/giftcertificate');
    expect(await screen.findByText('4829 1037 5521 0068', {}, { timeout: 60_000 })).toBeTruthy();
    expect(screen.getByText('有效礼品券的未用余额：$35.50')).toBeTruthy();
    expect(screen.getAllByText('$35.50').length).toBeGreaterThan(0);
    expect(screen.getByText('有效')).toBeTruthy();
    expect(api.callsTo('/giftCertificate/queryList')[0]?.body).toEqual({ pageNum: 1, pageSize: 20 });

    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    const drawer = await screen.findByRole('dialog', {}, { timeout: 30_000 });
    expect(await within(drawer).findByText('J-2611-0042', {}, { timeout: 30_000 })).toBeTruthy();
    expect(within(drawer).getByText('使用')).toBeTruthy();
    expect(within(drawer).getByText('-$64.50')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /礼品券（中文）/ })).toBeTruthy();
  }, 150_000);

  it("shows the server's message when the list cannot be loaded, in English", async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    mockApi({
      ...shell,
      '/giftCertificate/queryList': { code: 10003, message: 'Your role may not open Gift Certificate Management' },
    });
    renderApp('/marketing/giftcertificate');
    expect(await screen.findByText('Your role may not open Gift Certificate Management', {}, { timeout: 60_000 })).toBeTruthy();
  }, 150_000);
});
