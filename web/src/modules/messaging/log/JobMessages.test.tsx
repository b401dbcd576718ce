import { screen, within } from '@testing-library/react';
import type { CustomerMessage } from '@tidyhouse/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { JobMessages } from './JobMessages';

/** The job's messages (issue 22): each with its event, channel and status in words, the text as sent. */
const sent: CustomerMessage = {
  key: 'out-7',
  id: 7,
  direction: 'outbound',
  event: 'jobReminder',
  channel: 'sms',
  status: 'delivered',
  address: '+15105550142',
  subject: '',
  body: 'Hi Rosa, a reminder: Tidyhouse comes tomorrow 9:00–11:00.',
  at: '2026-12-01T17:00:00.000Z',
  sentAt: '2026-12-01T17:00:05.000Z',
  deliveredAt: '2026-12-01T17:00:09.000Z',
  job: { id: 61, reference: 'J-2612-0061' },
};
const waiting: CustomerMessage = {
  ...sent,
  key: 'out-8',
  id: 8,
  event: 'jobConfirmation',
  channel: 'email',
  status: 'held',
  address: '',
  body: '',
  sentAt: null,
  deliveredAt: null,
};

function show(messages: CustomerMessage[]) {
  mockApi({ '/sysParam/businessProfile': { data: businessProfile } });
  return renderWithProviders(
    <MemoryRouter>
      <JobMessages messages={messages} />
    </MemoryRouter>,
  );
}

afterEach(() => setLocale('en'));

describe('JobMessages', () => {
  it('lists each message with its event, channel and status in English, and says a waiting one is written when sent', async () => {
    setLocale('en');
    show([sent, waiting]);
    const rows = within(await screen.findByTestId('job-messages'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Appointment reminder');
    expect(rows[0]?.textContent).toContain('Text');
    expect(rows[0]?.textContent).toContain('Delivered');
    expect(rows[0]?.textContent).toContain('Tidyhouse comes tomorrow');
    expect(rows[1]?.textContent).toContain('Appointment confirmation');
    expect(rows[1]?.textContent).toContain('E-mail');
    expect(rows[1]?.textContent).toContain('Held (quiet hours)');
    expect(rows[1]?.textContent).toContain('Written when it is sent');
  });

  it('speaks Chinese, and says so when the job has no messages', async () => {
    setLocale('zh');
    const view = show([sent]);
    expect(await screen.findByText('上门提醒')).toBeTruthy();
    expect(screen.getByText('已送达')).toBeTruthy();
    expect(screen.getByText('短信')).toBeTruthy();
    view.unmount();
    show([]);
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });
});
