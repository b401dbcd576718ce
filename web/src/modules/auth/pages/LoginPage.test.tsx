import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Code, type LoginResponse, STORAGE_KEYS } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { getToken, getUserInfo } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp, waitForPath } from '@/test/render';

const loginAnswer = (overrides = {}): LoginResponse => ({ token: 'new-token', userInfo: userInfo(overrides) });

async function fillAndSubmit(uname: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/User name|用户名/), { target: { value: uname } });
  fireEvent.change(screen.getByLabelText(/Password|密码/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /Log in|登\s*录/ }));
}

describe('login page', () => {
  it('requires user name and password, with the spec §5 messages', async () => {
    setLocale('en');
    const api = mockApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: /Log in/ }));
    expect(await screen.findByText('user name is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('logs in: stores token and user info, then opens the dashboard', async () => {
    setLocale('en');
    const api = mockApi({
      '/login': { data: loginAnswer() },
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('ada', 'correct horse');
    await waitForPath(router, '/quick/dashboard');
    expect(api.callsTo('/login')[0]?.body).toEqual({ uname: 'ada', password: 'correct horse' });
    expect(getToken()).toBe('new-token');
    expect(getUserInfo()?.uname).toBe('ada');
  });

  it('refuses a user without menu entries: message, no session, still on /login', async () => {
    setLocale('en');
    mockApi({ '/login': { data: loginAnswer({ sysMenuList: [] }) } });
    const { router } = renderApp('/login');
    await fillAndSubmit('ada', 'correct horse');
    expect(await screen.findByText('you do not have permission, please contact the administrator')).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's message for a wrong password", async () => {
    mockApi({ '/login': { code: Code.REFUSED, message: '用户名或密码错误' } });
    renderApp('/login');
    await fillAndSubmit('ada', 'wrong');
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('switches the language from the form', async () => {
    mockApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByText('English'));
    expect(await screen.findByRole('button', { name: /Log in/ })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('clears a required message once the field is filled, and shows or hides the password', async () => {
    setLocale('en');
    mockApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: /Log in/ }));
    expect(await screen.findByText('user name is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'ada' } });
    await waitFor(() => expect(screen.queryByText('user name is required')).toBeNull());
    expect(screen.getByText('password is required')).toBeTruthy();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByTitle('Show password'));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByTitle('Hide password'));
    expect(password.type).toBe('password');
  });
});
