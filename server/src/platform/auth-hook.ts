import { AUTHENTICATED, Code, PUBLIC } from '@tidyhouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './database';
import { AppError } from './errors';
import { resumeSession, type SessionPolicy } from './sessions';
import { installWriteGuard } from './write-guard';

export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/**
 * The one guard of the API (design.md §4): every route declares its permission key where it is
 * registered; this hook refuses a missing session (20005 / 20006 / 9999) and a missing key (10003)
 * before the input is even read.
 */
export interface ApiRoute {
  method: string;
  path: string;
  permission: string;
}

export function installAuthHook(app: FastifyInstance, db: Db, policy: SessionPolicy, registry: ApiRoute[]): void {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
    if (route.method !== 'HEAD') registry.push({ method: String(route.method), path: route.url.replace(/^\/_/, ''), permission });
  });

  app.addHook('onRequest', (request, reply) => guardRequest(db, policy, request, reply, request.routeOptions.config.permission));
  // What the guard found holds again inside every transaction the request opens (platform/write-guard.ts).
  installWriteGuard(app, db, policy);
}

/**
 * What a field-only session (a cleaner's phone, docs/business-rules.md "Field app") may call: the
 * field calls, logging out, and its own user info (the `?tk=` sign-in reads it to know where to go).
 */
const FIELD_SESSION_ALSO = new Set(['/loginOut', '/getUserInfo']);
export const fieldSessionReaches = (path: string): boolean => path.startsWith('/field/') || FIELD_SESSION_ALSO.has(path);

/**
 * Refuses a request without a session or without the permission key; sets request.session. Exported
 * for the few routes outside the API scope that need the same guard (the API reference's document).
 */
export async function guardRequest(
  db: Db,
  policy: SessionPolicy,
  request: FastifyRequest,
  reply: FastifyReply,
  permission: string | undefined,
): Promise<void> {
  request.session = null;
  if (!permission || permission === PUBLIC) return;
  const token = readToken(request.headers.authorization);
  if (!token) throw new AppError(Code.NOT_LOGGED_IN, 'error.notLoggedIn');
  const { context, renewedToken, holdsPermission } = await resumeSession(db, token, policy, permission);
  if (renewedToken) reply.header('Authorization', renewedToken);
  request.session = context;
  // Every back-office call refuses a field-only session, even one open to any signed-in user.
  if (context.fieldOnly && !fieldSessionReaches((request.routeOptions.url ?? '').replace(/^\/_/, ''))) {
    throw new AppError(Code.FORBIDDEN, 'error.forbidden');
  }
  if (permission === AUTHENTICATED) return;
  if (!holdsPermission) throw new AppError(Code.FORBIDDEN, 'error.forbidden');
}
