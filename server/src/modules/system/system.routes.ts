import { Code, envelopeOf, PUBLIC } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ping } from '../../platform/database';
import type { Deps } from '../../platform/deps';
import { translate } from '../../platform/messages';
import { describeRoute } from '../../platform/openapi';
import { ZEmpty } from '../../platform/route';

const ZHealth = envelopeOf(z.object({ status: z.enum(['ok', 'starting', 'unavailable']), database: z.boolean() }));

export async function systemRoutes(app: FastifyInstance, { db, readiness }: Deps) {
  // For load balancers and operators: HTTP 200 only once migrations are done and the database
  // answers a query; 503 "starting" while migrations run, 503 "unavailable" when the database is down.
  app.route({
    method: 'GET',
    url: '/health',
    config: { permission: PUBLIC },
    schema: {
      ...describeRoute('Whether the server is ready and its database reachable (HTTP 503 until it is)', PUBLIC),
      querystring: ZEmpty,
      response: { 200: ZHealth, 503: ZHealth },
    },
    handler: async (request, reply) => {
      const database = await ping(db).catch((error: unknown) => {
        request.log.warn({ err: error }, 'health check: the database did not answer');
        return false;
      });
      const status = !readiness.ready ? 'starting' : database ? 'ok' : 'unavailable';
      if (status === 'ok') return { code: Code.OK, message: translate(request.locale, 'ok'), data: { status, database } };
      const message = translate(request.locale, status === 'starting' ? 'error.starting' : 'error.databaseUnavailable');
      return reply.status(503).header('retry-after', '5').send({ code: Code.SERVER_ERROR, message, data: { status, database } });
    },
  });
}
