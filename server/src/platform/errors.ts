import { Code } from '@tidyhouse/contract';
import type { MessageKey } from './messages';

/**
 * A business outcome that is not success. Thrown anywhere below a route; the error handler turns
 * it into the envelope with HTTP 200 and the message in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Sent as the envelope's data (10001 answers carry `{ issues }`). */
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const notFound = (what: string) => new AppError(Code.NOT_FOUND, 'error.notFound', { what });
export const refused = (key: MessageKey, params?: Record<string, string | number>) => new AppError(Code.REFUSED, key, params);
export const conflict = (key: MessageKey = 'error.staleVersion', params?: Record<string, string | number>) =>
  new AppError(Code.CONFLICT, key, params);
