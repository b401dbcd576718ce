import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer (docs/operations.md "Security headers"). The content security
 * policy allows scripts from this origin only (the build has no inline script). Styles allow
 * 'unsafe-inline' because Ant Design 6 writes its CSS-in-JS as <style> elements at run time, and
 * Swagger UI sets style attributes: a nonce would need index.html rendered per request and
 * antd's StyleProvider fed the nonce, for little gain (an injected style cannot run script).
 * Images may be data: or blob: URLs (employee photos, downloads, antd's inline images).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { gatewayUrl?: string } = {}): Promise<void> {
  const headers = securityHeaders(opts);
  // The same headers on every answer: set from the list worked out once (see securityHeaders).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function helmetOptions(opts: { gatewayUrl?: string }): HelmetOptions {
  // The browser sends card numbers straight to the card gateway (billing/card-queue): allow its origin.
  const gateway = opts.gatewayUrl ? [new URL(opts.gatewayUrl).origin] : [];
  return {
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
  };
}

/**
 * Helmet's headers for our options, worked out once. The policy has no per-request part (no nonce),
 * so every answer carries the same headers. @fastify/helmet built a new helmet middleware on every
 * request, parsing the policy again each time (about 2 % of an API call's CPU in the HTTP bench); the
 * helmet library itself, run once here against a recording response, gives the same headers.
 */
export function securityHeaders(opts: { gatewayUrl?: string } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(opts))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
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
