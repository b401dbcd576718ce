import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Invoice } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { PaymentsTab } from './PaymentsTab';

// Rendered alone, outside a screen that loads them.
registerStrings(strings);
/** A payment goes to the oldest open invoices unless the user picks one: the picked invoice is sent, the default is not. */

const summary = {
  totalReceivedCents: 0,
  totalGratuityCents: 0,
  totalRefundedCents: 0,
  netReceivedCents: 0,
  invoicedCents: 23_000,
  balanceCents: 23_000,
  amountRemainingCents: 23_000,
  creditCents: 0,
  refundableCents: 0,
};
const open = (id: number, number: string, dueOn: string, openCents: number) =>
  ({ id, number, dueOn, openCents, status: 'open' }) as Invoice;
const MANAGER = userInfo({ permissions: [...userInfo().permissions, 'customer:payments:manage'] });

function setUp() {
  setLocale('en');
  saveSession('tok', MANAGER);
  const api = mockApi({
    '/sysParam/businessProfile': { data: businessProfile },
    '/customerPayment/queryList': { data: { list: [], total: 0, summary } },
    '/invoice/queryList': {
      data: {
        list: [open(31, 'INV-2611-0031', '2026-11-05', 13_000), open(40, 'INV-2611-0040', '2026-11-20', 10_000)],
        total: 2,
      },
    },
    '/customerPayment/add': { data: { id: 1 } },
  });
  renderWithProviders(<PaymentsTab customerId={5} />);
  return api;
}

async function fillAmount(amount: string) {
  await clickGuarded(() => screen.getByText('Add payment'));
  const form = await screen.findByTestId('payment-form');
  const amountInput = form.querySelector<HTMLInputElement>('#amount');
  fireEvent.change(amountInput!, { target: { value: amount } });
  return form;
}

describe('Add payment: apply to invoice', () => {
  it('offers the open invoices, oldest due first, and sends the one picked', async () => {
    const api = setUp();
    await fillAmount('50.00');
    expect(await screen.findByText('Oldest open invoice first')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/invoice/queryList')[0]?.body).toMatchObject({ customerId: 5, unpaidOnly: true }));
    fireEvent.mouseDown(screen.getByTestId('payment-apply-to').querySelector('input') ?? screen.getByTestId('payment-apply-to'));
    fireEvent.click(await screen.findByText('INV-2611-0040 · due 2026-11-20 · $100.00 open'));
    await clickGuarded(() => screen.getByText('Save'));
    await waitFor(() => expect(api.callsTo('/customerPayment/add')).toHaveLength(1));
    expect(api.callsTo('/customerPayment/add')[0]?.body).toMatchObject({ customerId: 5, amountCents: 5_000, invoiceId: 40 });
  }, 60_000);

  it('sends no invoice when left on oldest first (the server applies oldest due first)', async () => {
    const api = setUp();
    await fillAmount('50.00');
    await clickGuarded(() => screen.getByText('Save'));
    await waitFor(() => expect(api.callsTo('/customerPayment/add')).toHaveLength(1));
    expect(api.callsTo('/customerPayment/add')[0]?.body).not.toHaveProperty('invoiceId');
  }, 60_000);
});
