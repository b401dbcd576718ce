import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Invoice, InvoiceDetail } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
import { renderApp } from '@/test/render';

/** Invoices screen: the list and its filters, the drawer with lines and correction links, Void and Send. */

const invoice: Invoice = {
  id: 31,
  version: 2,
  number: 'INV-2611-0031',
  customerId: 5,
  customerName: 'Rachel Thompson',
  jobId: 77,
  jobReference: 'J2611-0077',
  serviceDate: '2026-11-20',
  issuedOn: '2026-11-20',
  dueOn: '2026-12-05',
  status: 'partly_paid',
  subtotalCents: 25_000,
  discountCents: 2_000,
  taxCents: 0,
  totalCents: 23_000,
  paidCents: 10_000,
  openCents: 13_000,
  voidReason: '',
  voidedAt: null,
  correctsInvoiceId: 12,
  correctsNumber: 'INV-2611-0012',
  correctedByInvoiceId: null,
  correctedByNumber: '',
  sentAt: null,
  createdAt: '2026-11-20T18:00:00Z',
};
const detail: InvoiceDetail = {
  ...invoice,
  lines: [
    {
      position: 1,
      kind: 'service',
      descriptionEn: 'Deep clean',
      descriptionZh: '深度清洁',
      quantity: 1,
      unitCents: 25_000,
      amountCents: 25_000,
    },
    { position: 2, kind: 'discount', descriptionEn: '', descriptionZh: '', quantity: 1, unitCents: -2_000, amountCents: -2_000 },
  ],
  applications: [
    { id: 3, paymentId: 9, paidOn: '2026-11-21', method: 'cash', amountCents: 10_000, createdAt: '2026-11-21T17:00:00Z' },
  ],
};
const original: InvoiceDetail = {
  ...detail,
  id: 12,
  number: 'INV-2611-0012',
  status: 'void',
  voidReason: 'Hours changed',
  correctsInvoiceId: null,
  correctsNumber: '',
  correctedByInvoiceId: 31,
  correctedByNumber: 'INV-2611-0031',
};
const MANAGER = userInfo({ permissions: [...userInfo().permissions, 'customer:payments:manage'] });

function api(extra: Record<string, (call: ApiCall) => object> = {}) {
  saveSession('tok', MANAGER);
  return mockApi({
    '/getUserInfo': { data: MANAGER },
    '/sysParam/businessProfile': { data: businessProfile },
    '/invoice/queryList': { data: { list: [invoice], total: 1 } },
    '/invoice/detail': (call) => ({ data: (call.body as { id: number }).id === 12 ? original : detail }),
    ...extra,
  });
}

describe('Invoices', () => {
  it('lists invoices, filters unpaid ones, and opens one with its lines, payments and the invoice it corrects (English)', async () => {
    setLocale('en');
    const server = api();
    renderApp('/customer/invoices');
    expect(await screen.findByText('INV-2611-0031', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('Rachel Thompson')).toBeTruthy();
    expect(screen.getByText('Partly paid')).toBeTruthy();
    expect(screen.getByText('$130.00')).toBeTruthy();

    fireEvent.click(screen.getByText('Unpaid only'));
    await clickGuarded(() => screen.getByText('Search'));
    await waitFor(() => expect(server.callsTo('/invoice/queryList').at(-1)?.body).toMatchObject({ unpaidOnly: true }));

    fireEvent.click(screen.getByText('INV-2611-0031'));
    const facts = await screen.findByTestId('invoice-facts');
    // A line without a description is named by its kind.
    expect(screen.getAllByTestId('invoice-line').map((line) => line.textContent)).toEqual(['Deep clean', 'Discount']);
    expect(screen.getByText('Cash')).toBeTruthy();
    expect(within(facts).getByText('Corrects')).toBeTruthy();

    fireEvent.click(within(facts).getByText('INV-2611-0012'));
    await waitFor(() => expect(server.callsTo('/invoice/detail').at(-1)?.body).toEqual({ id: 12 }));
    expect(await screen.findByText('Hours changed')).toBeTruthy();
    expect(screen.getByText('Corrected by')).toBeTruthy();
    // A void invoice offers no Send and no Void.
    expect(screen.queryByTestId('invoice-void')).toBeNull();
    expect(screen.queryByTestId('invoice-send')).toBeNull();
  }, 90_000);

  it('voids only with a reason and after a confirmation (Chinese)', async () => {
    setLocale('zh');
    const server = api({ '/invoice/void': () => ({ data: null }) });
    renderApp('/customer/invoices');
    fireEvent.click(await screen.findByText('INV-2611-0031', {}, { timeout: 30_000 }));
    await screen.findByTestId('invoice-facts');
    await clickGuarded(() => screen.getByTestId('invoice-void'));
    const dialog = (await screen.findByText('作废发票 INV-2611-0031')).closest('.ant-modal') as HTMLElement;
    await clickGuarded(() => within(dialog).getByText(/^作\s*废$/));
    expect(await within(dialog).findByText('原因为必填项')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('invoice-void-reason'), { target: { value: 'Billed twice' } });
    await clickGuarded(() => within(dialog).getByText(/^作\s*废$/));
    const [confirm] = await screen.findAllByText('确定作废金额为 $230.00 的发票 INV-2611-0031？此操作无法撤销。');
    expect(server.callsTo('/invoice/void')).toHaveLength(0);
    const confirmDialog = confirm!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirmDialog).getByText(/^作\s*废$/));
    await waitFor(() => expect(server.callsTo('/invoice/void')[0]?.body).toEqual({ id: 31, version: 2, reason: 'Billed twice' }));
  }, 90_000);

  it('sends an invoice and says where it went (English)', async () => {
    setLocale('en');
    const server = api({
      '/invoice/send': () => ({
        data: {
          id: 31,
          number: 'INV-2611-0031',
          channel: 'phone',
          to: '(650) 555-0142',
          connectRecordId: 4,
          sentAt: '2026-11-21T18:00:00Z',
        },
      }),
    });
    renderApp('/customer/invoices');
    fireEvent.click(await screen.findByText('INV-2611-0031', {}, { timeout: 30_000 }));
    await screen.findByTestId('invoice-facts');
    await clickGuarded(() => screen.getByTestId('invoice-send'));
    expect(
      await screen.findByText('Invoice INV-2611-0031: Phone to (650) 555-0142 recorded in the communications log'),
    ).toBeTruthy();
    expect(server.callsTo('/invoice/send')[0]?.body).toEqual({ id: 31 });
  }, 90_000);
});

describe('Invoices: ?invoice= opens that invoice', () => {
  it('opens the drawer of the invoice a link names (Job Detail), and keeps the parameter with the drawer (English)', async () => {
    setLocale('en');
    const server = api();
    const { router } = renderApp('/customer/invoices?invoice=31');
    const facts = await screen.findByTestId('invoice-facts', {}, { timeout: 30_000 });
    expect(server.callsTo('/invoice/detail')[0]?.body).toEqual({ id: 31 });
    // Following a correction link moves the parameter along.
    fireEvent.click(within(facts).getByText('INV-2611-0012'));
    await waitFor(() => expect(router.state.location.search).toBe('?invoice=12'));
    expect(await screen.findByText('Hours changed')).toBeTruthy();
    // Closing the drawer drops it, so going back to the list does not reopen one.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  }, 90_000);
});
