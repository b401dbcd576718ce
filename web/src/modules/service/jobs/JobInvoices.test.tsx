import { fireEvent, screen, within } from '@testing-library/react';
import type { JobInvoice } from '@tidyhouse/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { registerStrings, setLocale } from '@/lib/i18n';
import { userInfo } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { JobInvoices } from './JobInvoices';

// Rendered alone, outside the Job Detail screen that loads them.
registerStrings(strings);

/** Job Detail's invoice: the live one with its figures, the voided one it corrects, links to the Invoices screen. */
const voided: JobInvoice = {
  id: 12,
  number: 'INV-2611-0012',
  status: 'void',
  totalCents: 25_000,
  openCents: 0,
  correctsInvoiceId: null,
};
const live: JobInvoice = {
  id: 31,
  number: 'INV-2611-0031',
  status: 'partly_paid',
  totalCents: 23_000,
  openCents: 13_000,
  correctsInvoiceId: 12,
};

function show(invoices: JobInvoice[], permissions = userInfo().permissions) {
  saveSession('tok', userInfo({ permissions }));
  const router = createMemoryRouter(
    [
      { path: '/service/workdeatil', element: <JobInvoices invoices={invoices} /> },
      { path: '/customer/invoices', element: <p>Invoices screen</p> },
    ],
    { initialEntries: ['/service/workdeatil?id=77'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('Job Detail: the job invoice', () => {
  it('shows the live invoice with its status, total and open amount, the void one it corrects, and opens it on the Invoices screen (English)', async () => {
    setLocale('en');
    const router = show([voided, live]);
    const current = await screen.findByTestId('job-invoice');
    expect(within(current).getByText('INV-2611-0031')).toBeTruthy();
    expect(within(current).getByText('Partly paid')).toBeTruthy();
    expect(within(current).getByText('Total $230.00')).toBeTruthy();
    expect(within(current).getByText('Open amount $130.00')).toBeTruthy();
    const history = screen.getByTestId('job-invoice-history');
    expect(history.textContent).toBe('Earlier invoicesINV-2611-0012VoidCorrected by INV-2611-0031');

    fireEvent.click(within(current).getByText('INV-2611-0031'));
    expect(await screen.findByText('Invoices screen')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/customer/invoices?invoice=31');
  });

  it('names everything in Chinese; a job whose only invoice was voided shows that one', async () => {
    setLocale('zh');
    show([{ ...voided }]);
    const current = await screen.findByTestId('job-invoice');
    expect(within(current).getByText('INV-2611-0012')).toBeTruthy();
    expect(within(current).getByText('已作废')).toBeTruthy();
    expect(within(current).getByText('未付金额 $0.00')).toBeTruthy();
    expect(screen.queryByTestId('job-invoice-history')).toBeNull();
  });

  it('shows the number without a link to a role that cannot open the Invoices screen', async () => {
    setLocale('en');
    show(
      [voided, live],
      userInfo().permissions.filter((key) => key !== '/customer/customerdetail'),
    );
    expect((await screen.findByTestId('job-invoice')).textContent).toContain('INV-2611-0031');
    expect(screen.queryAllByTestId('job-invoice-link')).toHaveLength(0);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
