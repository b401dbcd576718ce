import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvoiceSendDayResponse } from '@tidyhouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { SendDayInvoices } from './SendDayInvoices';

// Rendered alone, outside a screen that loads them.
registerStrings(strings);
/** Close Day's "Send this day's invoices": confirmed, counted by channel, paper ones downloaded, failures named. */

const result: InvoiceSendDayResponse = {
  serviceDate: '2026-11-20',
  sent: { email: 3, print: 1, phone: 1, text: 0, fax: 1 },
  printIds: [44],
  failed: [{ id: 45, number: 'INV-2611-0045', message: '没有电子邮件地址' }],
};

afterEach(() => vi.restoreAllMocks());

describe('Send this day’s invoices', () => {
  it('is hidden from a role that does not manage payments', () => {
    setLocale('en');
    saveSession('tok', userInfo());
    mockApi({});
    renderWithProviders(<SendDayInvoices date="2026-11-20" />);
    expect(screen.queryByTestId('send-day-invoices')).toBeNull();
  });

  it('sends after a confirmation and reports by channel, printing the paper ones (Chinese)', async () => {
    setLocale('zh');
    saveSession('tok', userInfo({ permissions: ['customer:payments:manage'] }));
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi({
      '/invoice/sendDay': { data: result },
      '/invoice/pdf': () => new Response(new Blob(['%PDF']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderWithProviders(<SendDayInvoices date="2026-11-20" />);
    await clickGuarded(() => screen.getByTestId('send-day-invoices'));
    const [question] = await screen.findAllByText('按每位客户的开票方式发送 2026-11-20 所有未发送的发票？');
    expect(api.callsTo('/invoice/sendDay')).toHaveLength(0);
    const confirm = question!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(confirm.querySelector('.ant-btn-primary')!);
    await waitFor(() => expect(api.callsTo('/invoice/sendDay')[0]?.body).toEqual({ serviceDate: '2026-11-20' }));
    expect(await screen.findByText('已发送发票：电子邮件 3 张，待打印 1 张，电话、短信或传真 2 张')).toBeTruthy();
    expect((await screen.findByTestId('send-day-failed')).textContent).toContain('INV-2611-0045 (没有电子邮件地址)');
    await waitFor(() => expect(api.callsTo('/invoice/pdf')[0]?.url).toContain('id=44'));
  }, 60_000);
});
