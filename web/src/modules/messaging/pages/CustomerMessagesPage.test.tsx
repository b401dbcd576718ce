import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutboxMessage } from '@tidyhouse/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** Customer Messages: the outbox with Send again on a failed text, and the simulator's inbox with a reply. */

const message = (over: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  version: 3,
  event: 'jobReminder',
  channel: 'sms',
  status: 'delivered',
  customerId: 5,
  customerName: 'Rachel Thompson',
  jobId: 9,
  invoiceId: null,
  paymentId: null,
  attempts: 1,
  nextAttemptAt: '2026-11-27T18:00:00Z',
  lastError: '',
  toAddress: '+14155550142',
  subject: '',
  body: 'Hi Rachel, see you tomorrow 9-11.',
  language: 'en',
  createdAt: '2026-11-27T17:00:00Z',
  sentAt: '2026-11-27T17:00:02Z',
  deliveredAt: '2026-11-27T17:00:05Z',
  retryable: false,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Customer Messages', () => {
  it('lists the outbox and sends a failed text again (zh)', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    const api = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/outbox/queryList': {
        data: {
          list: [
            message({}),
            message({
              id: 2,
              version: 4,
              status: 'failed',
              retryable: true,
              lastError: '503 20500: busy',
              attempts: 8,
              toAddress: '+14155550199',
              body: '',
            }),
          ],
          total: 2,
        },
      },
      '/outbox/retry': { data: { id: 2, version: 5 } },
      '/smsSim/inbox': { data: { simulated: true, list: [] } },
    });
    renderApp('/office/messages');
    const delivered = (await screen.findByText('+14155550142', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(delivered).getByText('已送达')).toBeTruthy();
    expect(within(delivered).queryByText('重新发送')).toBeNull();
    const failed = screen.getByText('+14155550199').closest('tr') as HTMLElement;
    expect(within(failed).getByText('发送失败')).toBeTruthy();
    expect(within(failed).getByText('尝试 8 次：503 20500: busy')).toBeTruthy();
    fireEvent.click(within(failed).getByText('重新发送'));
    await waitFor(() => expect(api.callsTo('/outbox/retry')).toHaveLength(1));
    expect(api.callsTo('/outbox/retry')[0]!.body).toEqual({ id: 2, version: 4 });
  });

  it("shows the simulator's texts and replies from a phone (en)", async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/outbox/queryList': { data: { list: [], total: 0 } },
      '/smsSim/inbox': {
        data: {
          simulated: true,
          list: [
            {
              sid: 'SM1',
              direction: 'outbound',
              from: '+15005550006',
              to: '+14155550142',
              body: 'See you tomorrow',
              status: 'delivered',
              createdAt: '2026-11-27T17:00:00Z',
            },
          ],
        },
      },
      '/smsSim/reply': {
        data: {
          sid: 'SM2',
          direction: 'inbound',
          from: '+14155550142',
          to: '+15005550006',
          body: 'STOP',
          status: 'received',
          createdAt: '2026-11-27T17:01:00Z',
        },
      },
    });
    renderApp('/office/messages');
    fireEvent.click(await screen.findByText('Text simulator', {}, { timeout: 30_000 }));
    const row = (await screen.findByText('See you tomorrow', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('To the customer')).toBeTruthy();
    expect(within(row).getByText('Delivered')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reply from'), { target: { value: '+14155550142' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'STOP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.callsTo('/smsSim/reply')).toHaveLength(1));
    expect(api.callsTo('/smsSim/reply')[0]!.body).toEqual({ from: '+14155550142', body: 'STOP' });
  }, 120_000);
});
