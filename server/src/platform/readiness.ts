import { Code } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { translate } from './messages';

/**
 * Whether start-up (migrations, first seed) has finished. The server listens before it migrates, so
 * a load balancer or an operator sees "starting" on /_/health instead of a refused connection, and
 * every other API call answers 503 with Retry-After until the schema is ready.
 */
export interface Readiness {
  ready: boolean;
}

export const READY: Readiness = Object.freeze({ ready: true });

const ALWAYS_ANSWERS = new Set(['/_/health']);

export function installReadinessGate(api: FastifyInstance, readiness: Readiness): void {
  api.addHook('onRequest', async (request, reply) => {
    if (readiness.ready || ALWAYS_ANSWERS.has(request.url.split('?')[0] ?? '')) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send({ code: Code.SERVER_ERROR, message: translate(request.locale, 'error.starting'), data: null });
  });
}
