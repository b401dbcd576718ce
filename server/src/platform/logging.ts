import type { PinoLoggerOptions } from 'fastify/types/logger';
import { type DestinationStream, destination, stdSerializers } from 'pino';

/**
 * What the server log may hold (docs/operations.md "Logs"): never a credential (session tokens,
 * passwords, the Authorization header, a token in a URL) and never the values of a failed SQL
 * statement (they hold password hashes, names, addresses, ciphertexts).
 */

export const REDACTED = '[REDACTED]';

/**
 * Names whose value is a credential, recognised by pattern so that a new spelling is covered too
 * (docs/operations.md "Logs"): passwords and passes, secrets, tokens, keys, authorization, sessions,
 * cookies, card data (card, cvc, cvv, pin) and access codes (alarmCode, gate_code, …).
 */
const CREDENTIAL_PARTS =
  /pass|pwd|secret|token|session|cookie|credential|authoriz|apikey|privatekey|accesskey|cvc|cvv|^auth(?!or)|oauth|^card|card$/;
/** Whole words (camelCase, snake_case and kebab-case split apart). */
const CREDENTIAL_WORDS = new Set(['tk', 'key', 'keys', 'pin', 'card', 'cards', 'sid', 'otp', 'jwt', 'csc', 'auth']);
/** A code is a credential when it opens something (a bare `code` is an error or record code in a log line). */
const ACCESS_CODE =
  /(?:alarm|access|door|gate|lock|lockbox|garage|entry|security|pass|verification|verify|auth|otp|reset|key|pin)code$/;

export function isCredentialName(name: string): boolean {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (CREDENTIAL_PARTS.test(compact) || ACCESS_CODE.test(compact)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => CREDENTIAL_WORDS.has(word));
}

/** The URL with the value of every credential query parameter replaced (`code` too: an OAuth code). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return isCredentialName(decoded) || decoded.toLowerCase() === 'code' ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of a logged value with the value of every credential-named field (body fields, headers,
 * error properties) redacted, at any depth up to a bound. Only plain objects and arrays are walked:
 * requests, replies and errors go through their serializers. Answers the value itself when nothing
 * needs redacting, so an ordinary log line costs no copy.
 */
export function redactFields<T>(value: T, depth = 8): T {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactFields(item, depth - 1));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const next = isCredentialName(key) ? REDACTED : redactFields(item, depth - 1);
    if (next === item) continue;
    copy = copy ?? { ...(value as Record<string, unknown>) };
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

interface QueryFailure {
  query?: unknown;
  params?: unknown;
  cause?: { code?: string; severity?: string; constraint?: string; table?: string; column?: string; routine?: string };
  stack?: string;
}

/**
 * An error fit for the log. A failed query (Drizzle's DrizzleQueryError, whose message, stack and
 * cause carry the statement's parameters and the values in the database's message) keeps only the
 * statement, the SQLSTATE code, the constraint, table and column, and the stack frames.
 */
export function loggableError(error: unknown): unknown {
  const failure = error as QueryFailure | null;
  if (!failure || typeof failure !== 'object' || typeof failure.query !== 'string' || !('params' in failure)) return error;
  const cause = failure.cause ?? {};
  const frames = (failure.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: 'QueryFailed',
    message: `Failed query (SQLSTATE ${cause.code ?? 'unknown'}): ${failure.query}`,
    query: failure.query,
    code: cause.code,
    severity: cause.severity,
    constraint: cause.constraint,
    table: cause.table,
    column: cause.column,
    routine: cause.routine,
    stack: frames.join('\n'),
  };
}

/** Pino options of the server: level, redaction of credentials, URLs without tokens. */
export function loggerOptions(level: string, stream?: DestinationStream): PinoLoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    stream: stream ?? destination({ dest: 1, sync: false }),
    // Every field of a log line is checked by name (redactFields), whatever its path.
    formatters: { log: (object) => redactFields(object) },
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // The standard serializer's object has a prototype of its own: spread into a plain one to be walked.
      err: (error: Error) => redactFields({ ...stdSerializers.err(error) }),
    },
  };
}
