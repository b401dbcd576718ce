import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type EmployeeListItem, todayIn } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const row = (id: number, name: string): EmployeeListItem => ({
  id,
  uname: name.toLowerCase().replace(' ', '.'),
  name,
  employeeNo: `E00${id}`,
  phone: null,
  email: null,
  roleId: 5,
  roleCode: 'cleaner',
  roleName: 'Field Technician',
  teamId: null,
  teamName: null,
  teamColor: null,
  teamTextColor: null,
  isLeader: false,
  location: null,
  hireDate: '2024-01-15',
  terminatedOn: null,
  lastLoginAt: null,
  status: 'active',
  accountStatus: 'normal',
  enabled: true,
  hasPhoto: false,
  photoTag: null,
  version: 1,
});

describe('Employee Profile', () => {
  it('sets one pay rate for the selected employees, in cents, from today in the business time zone', async () => {
    setLocale('en');
    saveSession('tok', userInfo({ permissions: ['/employee/employeelist', 'employee:pay:manage'] }));
    const api = mockApi({
      '/getUserInfo': { data: userInfo({ permissions: ['/employee/employeelist', 'employee:pay:manage'] }) },
      '/sysParam/businessProfile': { data: businessProfile },
      '/sysUser/queryList': { data: { list: [row(31, 'Ana Lopez'), row(32, 'Hong Liu'), row(33, 'Juan Morales')], total: 3 } },
      '/sysUser/roleOptions': { data: [] },
      '/ygTeam/options': { data: [] },
      '/laborType/options': { data: [] },
      '/sysUserPay/addBatch': { data: { ids: [7, 8], count: 2, added: 2, corrected: 0 } },
    });
    renderApp('/employee/employeelist');

    // Text queries: role queries walk the accessibility tree of the whole page, seconds each in jsdom.
    const table = (await screen.findByText('Ana Lopez', {}, { timeout: 20_000 })).closest('table')!;
    // Without the update key the row offers no edit, freeze or delete; without the add key, no add.
    expect(screen.queryByLabelText('Edit')).toBeNull();
    expect(screen.queryByText('Add employee')).toBeNull();

    const button = screen.getByText('Set pay rate for selected (0)').closest('button')!;
    expect(button.disabled).toBe(true);
    const checkboxes = table.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]');
    fireEvent.click(checkboxes[0]!); // Ana Lopez
    fireEvent.click(checkboxes[2]!); // Juan Morales
    await waitFor(() => expect(screen.getByText('Set pay rate for selected (2)')).toBeTruthy());
    fireEvent.click(screen.getByText('Set pay rate for selected (2)').closest('button')!);

    const dialog = (await screen.findByTestId('pay-batch-names', {}, { timeout: 15_000 })).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByTestId('pay-batch-names').textContent).toBe('Ana Lopez, Juan Morales');
    fireEvent.change(within(dialog).getByLabelText('Rate'), { target: { value: '24.5' } });
    fireEvent.click(within(dialog).getByText('Save').closest('button')!);

    await waitFor(() => expect(api.callsTo('/sysUserPay/addBatch')).toHaveLength(1), { timeout: 15_000 });
    expect(api.callsTo('/sysUserPay/addBatch')[0]?.body).toEqual({
      userIds: [31, 33],
      payType: 'hourly',
      rateCents: 2450,
      laborTypeId: null,
      isPaid: true,
      effectiveFrom: todayIn(businessProfile.timeZone),
      note: '',
    });
    expect(await screen.findByText('Pay rates added: 2.', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
