import { vi } from 'vitest';

/** A fake of the server's HTTP boundary: tests describe the answers, the real client does the rest. */
export interface ApiCall {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

export interface Reply {
  data?: unknown;
  code?: number;
  message?: string;
  status?: number;
  headers?: Record<string, string>;
}

type Handler = Reply | Response | ((call: ApiCall) => Reply | Response | Promise<Reply | Response>);

export function envelopeResponse({ data = null, code = 0, message = '', status = 200, headers = {} }: Reply = {}): Response {
  return new Response(JSON.stringify({ code, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.replace(/^\/_/, '').split('?')[0] ?? '';
    const call: ApiCall = {
      url,
      path,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      signal: init.signal,
    };
    calls.push(call);
    const handler = handlers[path];
    if (handler === undefined) return envelopeResponse({ code: 10004, message: `no handler for ${path}` });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    return reply instanceof Response ? reply : envelopeResponse(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

/** A promise whose settlement the test controls. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
