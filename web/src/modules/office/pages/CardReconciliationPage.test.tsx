import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationDifference } from '@tidyhouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** Card Reconciliation: a day's differences, the actions each one offers, and resolving one. */

const difference = (over: Partial<ReconciliationDifference>): ReconciliationDifference => ({
  id: 1,
  version: 1,
  businessDate: '2026-11-27',
  kind: 'missing_payment',
  gatewayId: 'ch_missed',
  gatewayAmountCents: 27_500,
  ourAmountCents: null,
  customerId: 5,
  customerName: 'Rachel Thompson',
  entrySerial: 'CQ-2611-0007',
  paymentId: null,
  refundId: null,
  open: true,
  resolution: null,
  resolutionNote: '',
  resolvedAt: null,
  resolvedBy: null,
  ...over,
});

const day = {
  summary: {
    date: '2026-11-27',
    ranAt: '2026-11-27T18:00:00Z',
    gatewayChargeCount: 18,
    gatewayChargeCents: 445_500,
    ourChargeCount: 17,
    ourChargeCents: 418_000,
    gatewayRefundCents: 0,
    ourRefundCents: 0,
    openCount: 2,
  },
  list: [
    difference({}),
    difference({
      id: 2,
      kind: 'duplicate_charge',
      gatewayId: 'ch_twice',
      gatewayAmountCents: 5_000,
      entrySerial: 'CQ-2611-0009',
    }),
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Card Reconciliation', () => {
  it('lists the differences with both totals, offers only the fitting actions, and records a missed charge (zh)', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    const api = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-27' } },
      '/cardReconciliation/list': { data: day },
      '/cardReconciliation/resolve': { data: { id: 1, version: 2 } },
    });
    renderApp('/office/cardreconciliation?date=2026-11-27');
    const missed = (await screen.findByText('ch_missed', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(missed).getByText('本系统未记录的扣款')).toBeTruthy();
    expect(within(missed).getByText('$275.00')).toBeTruthy();
    const summary = screen.getByTestId('recon-summary');
    expect(within(summary).getByText('18 笔，$4,455.00')).toBeTruthy();
    expect(within(summary).getByText('17 笔，$4,180.00')).toBeTruthy();
    // A duplicate is refunded or explained, never recorded.
    const twice = screen.getByText('ch_twice').closest('tr') as HTMLElement;
    expect(within(twice).queryByText('登记付款')).toBeNull();
    expect(within(twice).getByText('通过网关退款')).toBeTruthy();

    // Explaining needs a reason: the confirm button waits for one.
    fireEvent.click(within(twice).getByText('填写说明'));
    const confirm = await waitFor(() => document.getElementById('recon-confirm') as HTMLButtonElement);
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));

    fireEvent.click(within(missed).getByText('登记付款'));
    expect(await screen.findByText('将 $275.00 登记为 Rachel Thompson 本日的银行卡付款。')).toBeTruthy();
    const ok = document.getElementById('recon-confirm') as HTMLButtonElement;
    expect(ok.disabled).toBe(false);
    fireEvent.click(ok);
    await waitFor(() => expect(api.callsTo('/cardReconciliation/resolve')).toHaveLength(1));
    expect(api.callsTo('/cardReconciliation/resolve')[0]!.body).toEqual({
      id: 1,
      version: 1,
      action: 'record_payment',
      note: '',
    });
  });
});
