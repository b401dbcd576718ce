import { screen, waitFor } from '@testing-library/react';
import { ALL_SCREENS, Code, MENU_TREE } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { getToken, getUserInfo, saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { canonicalScreen } from '@/lib/screens';
import { mockApi } from '@/test/api';
import { businessProfile, menuOf, userInfo } from '@/test/fixtures';
import { renderApp, waitForPath } from '@/test/render';
import { DOMAIN_PAGES, pageFor } from './screenPages';

const shellApi = (overrides = {}) =>
  mockApi({
    '/getUserInfo': { data: userInfo() },
    '/sysParam/businessProfile': { data: businessProfile },
    ...overrides,
  });

describe('access flow (spec §2)', () => {
  it('sends a visitor without a token to /login with the not-logged-in message', async () => {
    setLocale('en');
    const api = shellApi();
    const { router } = renderApp('/customer/customerlist');
    expect(await screen.findByText("You don't have permission yet, please log in and do not operate")).toBeTruthy();
    await waitForPath(router, '/login');
    expect(await screen.findByRole('button', { name: /Log in/ })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('/login?tk= stores the token, fetches the user info with it and goes to the dashboard', async () => {
    const api = shellApi();
    const { router } = renderApp('/login?tk=link-token');
    await waitForPath(router, '/quick/dashboard');
    expect(api.callsTo('/getUserInfo')[0]?.headers.get('Authorization')).toBe('link-token');
    expect(getToken()).toBe('link-token');
    expect(getUserInfo()?.uname).toBe('ada');
    // The dashboard itself opened: it asks for its figures.
    await waitFor(() => expect(api.callsTo('/dashboard/query').length).toBeGreaterThan(0));
  });

  it('/login?tk= for a user without menu entries: back to /login, no-permission message, no session', async () => {
    setLocale('en');
    shellApi({ '/getUserInfo': { data: userInfo({ sysMenuList: [] }) } });
    const { router } = renderApp('/login?tk=link-token');
    expect(await screen.findByText('you do not have permission, please contact the administrator')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    expect(getUserInfo()).toBeNull();
  });

  it('/login?tk= with an unknown token shows the server message and stays on /login without a session', async () => {
    shellApi({ '/getUserInfo': { code: Code.NOT_LOGGED_IN, message: 'Please log in' } });
    const { router } = renderApp('/login?tk=bad');
    expect(await screen.findByText(/Please log in/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('redirects / to /quick/dashboard', async () => {
    saveSession('tok', userInfo());
    shellApi();
    const { router } = renderApp('/');
    await waitForPath(router, '/quick/dashboard');
  });

  it('lands a role without the dashboard on the first screen of its menu, after a ?tk= login and from /', async () => {
    setLocale('en');
    const noDashboard = userInfo({
      permissions: ['/sales/quotationlist', '/sales/newcustomerquotat'],
      sysMenuList: menuOf('/sales/quotationlist', '/sales/newcustomerquotat'),
    });
    shellApi({ '/getUserInfo': { data: noDashboard } });
    const { router } = renderApp('/login?tk=link-token');
    const first = noDashboard.sysMenuList[0]!.children![0]!.url;
    expect(first).not.toBe('/quick/dashboard');
    await waitForPath(router, first);
    expect(screen.queryByText('No access to this screen')).toBeNull();
    await router.navigate('/');
    await waitForPath(router, first);
  });

  it('shows a not-found page for unknown paths', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    shellApi();
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('shows "no access to this screen" for a screen the menu does not include, in both languages, with a way home', async () => {
    const sales = userInfo({
      permissions: ['/quick/dashboard', '/sales/quotationlist'],
      sysMenuList: menuOf('/quick/dashboard', '/sales/quotationlist'),
    });
    setLocale('en');
    saveSession('tok', sales);
    const api = shellApi({ '/getUserInfo': { data: sales } });
    const { router, unmount } = renderApp('/sys/roleauthor');
    const page = await screen.findByText('No access to this screen', {}, { timeout: 15_000 });
    expect(page).toBeTruthy();
    // The screen itself never rendered: nothing asked the server for its list.
    expect(api.callsTo('/sysRole/queryList')).toHaveLength(0);
    screen.getByText('Go to my home page').click();
    await waitForPath(router, '/quick/dashboard');
    unmount();

    setLocale('zh');
    renderApp('/employee/employeelist/add');
    expect(await screen.findByText('无权访问此页面', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('renders the user centre inside the shell', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    shellApi({
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
    renderApp('/user/center');
    expect(await screen.findByText('My profile')).toBeTruthy();
    expect(screen.getByTestId('sider')).toBeTruthy();
  });
});

/** Screens built so far (by the key they carry, so their Quick Links count too): no "coming" page any more. */
describe('menu routes', () => {
  it('has a page for every route of the menu tree, Quick Links included', () => {
    for (const screen of ALL_SCREENS) expect(pageFor(screen), screen.url).toBeDefined();
  });

  it("lets each domain render only its own screens (the contract's domain of the screen)", () => {
    const canonical = ALL_SCREENS.filter((screen) => canonicalScreen(screen) === screen);
    for (const [domain, pages] of Object.entries(DOMAIN_PAGES)) {
      const expected = canonical.filter((screen) => screen.domain === domain).map((screen) => screen.url);
      expect(Object.keys(pages).sort(), domain).toEqual(expected.sort());
    }
  });

  // Screens already built render their own page (each domain tests its screens); the rest say what they will hold.
  const BUILT = new Set([
    '/employee/employeelist',
    '/employee/employeelist/add',
    '/employee/employeelist/update',
    '/employee/teambuilding',
    '/employee/dailyallocation',
    '/employee/attendance',
    '/employee/wages',
    '/quick/dashboard',
    '/office/creditcardcollection',
    '/office/cardreconciliation',
    '/customer/customerlist',
    '/customer/customerdetail',
    '/customer/secretkey',
    '/customer/connectrecord',
    '/sales/newcustomerquotat',
    '/sales/quotationlist',
    '/service/worklist',
    '/service/workdeatil',
    '/service/planlist',
    '/service/tasklist',
    '/service/schedule',
    '/office/dailyschedule',
    '/office/completionconfirmat',
    '/office/confirmshutdown',
    '/sys/positionparameter',
    '/sys/serviceprice',
    '/sys/labortype',
    '/sys/region',
    '/sys/roleauthor',
    '/sys/logs',
    '/sys/messagetemplate',
    '/office/messages',
    '/marketing/channellist',
    '/marketing/giftcertificate',
    '/customer/invoices',
    '/customer/aging',
  ]);
  const coming = MENU_TREE.flatMap((group) => group.children).filter((screen) => !BUILT.has(canonicalScreen(screen).url));

  it('has no "coming" page left: every screen of the menu is built', () => {
    expect(coming.map((screen) => screen.url)).toEqual([]);
  });

  // The sales screens carry their menu title as a heading (other domains test their screens themselves).
  const salesScreens = MENU_TREE.flatMap((group) => group.children).filter((screen) => screen.permission.startsWith('/sales/'));
  it.each(salesScreens.map((screen) => [screen.url, screen.title.en] as const))(
    '%s shows its real screen titled %j',
    async (url, title) => {
      setLocale('en');
      saveSession('tok', userInfo());
      shellApi();
      renderApp(url);
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.queryByTestId('coming-soon')).toBeNull();
    },
  );
});
