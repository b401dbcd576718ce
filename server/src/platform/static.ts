import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './http';

/**
 * Serves the built web app from the same origin as the API. Any non-API GET that is not a file
 * answers index.html, so deep links (/customer/customerlist) load the SPA.
 */
export async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must be fetched fresh to pick up a new build.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/_/') || request.method !== 'GET' || !hasWeb) return apiNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(index));
  });
}
