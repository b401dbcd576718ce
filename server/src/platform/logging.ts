import type { PinoLoggerOptions } from 'fastify/types/logger';
import { type DestinationStream, destination } from 'pino';

/**
 * What the server log may hold (docs/operations.md "Logs"): never a credential (session tokens,
 * passwords, the Authorization header, a token in a URL) and never the values of a failed SQL
 * statement (they hold password hashes, names, addresses, ciphertexts).
 */

/** Query parameters whose value is a credential: `/login?tk=…` carries a session token. */
const SECRET_QUERY_PARAMS = new Set(['tk', 'token', 'access_token', 'password', 'key', 'secret', 'code']);
export const REDACTED = '[REDACTED]';

/** The URL with the value of every credential query parameter replaced. */
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
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
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
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.verifyPassword',
        '*.token',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
