import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
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
  balanceCents: 23_000,
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
    expect(screen.getAllByText('Amount owed').length).toBeGreaterThan(0);
    expect(screen.getByText('$230.00')).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(api.callsTo('/customer/queryList')[0]?.body).toMatchObject({ pageNum: 1, pageSize: 20 });
  }, 30_000);

  it('shows a credit as a credit and filters customers who owe (Chinese)', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    const api = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/customer/options': { data: { teams: [], employees: [], zones: [], channels: [] } },
      '/customer/queryList': { data: { list: [{ ...row, balanceCents: -4_550 }], total: 1 } },
    });
    renderApp('/customer/customerlist');
    expect(await screen.findByText('余额 $45.50', {}, { timeout: 20_000 })).toBeTruthy();
    const balance = screen.getByText('余额', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    fireEvent.mouseDown(balance.querySelector('input')!);
    fireEvent.click(await screen.findByText('有欠款'));
    await clickGuarded(() => screen.getByText(/^查\s*询$/));
    await waitFor(() => expect(api.callsTo('/customer/queryList').at(-1)?.body).toMatchObject({ balance: 'owes' }));
  }, 30_000);
});
