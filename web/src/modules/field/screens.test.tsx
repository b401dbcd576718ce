import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FieldApp } from './App';
import { FIELD_LOCALE_KEY, fieldI18n, setFieldLocale } from './i18n';
import { apiTransport, memoryStore, Outbox } from './outbox';
import { fieldDay } from './testDay';
import { preloadToday } from './useDay';

type Handler = (body: Record<string, unknown>, headers: Headers) => unknown;

/** The API as the field app reaches it: each call's envelope from a handler, every request recorded. */
function stubApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown>; token: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/_\//, '/');
      const headers = new Headers(init.headers);
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body, token: headers.get('Authorization') });
      const handler = handlers[path];
      if (!handler) return new Response(JSON.stringify({ code: 10004, message: 'Not found', data: null }));
      const answer = handler(body, headers);
      const envelope =
        answer instanceof Error ? { code: 10003, message: answer.message, data: null } : { code: 0, message: '', data: answer };
      return new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

const USER_INFO = {
  id: 7,
  uname: 'rosa.martinez',
  name: 'Rosa Martinez',
  roleName: 'Cleaner',
  userRole: 'cleaner',
  permissions: ['field:use'],
  sysMenuList: [],
};

function signIn() {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('userInfo', JSON.stringify(USER_INFO));
}

function renderApp() {
  const outbox = new Outbox(memoryStore(), apiTransport);
  render(<FieldApp outbox={outbox} />);
  return outbox;
}

const syncAnswer: Handler = (body) => ({
  results: (body.actions as { key: string }[]).map((action) => ({ key: action.key, status: 'applied' })),
});

beforeEach(() => {
  setFieldLocale('en');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  void fieldI18n.changeLanguage('en');
});

describe('field app: sign-in', () => {
  it('signs in through /login, then shows My day with the crew’s job', async () => {
    window.history.replaceState(null, '', '/field/');
    const calls = stubApi({
      '/login': () => ({ token: 'tok-9', userInfo: USER_INFO }),
      '/field/myDay': () => fieldDay(),
    });
    renderApp();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter your user name')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByTestId('login-uname').querySelector('input')!, { target: { value: ' rosa.martinez ' } });
    fireEvent.change(screen.getByTestId('login-password').querySelector('input')!, { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    const card = await screen.findByTestId('job-card-11');
    expect(within(card).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(card).getByTestId('job-map-11').getAttribute('href')).toBe(
      'https://maps.google.com/?q=1%20Main%20St%2C%20San%20Jose%2C%20CA%2095112',
    );
    expect(screen.getByTestId('team').textContent).toContain('Maria Lopez');
    for (const text of ['Side door', 'Preferences: No bleach', 'Pets: One cat', 'Arrive 09:00–10:00']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(calls[0]).toMatchObject({ path: '/login', body: { uname: 'rosa.martinez', password: 'secret' }, token: null });
    expect(calls.find((c) => c.path === '/field/myDay')?.token).toBe('tok-9');
    expect(localStorage.getItem('token')).toBe('tok-9');
  });

  it('shows the server’s refusal on the sign-in screen', async () => {
    stubApi({ '/login': () => new Error('Wrong user name or password') });
    renderApp();
    fireEvent.change(screen.getByTestId('login-uname').querySelector('input')!, { target: { value: 'rosa' } });
    fireEvent.change(screen.getByTestId('login-password').querySelector('input')!, { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong user name or password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs in with a ?tk= link, and takes the token out of the address', async () => {
    window.history.replaceState(null, '', '/field/?tk=link-token');
    const calls = stubApi({ '/field/myDay': () => fieldDay() });
    renderApp();
    await screen.findByTestId('job-card-11');
    expect(calls[0]).toMatchObject({ path: '/field/myDay', token: 'link-token' });
    expect(localStorage.getItem('token')).toBe('link-token');
    expect(window.location.search).toBe('');
  });

  it('switches to Spanish and keeps the choice', async () => {
    stubApi({});
    renderApp();
    fireEvent.click(screen.getByTestId('lang-es'));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(localStorage.getItem(FIELD_LOCALE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Tidyhouse Campo');
  });
});

describe('field app: the job and time', () => {
  it('reveals a code with one tap through /field/revealCode', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/job/11');
    const calls = stubApi({
      '/field/myDay': () => fieldDay(),
      '/field/revealCode': (body) => ({ jobId: body.jobId, kind: body.kind, value: '4321' }),
    });
    renderApp();
    fireEvent.click(await screen.findByTestId('job-reveal-gate'));
    expect((await screen.findByTestId('job-code-gate')).textContent).toBe('4321');
    expect(calls.find((c) => c.path === '/field/revealCode')?.body).toEqual({ jobId: 11, kind: 'gate' });
    // No alarm code at this house: no button for one.
    expect(screen.queryByTestId('job-reveal-alarm')).toBeNull();
  });

  it('sends a checklist tick and a check-in through /field/sync with their keys and moments', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/job/11');
    const calls = stubApi({ '/field/myDay': () => fieldDay(), '/field/sync': syncAnswer });
    renderApp();
    fireEvent.click(await screen.findByTestId('job-check-in'));
    await waitFor(() => expect(calls.some((c) => c.path === '/field/sync')).toBe(true));
    fireEvent.click(screen.getByTestId('checklist-item-baths'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/field/sync')).toHaveLength(2));
    const sent = calls.filter((c) => c.path === '/field/sync').flatMap((c) => c.body.actions as Record<string, unknown>[]);
    expect(sent.map(({ key: _k, at: _a, ...rest }) => rest)).toEqual([
      { type: 'jobEvent', jobId: 11, kind: 'checkIn' },
      { type: 'jobEvent', jobId: 11, kind: 'checklist', checklist: [{ id: 'baths', done: true }] },
    ]);
    for (const action of sent) {
      expect(action.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(String(action.at)))).toBe(false);
    }
  });

  it('asks the rest-break question at clock-out and sends the answer with the punch', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/time');
    const calls = stubApi({
      '/field/myDay': () =>
        fieldDay({ clock: { clockedIn: true, onMeal: false, workedMinutes: 125, mealReminderAt: null, mealWaived: false } }),
      '/field/sync': syncAnswer,
    });
    renderApp();
    await waitFor(() => expect(screen.getByTestId('time-status').dataset.status).toBe('clockedIn'));
    expect(screen.getByText('Worked today: 2 h 5 min')).toBeTruthy();
    fireEvent.click(screen.getByTestId('punch-clockOut'));
    expect(await screen.findByText('Were you able to take all your rest breaks today?')).toBeTruthy();
    expect(calls.some((c) => c.path === '/field/sync')).toBe(false);
    fireEvent.click(screen.getByTestId('rest-no'));
    await waitFor(() => expect(calls.some((c) => c.path === '/field/sync')).toBe(true));
    const [action] = calls.find((c) => c.path === '/field/sync')!.body.actions as Record<string, unknown>[];
    expect(action).toMatchObject({ type: 'punch', kind: 'clockOut', restBreaksTaken: false });
  });

  it('keeps a clock-in made offline, shows it waiting, and shows the server’s refusal once sent', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/time');
    let online = false;
    const calls = stubApi({
      '/field/myDay': () => fieldDay(),
      '/field/sync': (body) => {
        if (!online) throw new TypeError('Failed to fetch');
        return {
          results: (body.actions as { key: string }[]).map((a) => ({
            key: a.key,
            status: 'refused',
            message: 'The day is closed',
          })),
        };
      },
    });
    const fetchStub = vi.mocked(fetch);
    const answer = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/field/sync') && !online) throw new TypeError('Failed to fetch');
      return answer(url, init);
    });
    const outbox = renderApp();
    fireEvent.click(await screen.findByTestId('punch-clockIn'));
    await waitFor(() => expect(screen.getByTestId('outbox-badge').dataset.pending).toBe('1'));
    await waitFor(() => expect(screen.getByTestId('time-status').dataset.status).toBe('clockedIn'));

    online = true;
    await act(() => outbox.flush());
    expect((await screen.findByTestId('sync-attention')).textContent).toContain('Not accepted: The day is closed');
    expect(screen.getByTestId('outbox-badge').dataset.pending).toBe('0');
    expect(calls.filter((c) => c.path === '/field/sync').length).toBeGreaterThan(0);
  });

  it('shows tomorrow read-only: asked by date, no check-in, no code to reveal, no photo to take', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/tomorrow/job/11');
    const calls = stubApi({
      '/field/myDay': (body) => (body.date ? fieldDay({ date: String(body.date), readOnly: true }) : fieldDay()),
    });
    renderApp();
    expect((await screen.findByTestId('read-only-banner')).textContent).toBe("Tomorrow's job: you can act on it tomorrow.");
    expect(screen.getByTestId('job-screen')).toBeTruthy();
    for (const id of ['job-check-in', 'job-reveal-key', 'job-reveal-gate', 'photo-input-before', 'job-note']) {
      expect(screen.queryByTestId(id), id).toBeNull();
    }
    // Tomorrow of the phone's today (no day kept yet): a date, never left for the server to take as today.
    expect(calls.find((c) => c.path === '/field/myDay')?.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows an office user the team a link names (/field?team=3), on later screens too', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/?team=3');
    const calls = stubApi({ '/field/myDay': () => fieldDay() });
    renderApp();
    fireEvent.click(await screen.findByTestId('job-open-11'));
    await screen.findByTestId('job-screen');
    const asked = calls.filter((c) => c.path === '/field/myDay').map((c) => c.body.teamId);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((teamId) => teamId === 3)).toBe(true);
    sessionStorage.clear();
  });

  it('waits for the phone’s position with its buttons held (a second tap makes no second action), then sends it', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/time');
    const calls = stubApi({ '/field/myDay': () => fieldDay(), '/field/sync': syncAnswer });
    let answer: PositionCallback | undefined;
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (success: PositionCallback) => (answer = success) },
      configurable: true,
    });
    try {
      renderApp();
      const button = await screen.findByTestId('punch-clockIn');
      fireEvent.click(button);
      await waitFor(() => expect(answer).toBeDefined());
      expect((screen.getByTestId('punch-clockIn') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('punch-clockIn'));
      act(() => answer!({ coords: { latitude: 37.33, longitude: -121.89, accuracy: 12 } } as GeolocationPosition));
      await waitFor(() => expect(calls.some((c) => c.path === '/field/sync')).toBe(true));
      const sent = calls.filter((c) => c.path === '/field/sync').flatMap((c) => c.body.actions as Record<string, unknown>[]);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ kind: 'clockIn', location: { lat: 37.33, lng: -121.89, accuracyM: 12 } });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
      Reflect.deleteProperty(window, 'isSecureContext');
    }
  });

  it('sends a photo from the file input to /field/photo and says what became of it', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/job/11');
    let refuse = false;
    const calls = stubApi({
      '/field/myDay': () => fieldDay(),
      '/field/photo': () => (refuse ? new Error('The file is not a picture') : { id: 5 }),
    });
    renderApp();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'IMG_0001.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('photo-input-before'), { target: { files: [png] } });
    await waitFor(() => expect(screen.getByTestId('photo-message').textContent).toBe('Photo sent'));
    expect(calls.find((c) => c.path === '/field/photo')?.body).toEqual({
      jobId: 11,
      kind: 'before',
      name: 'before-J-2611-0011.png',
      contentBase64: 'data:image/png;base64,iVBORw==',
    });

    refuse = true;
    fireEvent.change(screen.getByTestId('photo-input-after'), { target: { files: [png] } });
    await waitFor(() => expect(screen.getByTestId('photo-message').textContent).toBe('Not accepted: The file is not a picture'));
  });

  it('asks for today once when the app starts signed in: the first screen takes that answer', async () => {
    signIn();
    window.history.replaceState(null, '', '/field/');
    const calls = stubApi({ '/field/myDay': () => fieldDay() });
    preloadToday();
    expect(calls.map((c) => c.path)).toEqual(['/field/myDay']);
    renderApp();
    await screen.findByTestId('job-card-11');
    expect(calls.filter((c) => c.path === '/field/myDay')).toHaveLength(1);
  });
});
