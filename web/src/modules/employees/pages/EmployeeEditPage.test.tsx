import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Code, type EmployeeDetail } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi, type Reply } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
import { renderApp } from '@/test/render';

const employee: EmployeeDetail = {
  id: 12,
  uname: 'rosa.martinez',
  name: 'Rosa Martinez',
  employeeNo: 'E0008',
  phone: '(650) 555-0211',
  email: null,
  roleId: 5,
  roleCode: 'cleaner',
  roleName: 'Field Technician',
  teamId: null,
  teamName: null,
  teamColor: null,
  teamTextColor: null,
  isLeader: false,
  location: 'Daly City',
  hireDate: '2021-05-17',
  terminatedOn: null,
  lastLoginAt: null,
  status: 'active',
  accountStatus: 'normal',
  enabled: true,
  hasPhoto: false,
  photoTag: null,
  version: 4,
  birthDate: null,
  referredBy: null,
  driverLicenseNo: null,
  driverLicenseExpiry: null,
  emergencyContact: null,
  emergencyPhone: null,
  notes: null,
  terminationReason: null,
  skillIds: [],
  skills: [],
  createdAt: '2021-05-17T16:00:00.000Z',
  updatedAt: '2026-03-01T16:00:00.000Z',
  passwordChangedAt: null,
};

function openEdit(modify: Reply | ((call: ApiCall) => Reply), detail: (call: ApiCall) => Reply = () => ({ data: employee })) {
  setLocale('en');
  saveSession('tok', userInfo());
  const api = mockApi({
    '/getUserInfo': { data: userInfo() },
    '/sysParam/businessProfile': { data: businessProfile },
    '/sysUser/detail': detail,
    '/sysUser/roleOptions': { data: [{ id: 5, code: 'cleaner', name: 'Field Technician', enabled: true, isSuper: false }] },
    '/sysUser/modify': modify,
  });
  renderApp('/employee/employeelist/update?id=12&activeName=EmployeeInfo');
  return api;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
// By text: role queries walk the accessibility tree of the whole (large) form, seconds each in jsdom.
/** Form validation and messages take seconds in jsdom with antd on two busy cores. */
const findText = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });
const save = () => clickGuarded(() => screen.getByText('Save'));

describe('Edit Employee, EmployeeInfo tab', () => {
  it('keeps the password when both fields stay empty; once one is typed, both are needed and must match', async () => {
    const api = openEdit({ data: { id: 12, version: 5 } });
    await waitFor(() => expect(input('Name').value).toBe('Rosa Martinez'), { timeout: 20_000 });

    type('Password', 'new-secret-1');
    await save();
    expect(await findText('verify password is required')).toBeTruthy();
    type('Verify password', 'new-secret-2');
    await save();
    expect(await findText('The password is inconsistent twice!')).toBeTruthy();
    expect(api.callsTo('/sysUser/modify')).toHaveLength(0);

    type('Password', '');
    type('Verify password', '');
    type('Location', 'Redwood City');
    await save();
    await waitFor(() => expect(api.callsTo('/sysUser/modify')).toHaveLength(1), { timeout: 15_000 });
    const body = api.callsTo('/sysUser/modify')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 12, version: 4, location: 'Redwood City', uname: 'rosa.martinez', roleId: 5, email: null });
    expect(body).not.toHaveProperty('password');
  });

  it('after a conflict (10009) shows the server message and reloads the form with the saved version', async () => {
    let version = 4;
    openEdit({ code: Code.CONFLICT, message: 'Someone else changed this employee first; reload and try again.' }, () => ({
      data: { ...employee, version, location: version === 4 ? 'Daly City' : 'San Mateo' },
    }));
    await waitFor(() => expect(input('Location').value).toBe('Daly City'), { timeout: 20_000 });
    type('Location', 'Redwood City');
    version = 5;
    await save();
    expect(await findText('Someone else changed this employee first; reload and try again.')).toBeTruthy();
    await waitFor(() => expect(input('Location').value).toBe('San Mateo'), { timeout: 15_000 });
  });
});
