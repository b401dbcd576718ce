import { BASE_PATH, Code, type Envelope, REQUEST_TIMEOUT_MS, SESSION_ENDING_CODES } from '@tidyhouse/contract';
import { clearSession, getToken, saveToken } from '@/lib/auth';
import { currentLocale, i18n } from '@/lib/i18n';
import { goToLogin } from '@/lib/navigation';
import { showError } from '@/lib/notify';

/** The API client of spec §7 and §8: envelope codes, token renewal, timeout, merged requests. */

/** A non-zero envelope code. `shown` says the message was already displayed to the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly shown: boolean,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** No answer within REQUEST_TIMEOUT_MS; the timeout message has been shown. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  readonly shown = true;
}

/** An HTTP failure without our envelope (a proxy error page, for example): left to the caller. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/**
 * What a failed load says: the server's own message when it refused the role (10003 "no permission"),
 * since retrying cannot help; otherwise the screen's "could not be loaded" text.
 */
export function loadFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code === Code.FORBIDDEN && error.message ? error.message : fallback;
}

/** Whether a failure is the server refusing the role (10003): a retry cannot help. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === Code.FORBIDDEN;
}

/** True when the user has already seen a message for this failure. */
export function isShownError(error: unknown): boolean {
  return (error instanceof ApiError || error instanceof RequestTimeoutError) && error.shown;
}

export type HttpMethod = 'GET' | 'POST';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;
interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  /** The answer is binary (a photo): resolved as a Blob; errors still come in the envelope. */
  binary?: boolean;
}

const inFlight = new Map<string, Promise<unknown>>();

export function apiUrl(url: string, params?: QueryParams): string {
  const path = `${BASE_PATH}${url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Requests with the same key while one is in flight share its result; uploads never merge. */
function mergeKey(method: HttpMethod, url: string, { params, body, binary }: RequestOptions): string | null {
  if (body instanceof FormData) return null;
  return JSON.stringify([method, url, params ?? null, body ?? null, window.location.hash, binary ?? false]);
}

export function request<T>(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<T> {
  const key = mergeKey(method, url, options);
  const existing = key === null ? undefined : inFlight.get(key);
  if (existing) return existing as Promise<T>;
  const promise = send<T>(method, url, options);
  if (key !== null) {
    inFlight.set(key, promise);
    const forget = () => inFlight.delete(key);
    promise.then(forget, forget);
  }
  return promise;
}

async function send<T>(method: HttpMethod, url: string, { params, body, binary }: RequestOptions): Promise<T> {
  const sentToken = getToken();
  const headers = new Headers({ 'Accept-Language': currentLocale() });
  if (sentToken) headers.set('Authorization', sentToken);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (method !== 'GET') {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body ?? {});
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetch(apiUrl(url, params), { method, headers, body: payload, signal: controller.signal });
    if (binary && response.ok && !isJson(response)) {
      const blob = await response.blob();
      renewToken(response);
      return blob as T;
    }
    text = await response.text();
  } catch (error) {
    if (controller.signal.aborted) {
      const message = i18n.t('common.http.timeout');
      showError(message);
      throw new RequestTimeoutError(message);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }

  renewToken(response);
  const envelope = parseEnvelope<T>(text);
  if (!envelope) throw new HttpStatusError(response.status);
  return settle(envelope, sentToken);
}

/** Sliding session renewal: the server sends the new token in the Authorization response header. */
function renewToken(response: Response): void {
  const renewed = response.headers.get('Authorization');
  // Only while logged in: a late answer must not bring back a session that was just cleared.
  if (renewed && getToken() !== null && renewed !== getToken()) saveToken(renewed);
}

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').includes('application/json');
}

function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number') {
      return value as Envelope<T>;
    }
  } catch {
    // Not JSON: handled as an HTTP error below.
  }
  return null;
}

function settle<T>({ code, message, data }: Envelope<T>, sentToken: string | null): T {
  if (code === Code.OK) return data;
  if (SESSION_ENDING_CODES.includes(code)) {
    // A request sent without a token was made after the session ended here (a query refetched while
    // logout was leaving the screen): that end was the user's own or has been told, so it stays quiet.
    if (sentToken === null) {
      if (getToken() === null) goToLogin();
      throw new ApiError(code, message, true, data);
    }
    // When several requests fail together, the first one ends the session and speaks for all.
    if (getToken() === sentToken) {
      showError(message);
      clearSession();
      goToLogin();
    }
    throw new ApiError(code, message, true, data);
  }
  if (message) {
    showError(message);
    throw new ApiError(code, message, true, data);
  }
  throw new ApiError(code, message, false, data);
}

export function post<T>(url: string, body: unknown = {}): Promise<T> {
  return request<T>('POST', url, { body });
}

export function get<T>(url: string, params?: QueryParams): Promise<T> {
  return request<T>('GET', url, { params });
}

/**
 * A binary answer (an employee photo) fetched with the session's token, as a Blob. Failures answer the
 * envelope and are handled like any other call (message shown, session codes end the session).
 */
export function getBlob(url: string, params?: QueryParams): Promise<Blob> {
  return request<Blob>('GET', url, { params, binary: true });
}

/** A multipart upload (FormData); never merged with another request. */
export function upload<T>(url: string, form: FormData): Promise<T> {
  return request<T>('POST', url, { body: form });
}
