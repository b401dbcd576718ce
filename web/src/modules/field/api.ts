import { BASE_PATH, Code, type Envelope, REQUEST_TIMEOUT_MS, SESSION_ENDING_CODES } from '@tidyhouse/contract';
import { clearSession, getToken, saveToken } from '@/lib/auth';
import { currentFieldLocale, serverLocale } from './i18n';

/**
 * The field app's API client: the back office's envelope, token and renewal rules (web/src/lib/http.ts)
 * without its antd messages, router and request merging, so the phone's first load stays small.
 * Callers decide what to show; a session that ended clears the session, which shows the sign-in screen.
 */

/** A non-zero envelope code, with the server's message in the caller's language. */
export class FieldApiError extends Error {
  override readonly name = 'FieldApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** No answer (no signal, a timeout, a proxy's error page): the action may be tried again later. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
}

/** The server's reason a session ended, shown once on the sign-in screen. */
let endedBecause: string | null = null;
export function takeSessionEndMessage(): string | null {
  const message = endedBecause;
  endedBecause = null;
  return message;
}

export async function callApi<T>(
  path: string,
  body: unknown = {},
  token: string | null = getToken(),
  /** The same call already sent (public/field-early.js): its answer is read as this call's. */
  sent?: Promise<Response>,
): Promise<T> {
  const headers = new Headers({ 'Accept-Language': serverLocale(currentFieldLocale()), 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', token);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  let envelope: Envelope<T>;
  try {
    response = await (sent ??
      fetch(`${BASE_PATH}${path.replace(/^\/+/, '')}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      }));
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new OfflineError('offline');
  } finally {
    clearTimeout(timer);
  }
  if (typeof envelope?.code !== 'number') throw new OfflineError(`HTTP ${response.status}`);
  // Sliding renewal: the server sends a new token in the Authorization header (only while signed in).
  const renewed = response.headers.get('Authorization');
  if (renewed && token && getToken() === token) saveToken(renewed);
  if (envelope.code === Code.OK) return envelope.data;
  if (SESSION_ENDING_CODES.includes(envelope.code) && token && getToken() === token) {
    endedBecause = envelope.message || null;
    clearSession();
  }
  throw new FieldApiError(envelope.code, envelope.message);
}

/** Whether the failure means "try later" rather than "the server said no". */
export function isRetryable(error: unknown): boolean {
  return error instanceof OfflineError || (error instanceof FieldApiError && error.code === Code.SERVER_ERROR);
}
