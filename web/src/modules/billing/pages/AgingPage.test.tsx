import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgingAmounts, AgingResponse } from '@tidyhouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
import { renderApp } from '@/test/render';

/** Accounts Receivable: the buckets by customer, the totals row over every customer, the filters and the export. */

const amounts = (open: number, credit: number): AgingAmounts => ({
  currentCents: open,
  days1to30Cents: 0,
  days31to60Cents: 0,
  days61to90Cents: 0,
  over90Cents: 0,
  openCents: open,
  creditCents: credit,
  balanceCents: open - credit,
});
const aging: AgingResponse = {
  list: [
    {
      customerId: 5,
      customerName: 'Rachel Thompson',
      phone: '(650) 555-0142',
      oldestDueOn: '2026-11-01',
      ...amounts(23_000, 0),
      currentCents: 0,
      days1to30Cents: 23_000,
    },
    { customerId: 6, customerName: 'Ken Ito', phone: '', oldestDueOn: null, ...amounts(0, 4_550) },
  ],
  total: 2,
  // Totals are over every customer, not the page: they differ from the sum of these rows.
  totals: amounts(98_765, 4_550),
  asOf: '2026-11-27',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Accounts Receivable', () => {
  it('shows each customer by bucket, the totals of all, and exports what the filters show (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    URL.createObjectURL = vi.fn(() => 'blob:aging');
    URL.revokeObjectURL = vi.fn();
    // The saved file: jsdom does not follow the download link.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/billing/aging': { data: aging },
      '/billing/agingExport': () =>
        new Response(new Blob(['xlsx']), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });
    renderApp('/customer/aging');
    const rachel = await screen.findByText('Rachel Thompson', {}, { timeout: 30_000 });
    expect(rachel.closest('a')?.getAttribute('href')).toBe('/customer/customerdetail?id=5');
    const row = rachel.closest('tr') as HTMLElement;
    expect(within(row).getAllByText('$230.00')).toHaveLength(3);
    const totals = screen.getByTestId('aging-totals');
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getAllByText('$987.65')).toHaveLength(2);
    expect(within(totals).getByText('$942.15')).toBeTruthy();
    expect(screen.getByTestId('aging-as-of').textContent).toBe('Ages as of 2026-11-27');

    fireEvent.click(screen.getByText('Past due only'));
    await clickGuarded(() => screen.getByText('Search'));
    await waitFor(() => expect(api.callsTo('/billing/aging').at(-1)?.body).toMatchObject({ pastDueOnly: true }));
    await clickGuarded(() => screen.getByText('Export XLSX'));
    await waitFor(() => expect(api.callsTo('/billing/agingExport')).toHaveLength(1));
    expect(api.callsTo('/billing/agingExport')[0]?.url).toContain('pastDueOnly=true');
  }, 90_000);
});
