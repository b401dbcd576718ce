/**
 * The bare baseline of the HTTP benches (issue 25): the same service calls as our routes, behind
 * nothing but Fastify's own JSON (no session check, permission, schema or request log), so ours ÷ bare
 * is what our request path adds to the same SQL. Used in the bench's process (PGlite) and in the
 * server's own process (served.ts, PostgreSQL).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { login, userInfoOfSession } from '../../src/modules/auth/auth.service';
import { listCustomers } from '../../src/modules/customers/customers.service';
import { listQuotes } from '../../src/modules/sales/quotes.service';
import { listJobs } from '../../src/modules/service/jobs/jobs.query';
import type { Db } from '../../src/platform/database';
import type { SessionContext } from '../../src/platform/request-context';
import { resumeSession } from '../../src/platform/sessions';

export function bareApp(db: Db, sessionIdleMs: number): FastifyInstance {
  const app = Fastify({ logger: false });
  const envelope = (data: unknown) => ({ code: 0, message: 'ok', data });
  app.post('/_/login', async (request) =>
    envelope(await login(db, request.body as never, { ip: request.ip }, { locale: 'en', slowdownMs: 0 })),
  );
  // Ours answers from the session its guard read (from memory on a cache hit): here the session of a
  // token is read once, on its first call, so the difference is our hooks, schemas and log.
  const sessions = new Map<string, SessionContext>();
  app.get('/_/getUserInfo', async (request) => {
    const token = String(request.headers.authorization ?? '');
    let session = sessions.get(token);
    if (!session) {
      session = (await resumeSession(db, token, { idleMs: sessionIdleMs })).context;
      sessions.set(token, session);
    }
    return envelope(await userInfoOfSession(db, session, 'en'));
  });
  app.post('/_/customer/queryList', async (request) => envelope(await listCustomers(db, request.body as never)));
  app.post('/_/quote/queryList', async (request) => envelope(await listQuotes(db, request.body as never)));
  app.post('/_/job/queryList', async (request) => envelope(await listJobs(db, request.body as never)));
  return app;
}
