import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (docs/operations.md "Security headers"). The content security
 * policy allows scripts from this origin only (the build has no inline script). Styles allow
 * 'unsafe-inline' because Ant Design 6 writes its CSS-in-JS as <style> elements at run time, and
 * Swagger UI sets style attributes: a nonce would need index.html rendered per request and
 * antd's StyleProvider fed the nonce, for little gain (an injected style cannot run script).
 * Images may be data: or blob: URLs (employee photos, downloads, antd's inline images).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { gatewayUrl?: string } = {}): Promise<void> {
  // The browser sends card numbers straight to the card gateway (office/card-queue): allow its origin.
  const gateway = opts.gatewayUrl ? [new URL(opts.gatewayUrl).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...gateway],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: the server is often reached over plain HTTP on the office network.
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only makes sense behind TLS, which a reverse proxy terminates and should set itself.
    strictTransportSecurity: false,
  });
}

/**
 * Helmet's headers that only a document (a page, a frame) acts on. A hashed script or stylesheet is
 * never a document, so they are left off /assets/ answers: on the first load of /login they were
 * about 550 bytes on each of some twenty files. What a script does use stays: nosniff, the
 * referrer policy (a module script's imports follow it) and the cross-origin resource policy.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
