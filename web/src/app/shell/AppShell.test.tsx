import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Code, MENU_COLLAPSE_BELOW_PX, STORAGE_KEYS } from '@tidyhouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken, getUserInfo, saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { type ApiCall, deferred, mockApi, type Reply } from '@/test/api';
import { businessProfile, menuOf, userInfo } from '@/test/fixtures';
import { renderApp, waitForPath } from '@/test/render';

const storedUser = userInfo({ sysMenuList: menuOf('/customer/customerlist', '/customer/secretkey', '/sys/logs', '/sys/region') });

function startShell(path: string, api: Record<string, Reply | ((call: ApiCall) => Reply | Promise<Reply>)> = {}) {
  saveSession('tok', storedUser);
  const calls = mockApi({
    '/getUserInfo': { data: storedUser },
    '/sysParam/businessProfile': { data: businessProfile },
    '/loginOut': { data: null },
    ...api,
  });
  return { ...renderApp(path), api: calls };
}

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
};

const openAvatarMenu = () => fireEvent.click(screen.getByTestId('avatar-menu'));

afterEach(() => setWidth(1600));

describe('layout shell', () => {
  it('builds the menu from the stored menu list, with the contract titles in the current language', async () => {
    setLocale('en');
    setWidth(1600);
    startShell('/customer/customerlist');
    const sider = await screen.findByTestId('sider');
    expect(within(sider).getByText('Customer Management')).toBeTruthy();
    expect(within(sider).getByText('System Set-up')).toBeTruthy();
    expect(within(sider).queryByText('Sales')).toBeNull();
    expect(within(sider).queryByText(/server/)).toBeNull();
    // The current screen's group is open.
    expect(within(sider).getByText('Customer Key List')).toBeTruthy();
  });

  it('keeps one submenu open at a time and navigates on selection', async () => {
    setLocale('en');
    const { router } = startShell('/customer/customerlist');
    const sider = await screen.findByTestId('sider');
    fireEvent.click(within(sider).getByText('System Set-up'));
    const zones = await within(sider).findByText('Zone Management');
    const submenu = (title: string) => within(sider).getByText(title).closest('[aria-expanded]');
    await waitFor(() => expect(submenu('Customer Management')?.getAttribute('aria-expanded')).toBe('false'));
    expect(submenu('System Set-up')?.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(zones);
    await waitForPath(router, '/sys/region');
    const breadcrumb = screen.getByTestId('breadcrumb');
    await waitFor(() => expect(breadcrumb.textContent).toContain('Zone Management'));
    expect(breadcrumb.textContent).toContain('System Set-up');
  });

  it('shows the business address and the user, with "super administrator" until the user info arrives', async () => {
    setLocale('en');
    const answer = deferred<Reply>();
    startShell('/customer/customerlist', { '/getUserInfo': () => answer.promise });
    await screen.findByTestId('header-address');
    await waitFor(() =>
      expect(screen.getByTestId('header-address').textContent).toContain('1200 Market St Suite 210, San Jose, CA 95112'),
    );
    const user = screen.getByTestId('header-user');
    expect(user.textContent).toContain('Ada Lovelace');
    expect(user.textContent).toContain('super administrator');

    answer.resolve({ data: { ...storedUser, roleName: 'Office manager' } });
    await waitFor(() => expect(screen.getByTestId('header-user').textContent).toContain('Office manager'));
  });

  it('asks for the user info again in the new language, keeping the old role name meanwhile', async () => {
    startShell('/customer/customerlist', {
      '/getUserInfo': (call) => ({
        data: { ...storedUser, roleName: call.headers.get('Accept-Language') === 'en' ? 'Office Manager' : '办公室经理' },
      }),
    });
    await waitFor(() => expect(screen.getByTestId('header-user').textContent).toContain('办公室经理'));
    act(() => setLocale('en'));
    expect(screen.getByTestId('header-user').textContent).toContain('办公室经理');
    await waitFor(() => expect(screen.getByTestId('header-user').textContent).toContain('Office Manager'));
  });

  it('refreshes the user info on mount and rebuilds the menu when the role changed', async () => {
    setLocale('en');
    const changed = { ...storedUser, sysMenuList: menuOf('/sales/quotationlist') };
    startShell('/customer/customerlist', { '/getUserInfo': { data: changed } });
    const sider = await screen.findByTestId('sider');
    await waitFor(() => expect(within(sider).getByText('Sales')).toBeTruthy());
    expect(within(sider).queryByText('Customer Management')).toBeNull();
    expect(getUserInfo()?.sysMenuList.map((group) => group.url)).toEqual(['/sales']);
  });

  it('collapses below 1500 px, expands above, and toggles by the button', async () => {
    setWidth(MENU_COLLAPSE_BELOW_PX - 1);
    startShell('/customer/customerlist');
    const sider = await screen.findByTestId('sider');
    expect(sider.dataset.collapsed).toBe('true');

    act(() => setWidth(MENU_COLLAPSE_BELOW_PX));
    await waitFor(() => expect(sider.dataset.collapsed).toBe('false'));

    fireEvent.click(screen.getByTestId('menu-toggle'));
    await waitFor(() => expect(sider.dataset.collapsed).toBe('true'));
    // Resizing on the same side of the breakpoint keeps the user's choice.
    act(() => setWidth(MENU_COLLAPSE_BELOW_PX + 300));
    expect(sider.dataset.collapsed).toBe('true');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    await waitFor(() => expect(sider.dataset.collapsed).toBe('false'));

    act(() => setWidth(900));
    await waitFor(() => expect(sider.dataset.collapsed).toBe('true'));
  });

  it('has a breadcrumb home icon leading to /quick/dashboard', async () => {
    const { router } = startShell('/sys/logs');
    const breadcrumb = await screen.findByTestId('breadcrumb');
    await waitFor(() => expect(breadcrumb.textContent).toContain('登录跟踪'));
    expect(breadcrumb.textContent).toContain('系统设置');
    fireEvent.click(within(breadcrumb).getByRole('link'));
    await waitForPath(router, '/quick/dashboard');
  });
});

describe('avatar menu', () => {
  it('switches the language of the menu, breadcrumb and storage at once', async () => {
    startShell('/customer/customerlist');
    const sider = await screen.findByTestId('sider');
    expect(within(sider).getByText('客户管理')).toBeTruthy();
    openAvatarMenu();
    fireEvent.click(await screen.findByText('English'));
    await waitFor(() => expect(within(sider).getByText('Customer Management')).toBeTruthy());
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(screen.getByTestId('breadcrumb').textContent).toContain('Customer List');

    openAvatarMenu();
    fireEvent.click(await screen.findByText('中文'));
    await waitFor(() => expect(within(sider).getByText('客户管理')).toBeTruthy());
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh');
  });

  it('opens the user centre', async () => {
    setLocale('en');
    const { router } = startShell('/customer/customerlist', {
      '/userCenter/profile': {
        data: {
          id: 7,
          uname: 'ada',
          name: 'Ada Lovelace',
          roleName: 'Office manager',
          email: null,
          phone: null,
          lastLoginAt: null,
          passwordChangedAt: null,
        },
      },
    });
    await screen.findByTestId('sider');
    openAvatarMenu();
    fireEvent.click(await screen.findByText('User centre'));
    await waitForPath(router, '/user/center');
  });

  it('logs out: calls /loginOut, clears the session and goes to /login when the answer is code 0', async () => {
    setLocale('en');
    const { router, api } = startShell('/customer/customerlist');
    await screen.findByTestId('sider');
    openAvatarMenu();
    fireEvent.click(await screen.findByText('Log out'));
    await waitForPath(router, '/login');
    expect(api.callsTo('/loginOut')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
  });

  it('keeps the session when the logout answer is not code 0', async () => {
    setLocale('en');
    const { router } = startShell('/customer/customerlist', { '/loginOut': { code: Code.REFUSED, message: 'Try again' } });
    await screen.findByTestId('sider');
    openAvatarMenu();
    fireEvent.click(await screen.findByText('Log out'));
    expect(await screen.findByText('Try again')).toBeTruthy();
    expect(getToken()).toBe('tok');
    expect(router.state.location.pathname).toBe('/customer/customerlist');
  });
});
