import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const row = {
  id: 42,
  name: 'Ann Baker',
  company: '',
  phone1: '(650) 555-0142',
  email: '',
  status: 'active',
  address1: '12 Elm St',
  city: 'San Mateo',
  zip: '94401',
  zone: { id: 1, name: 'Peninsula', color: '#1677ff' },
  serviceTeam: null,
  nextServiceDate: '2025-05-02',
  lastServiceDate: null,
  source: 'referral',
  createdAt: '2025-01-01T00:00:00Z',
};

describe('customer list', () => {
  it('opens from the Quick Link and shows a row with its zone, status and source titles', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/customer/options': { data: { teams: [], employees: [], zones: [], channels: [] } },
      '/customer/queryList': { data: { list: [row], total: 1 } },
    });
    renderApp('/quick/customerlist');
    expect(await screen.findByText('Ann Baker', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Peninsula')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Referral')).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(api.callsTo('/customer/queryList')[0]?.body).toMatchObject({ pageNum: 1, pageSize: 20 });
  }, 30_000);
});
