import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from './http';
import { DOCUMENT_ONLY_HEADERS } from './security';

/** Only this prefix is the API; every other path belongs to the web app. */
export const API_PREFIX = '/_/';
const ASSETS_DIR = '/assets/';
/** A path naming a file (/favicon.ico, /robots.txt): no app route has a dot in its last segment. */
const FILE_NAME = /\.[a-z0-9]+$/i;

const isHashedAsset = (filePath: string) => filePath.includes(`${path.sep}assets${path.sep}`);

/** The field app (issue 21) is its own page of the build: /field and its deep links answer field.html. */
const FIELD_PAGE = 'field.html';
const isFieldPath = (pathname: string) => pathname === '/field' || pathname.startsWith('/field/');

/**
 * Serves the built web app from the same origin as the API. Files are served as built, with the
 * brotli or gzip copy the build wrote beside each one when the browser accepts it (the server never
 * compresses a static file per request). Any other GET outside /_/ — `/` included — answers
 * index.html, so the SPA's router decides (a deep link, /quick/dashboard, /login). A missing file
 * (/assets/…, /favicon.ico) is a 404, never index.html served as JavaScript or an icon. The field app's
 * paths (/field, /field/job/12) answer field.html, the phone app's own entry, when the build has it.
 */
export async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const hasField = fs.existsSync(path.join(webDist, FIELD_PAGE));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One route per file of the build, found at start-up: a path that is no file falls to the SPA below.
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must be fetched fresh to pick up a new build.
        if (!isHashedAsset(filePath)) return reply.header('cache-control', 'no-cache');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isFile = pathname.startsWith(ASSETS_DIR) || FILE_NAME.test(pathname);
    if (!hasWeb || !isPage || pathname.startsWith(API_PREFIX) || isFile) {
      return apiNotFound(request, reply);
    }
    return reply.sendFile(hasField && isFieldPath(pathname) ? FIELD_PAGE : 'index.html');
  });
}
