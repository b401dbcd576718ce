import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './database';
import { confirmSession, type SessionPolicy } from './sessions';

/**
 * Writes never pass with an ended session (docs/architecture.md "Session cache"). The guard may
 * answer a request from the session cache, which another process's logout, freeze or key removal
 * reaches a few milliseconds later; so every transaction a request opens first confirms the session
 * inside that transaction (`confirmSession`, rows locked until it ends). One mechanism for every
 * service: `db.transaction` is wrapped once, and knows the request it runs for from the async context
 * the request's handler runs in.
 */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();
const guarded = new WeakSet<Db>();

/** The request whose handler is running, if any: for services that audit from deep inside a change. */
export const requestInContext = (): FastifyRequest | undefined => currentRequest.getStore();

export function installWriteGuard(app: FastifyInstance, db: Db, policy: SessionPolicy): void {
  // The handler is called from `done`, so it and everything it awaits run in this request's context.
  app.addHook('preHandler', (request, _reply, done) => currentRequest.run(request, done));
  // A stand-in database without transactions (a test's broken one) has nothing to guard.
  if (guarded.has(db) || typeof db.transaction !== 'function') return;
  guarded.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction(async (tx) => {
      const request = currentRequest.getStore();
      if (request?.session) {
        await confirmSession(tx, request.session, request.routeOptions.config.permission ?? '', policy);
      }
      return run(tx);
    }, config)) as Db['transaction'];
}
