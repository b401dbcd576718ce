import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerMessageChoices } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { registerStrings, setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { userInfo } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { MessageChoicesTab, toChoicesRequest } from './MessageChoicesTab';

const stopped: CustomerMessageChoices = {
  customerId: 7,
  version: 2,
  language: 'zh',
  email: 'ann@example.com',
  smsPhone: '(650) 555-0142',
  emailEnabled: true,
  smsEnabled: true,
  consentDate: '2026-03-04',
  consentSource: 'phone',
  smsOptedOut: true,
  smsOptedOutAt: '2026-11-20T18:00:00.000Z',
  smsOptOutSource: 'sms_reply',
  emailOptedOut: false,
  emailOptedOutAt: null,
  emailOptOutSource: null,
  channelsNow: { transactional: ['email'], other: ['email'] },
  updatedAt: '2026-11-20T18:00:00.000Z',
  updatedBy: null,
};

describe("the customer's message choices", () => {
  it('drops the consent source when the consent date is cleared', () => {
    const values = {
      emailEnabled: true,
      smsEnabled: false,
      consentDate: null,
      consentSource: 'phone' as const,
      smsOptedOut: false,
      emailOptedOut: false,
    };
    expect(toChoicesRequest(stopped, values)).toMatchObject({
      customerId: 7,
      version: 2,
      consentDate: null,
      consentSource: null,
      smsEnabled: false,
    });
  });

  it('shows the STOP state with who set it and how messages go now, and saves a START by the office', async () => {
    setLocale('en');
    registerStrings(strings);
    saveSession('tok', userInfo());
    const api = mockApi({
      '/customerMessageChoice/detail': { data: stopped },
      '/customerMessageChoice/update': (call: ApiCall) => ({ data: { ...stopped, ...(call.body as object), version: 3 } }),
    });
    renderWithProviders(<MessageChoicesTab customerId={7} />);
    expect(await screen.findByTestId('sms-stopped-tag', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/reply to a text/)).toBeTruthy();
    expect(screen.getByTestId('reach-transactional').textContent).toBe('E-mail');
    expect(screen.getByText('Chinese')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-opted-out'));
    fireEvent.click(screen.getByTestId('save-message-choices'));
    await waitFor(() => expect(api.callsTo('/customerMessageChoice/update')).toHaveLength(1), { timeout: 5_000 });
    expect(api.callsTo('/customerMessageChoice/update')[0]!.body).toMatchObject({
      customerId: 7,
      version: 2,
      smsOptedOut: false,
      consentDate: '2026-03-04',
      consentSource: 'phone',
    });
  });
});
