import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { JobDetail } from '@tidyhouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { businessDateAt } from '@/lib/dateTime';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OnTheWayButton } from './OnTheWayButton';

/** "On our way" in the board's job drawer (issue 22): for a job of today only; says what went out. */
const today = businessDateAt(businessProfile.timeZone);
const jobOn = (serviceDate: string, status: JobDetail['job']['status'] = 'scheduled') =>
  ({ id: 61, status, serviceDate }) as JobDetail['job'];

afterEach(() => setLocale('en'));

describe('OnTheWayButton', () => {
  it('sends for a job scheduled today and says how many messages went out', async () => {
    setLocale('en');
    const api = mockApi({
      '/sysParam/businessProfile': { data: businessProfile },
      '/jhSchedule/notifyOnTheWay': { data: { queued: 2 } },
    });
    renderWithProviders(<OnTheWayButton job={jobOn(today)} />);
    fireEvent.click(await screen.findByTestId('on-the-way'));
    expect(await screen.findByText('The customer is told (2 messages)')).toBeTruthy();
    expect(api.callsTo('/jhSchedule/notifyOnTheWay').map((c) => c.body)).toEqual([{ id: 61 }]);
  });

  it('says in Chinese when nothing went out (sent before, or no channel)', async () => {
    setLocale('zh');
    mockApi({
      '/sysParam/businessProfile': { data: businessProfile },
      '/jhSchedule/notifyOnTheWay': { data: { queued: 0 } },
    });
    renderWithProviders(<OnTheWayButton job={jobOn(today)} />);
    fireEvent.click(await screen.findByText('正在路上'));
    expect(await screen.findByText('未发送：今天已发送过，或客户不接收消息')).toBeTruthy();
  });

  it('is not offered for a job of another day, nor for one no longer scheduled', async () => {
    mockApi({ '/sysParam/businessProfile': { data: businessProfile } });
    const view = renderWithProviders(<OnTheWayButton job={jobOn('2031-01-05')} />);
    await waitFor(() => expect(screen.queryByTestId('on-the-way')).toBeNull());
    view.unmount();
    renderWithProviders(<OnTheWayButton job={jobOn(today, 'completed')} />);
    expect(screen.queryByTestId('on-the-way')).toBeNull();
  });
});
