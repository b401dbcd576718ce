import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Code, type MyProfile } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi, type Reply } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { clickGuarded } from '@/test/guarded';
import { renderApp } from '@/test/render';

const profile: MyProfile = {
  id: 7,
  uname: 'ada',
  name: 'Ada Lovelace',
  roleName: 'Office manager',
  email: 'ada@example.com',
  phone: null,
  lastLoginAt: '2026-03-02T17:04:00.000Z',
  passwordChangedAt: null,
};

const submit = () => clickGuarded(() => screen.getByRole('button', { name: /Change password/ }));

function openUserCentre(changePassword: Reply = { data: null }) {
  setLocale('en');
  saveSession('tok', userInfo());
  const api = mockApi({
    '/getUserInfo': { data: userInfo() },
    '/sysParam/businessProfile': { data: businessProfile },
    '/userCenter/profile': { data: profile },
    '/userCenter/changePassword': changePassword,
  });
  renderApp('/user/center');
  return api;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('user centre', () => {
  it("shows the user's profile", async () => {
    openUserCentre();
    const details = await screen.findByTestId('profile');
    await waitFor(() => expect(details.textContent).toContain('ada@example.com'));
    expect(details.textContent).toContain('Ada Lovelace');
    expect(details.textContent).toContain('Office manager');
    expect(details.textContent).toContain('Not set'); // no phone
    expect(details.textContent).toMatch(/0?3\/0?2\/2026,? 0?9:04\s?AM/);
  });

  it('requires every password field and checks the two new ones match', async () => {
    const api = openUserCentre();
    await screen.findByRole('button', { name: /Change password/ });
    await submit();
    expect(await screen.findByText('current password is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(screen.getByText('verify password is required')).toBeTruthy();

    type('Current password', 'old-secret');
    type('New password', 'new-secret-1');
    type('Verify password', 'new-secret-2');
    await submit();
    expect(await screen.findByText('The password is inconsistent twice!')).toBeTruthy();
    expect(api.callsTo('/userCenter/changePassword')).toHaveLength(0);
  });

  it('changes the password and says so', async () => {
    const api = openUserCentre();
    await screen.findByRole('button', { name: /Change password/ });
    type('Current password', 'old-secret');
    type('New password', 'new-secret-1');
    type('Verify password', 'new-secret-1');
    await submit();
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(api.callsTo('/userCenter/changePassword')[0]?.body).toEqual({
      oldPassword: 'old-secret',
      password: 'new-secret-1',
      verifyPassword: 'new-secret-1',
    });
  });

  it("shows the server's refusal (wrong current password)", async () => {
    openUserCentre({ code: Code.REFUSED, message: 'The current password is wrong' });
    await screen.findByRole('button', { name: /Change password/ });
    type('Current password', 'bad-secret');
    type('New password', 'new-secret-1');
    type('Verify password', 'new-secret-1');
    await submit();
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect(screen.queryByText('Your password has been changed.')).toBeNull();
  });
});
