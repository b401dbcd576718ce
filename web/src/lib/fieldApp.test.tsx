import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FIELD_HOME, FIELD_USE_KEY, type LoginResponse, STORAGE_KEYS } from '@tidyhouse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, getUserInfo, saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { fieldApp, isFieldUser } from './fieldApp';

/** A cleaner as the server describes them: no menu, the field app's key, home '/field' (issue 21). */
const cleaner = () =>
  userInfo({
    uname: 'rosa.martinez',
    roleName: 'Cleaner',
    userRole: 'cleaner',
    permissions: [FIELD_USE_KEY],
    sysMenuList: [],
    home: FIELD_HOME,
  });

const realOpen = fieldApp.open;
let opened: ReturnType<typeof vi.fn>;
beforeEach(() => {
  opened = vi.fn();
  fieldApp.open = opened as () => void;
  setLocale('en');
});
afterEach(() => {
  fieldApp.open = realOpen;
});

describe('isFieldUser', () => {
  it("follows the server's home: a cleaner, not an office user who also holds field:use", () => {
    expect(isFieldUser(cleaner())).toBe(true);
    expect(isFieldUser(userInfo({ permissions: [...userInfo().permissions, FIELD_USE_KEY] }))).toBe(false);
    expect(isFieldUser(userInfo({ sysMenuList: [], permissions: [] }))).toBe(false);
    expect(isFieldUser(null)).toBe(false);
  });
});

describe('a cleaner in the back office is sent to the field app', () => {
  it('after signing in on /login: the session kept for /field, no refusal', async () => {
    const answer: LoginResponse = { token: 'field-token', userInfo: cleaner(), home: FIELD_HOME };
    mockApi({ '/login': { data: answer } });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('User name'), { target: { value: 'rosa.martinez' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo password' } });
    fireEvent.click(screen.getByRole('button', { name: /Log in/ }));
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(getToken()).toBe('field-token');
    expect(getUserInfo()?.uname).toBe('rosa.martinez');
    expect(screen.queryByText('you do not have permission, please contact the administrator')).toBeNull();
  });

  it('from a /login?tk= link', async () => {
    const api = mockApi({ '/getUserInfo': { data: cleaner() } });
    renderApp('/login?tk=link-token');
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(api.callsTo('/getUserInfo')[0]?.headers.get('Authorization')).toBe('link-token');
    expect(getToken()).toBe('link-token');
    expect(api.callsTo('/loginOut')).toHaveLength(0);
  });

  it("when a cleaner's stored session opens a back-office address: no screen, no back-office call", async () => {
    saveSession('field-token', cleaner());
    const api = mockApi({ '/getUserInfo': { data: cleaner() }, '/sysParam/businessProfile': { data: businessProfile } });
    renderApp('/customer/customerlist');
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(api.calls).toHaveLength(0);
    expect(getToken()).toBe('field-token');
  });

  it('when the fresh user info of a stored session turns out to be a cleaner', async () => {
    saveSession('field-token', userInfo());
    mockApi({ '/getUserInfo': { data: cleaner() }, '/sysParam/businessProfile': { data: businessProfile } });
    renderApp('/quick/dashboard');
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(getToken()).toBe('field-token');
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toContain('rosa.martinez');
  });

  it('an office user holding field:use stays in the back office', async () => {
    const office = userInfo({ permissions: [...userInfo().permissions, FIELD_USE_KEY] });
    mockApi({ '/login': { data: { token: 'office-token', userInfo: office } }, '/getUserInfo': { data: office } });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('User name'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: /Log in/ }));
    await waitFor(() => expect(getToken()).toBe('office-token'));
    expect(opened).not.toHaveBeenCalled();
  });
});
