import { PUBLIC } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ping } from '../../platform/database';
import type { Deps } from '../../platform/deps';
import { defineRoute, ZEmpty } from '../../platform/route';

export async function systemRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/health',
    method: 'GET',
    permission: PUBLIC,
    body: ZEmpty,
    response: z.object({ status: z.literal('ok'), database: z.boolean() }),
    handler: async () => ({ status: 'ok' as const, database: await ping(db) }),
  });
}
