import { Code, REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '@tidyhouse/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelopeResponse, mockApi } from '@/test/api';
import { userInfo } from '@/test/fixtures';
import { getToken, getUserInfo, saveSession } from './auth';
import { ApiError, get, getBlob, HttpStatusError, isShownError, post, RequestTimeoutError, upload } from './http';
import { setLocale } from './i18n';
import { registerNavigator } from './navigation';

const messages = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
// What the http client hands to the message layer (lib/notify shows it through antd).
vi.mock('./notify', () => ({
  showError: (text: string) => messages.error({ content: text, key: text }),
  showSuccess: (text: string) => messages.success({ content: text, key: text }),
}));
const navigate = vi.fn();

beforeEach(() => {
  messages.error.mockReset();
  messages.success.mockReset();
  navigate.mockReset();
  registerNavigator(navigate);
  window.location.hash = '';
});

const shownErrors = () => messages.error.mock.calls.map(([options]) => (options as { content: string }).content);

describe('requests', () => {
  it('posts JSON to /_/ with the stored token and the stored language', async () => {
    saveSession('tok-1', userInfo());
    setLocale('en');
    const api = mockApi({ '/customer/queryList': { data: { list: [], total: 0 } } });

    await expect(post('/customer/queryList', { pageNum: 1 })).resolves.toEqual({ list: [], total: 0 });

    const [call] = api.calls;
    expect(call?.url).toBe('/_/customer/queryList');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe('tok-1');
    expect(call?.headers.get('Accept-Language')).toBe('en');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ pageNum: 1 });
  });

  it('sends no Authorization header without a token, and GET params in the query string', async () => {
    const api = mockApi({ '/getUserInfo': { data: { ok: true } } });
    await get('/getUserInfo', { a: 1, skip: undefined, b: 'x y' });
    expect(api.calls[0]?.url).toBe('/_/getUserInfo?a=1&b=x+y');
    expect(api.calls[0]?.method).toBe('GET');
    expect(api.calls[0]?.headers.has('Authorization')).toBe(false);
    expect(api.calls[0]?.headers.get('Accept-Language')).toBe('zh');
  });

  it('stores a renewed token from the Authorization response header', async () => {
    saveSession('old-token', userInfo());
    mockApi({ '/x': { data: 1, headers: { Authorization: 'new-token' } } });
    await post('/x');
    expect(getToken()).toBe('new-token');
  });

  it('does not bring back a session that was cleared while the request was in flight', async () => {
    saveSession('old-token', userInfo());
    const answer = deferred<Response>();
    mockApi({ '/x': () => answer.promise });
    const pending = post('/x');
    localStorage.clear();
    answer.resolve(envelopeResponse({ data: 1, headers: { Authorization: 'new-token' } }));
    await pending;
    expect(getToken()).toBeNull();
  });
});

describe('merging identical in-flight requests', () => {
  it('gives the later caller the first call’s result without a second request', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ '/x': () => answer.promise });
    const first = post('/x', { id: 1 });
    const second = post('/x', { id: 1 });
    answer.resolve(envelopeResponse({ data: { n: 42 } }));
    expect(await first).toEqual({ n: 42 });
    expect(await second).toBe(await first);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends again once the first has settled, and never merges different bodies or page hashes', async () => {
    const api = mockApi({ '/x': { data: 1 } });
    await Promise.all([post('/x', { id: 1 }), post('/x', { id: 2 })]);
    expect(api.fetchMock).toHaveBeenCalledTimes(2);
    await post('/x', { id: 1 });
    expect(api.fetchMock).toHaveBeenCalledTimes(3);

    const first = post('/x', { id: 1 });
    window.location.hash = '#other';
    const second = post('/x', { id: 1 });
    await Promise.all([first, second]);
    expect(api.fetchMock).toHaveBeenCalledTimes(5);
  });

  it('shares a failure too, showing its message once', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ '/x': () => answer.promise });
    const both = Promise.allSettled([post('/x'), post('/x')]);
    answer.resolve(envelopeResponse({ code: Code.CONFLICT, message: 'changed by someone else' }));
    const results = await both;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(messages.error).toHaveBeenCalledTimes(1);
  });

  it('never merges FormData uploads', async () => {
    const api = mockApi({ '/file/upload': { data: 'ok' } });
    const form = new FormData();
    form.append('name', 'a.pdf');
    await Promise.all([upload('/file/upload', form), upload('/file/upload', form)]);
    expect(api.fetchMock).toHaveBeenCalledTimes(2);
    expect(api.calls[0]?.body).toBe(form);
    expect(api.calls[0]?.headers.has('Content-Type')).toBe(false);
  });
});

describe('envelope codes', () => {
  it.each([Code.NOT_LOGGED_IN, Code.SESSION_EXPIRED, Code.ACCOUNT_BLOCKED])(
    'code %i shows the server message, clears the session and goes to /login',
    async (code) => {
      saveSession('tok', userInfo());
      mockApi({ '/x': { code, message: 'Your session has ended' } });

      const error = await post('/x').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code, message: 'Your session has ended', shown: true });
      expect(shownErrors()).toEqual(['Your session has ended']);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(getUserInfo()).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login');
    },
  );

  it('stays quiet when a request sent after logout (without a token) is answered 20005', async () => {
    mockApi({ '/sysParam/businessProfile': { code: Code.NOT_LOGGED_IN, message: 'You are not logged in' } });
    const error = await post('/sysParam/businessProfile').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Code.NOT_LOGGED_IN, shown: true });
    expect(messages.error).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ends the session once when several requests fail together', async () => {
    saveSession('tok', userInfo());
    mockApi({
      '/a': { code: Code.SESSION_EXPIRED, message: 'expired' },
      '/b': { code: Code.SESSION_EXPIRED, message: 'expired' },
    });
    await Promise.allSettled([post('/a'), post('/b')]);
    expect(messages.error).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('shows any other non-zero code’s message and rejects with an ApiError marked shown; the session stays', async () => {
    saveSession('tok', userInfo());
    mockApi({ '/x': { code: Code.REFUSED, message: 'Wrong user name or password', data: { field: 'password' } } });
    const error = await post('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Code.REFUSED, shown: true, data: { field: 'password' } });
    expect(isShownError(error)).toBe(true);
    expect(shownErrors()).toEqual(['Wrong user name or password']);
    expect(getToken()).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the message of a 500 answered with the envelope', async () => {
    mockApi({ '/x': { status: 500, code: Code.SERVER_ERROR, message: 'Server error (request abc)' } });
    await expect(post('/x')).rejects.toMatchObject({ code: Code.SERVER_ERROR, shown: true });
    expect(shownErrors()).toEqual(['Server error (request abc)']);
  });

  it('leaves a non-zero code without a message to the caller, unshown', async () => {
    mockApi({ '/x': { code: Code.FORBIDDEN, message: '' } });
    const error = await post('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Code.FORBIDDEN, shown: false });
    expect(messages.error).not.toHaveBeenCalled();
  });

  it('rejects other HTTP errors to the caller without showing anything', async () => {
    mockApi({ '/x': new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 502 });
    expect(isShownError(error)).toBe(false);
    expect(messages.error).not.toHaveBeenCalled();
  });
});

describe('binary answers (employee photos)', () => {
  it('fetches them with the stored token, as a Blob', async () => {
    saveSession('tok-9', userInfo());
    const api = mockApi({
      '/sysUser/photo': new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } }),
    });
    const blob = await getBlob('/sysUser/photo', { id: 4, v: 'abc' });
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(api.calls[0]?.url).toBe('/_/sysUser/photo?id=4&v=abc');
    expect(api.calls[0]?.headers.get('Authorization')).toBe('tok-9');
  });

  it('handles an envelope error like any call: message shown, session codes end the session', async () => {
    saveSession('tok-9', userInfo());
    mockApi({ '/sysUser/photo': { code: Code.ACCOUNT_BLOCKED, message: 'This account is frozen' } });
    await expect(getBlob('/sysUser/photo', { id: 4 })).rejects.toBeInstanceOf(ApiError);
    expect(shownErrors()).toEqual(['This account is frozen']);
    expect(getToken()).toBeNull();
  });
});

describe('timeout', () => {
  it(`aborts after ${REQUEST_TIMEOUT_MS} ms and shows the timeout message`, async () => {
    vi.useFakeTimers();
    setLocale('en');
    mockApi({
      '/slow': (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const outcome = post('/slow').catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(messages.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toBeInstanceOf(RequestTimeoutError);
    expect(shownErrors()).toEqual(['The request times out, please check the network connection!']);
  });

  it('says it in Chinese by default', async () => {
    vi.useFakeTimers();
    mockApi({
      '/slow': (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const outcome = post('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await outcome;
    expect(shownErrors()).toEqual(['请求超时，请检查网络连接！']);
  });
});
