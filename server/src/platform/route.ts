import { type Envelope, envelopeOf } from '@tidyhouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate } from './messages';
import { describeRawAnswer, describeRoute } from './openapi';

type Handler<B extends z.ZodType, R extends z.ZodType> = (request: FastifyRequest, body: z.infer<B>) => Promise<z.infer<R>>;

export interface RouteDef<B extends z.ZodType, R extends z.ZodType> {
  /** Path under /_/, for example '/sysUser/queryList'. */
  path: string;
  /** One line for the API reference (/_/docs): what the route does, in the office's words. Required. */
  summary: string;
  /** A contract permission key, PUBLIC or AUTHENTICATED: every route declares one. */
  permission: string;
  body: B;
  response: R;
  method?: 'POST' | 'GET';
  /** Largest accepted body in bytes (default: the app's 2 MB); for uploads. */
  bodyLimit?: number;
  /**
   * Runs on the raw body before the schema strips unknown fields (after the permission check),
   * for rules about anything the body carries, e.g. no full card number in any field.
   */
  inspectBody?: (body: unknown, request: FastifyRequest) => void;
  handler: Handler<B, R>;
}

/**
 * Registers one API route: schema for the input and the response, the permission, and the
 * envelope around what the handler returns. Routes stay thin: they call a service.
 */
export function defineRoute<B extends z.ZodType, R extends z.ZodType>(app: FastifyInstance, def: RouteDef<B, R>): void {
  const method = def.method ?? 'POST';
  app.route({
    method,
    url: def.path,
    config: { permission: def.permission },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(def.inspectBody
      ? {
          preValidation: async (request: FastifyRequest) => {
            def.inspectBody!(method === 'GET' ? request.query : request.body, request);
          },
        }
      : {}),
    schema: {
      ...describeRoute(def.summary, def.permission),
      ...(method === 'GET' ? { querystring: def.body } : { body: def.body }),
      response: { 200: envelopeOf(def.response) },
    },
    // The schema above has validated the input; the Zod type provider's inference is traded for this cast.
    handler: async (request): Promise<Envelope<z.infer<R>>> => {
      const input = (method === 'GET' ? request.query : request.body) as z.infer<B>;
      const data = await def.handler(request, input);
      return { code: 0, message: translate(request.locale, 'ok'), data };
    },
  });
}

/** The input of a verb that takes none (a POST without a body arrives as {}). */
export const ZEmpty = z.object({});
export const ZNull = z.null();

/** A file a GET route answers (not an envelope): bytes, type and the name to save it as. */
export interface FileReply {
  content: Buffer;
  mimeType: string;
  fileName: string;
}

/**
 * Registers a route that answers a file (downloads): GET with the input in the query, and with
 * `post: true` also POST with the same input as a JSON body (spec §7: calls are POST unless noted).
 * Failures still answer the envelope with their code (10004, 10003, …) through the error handler.
 */
export function defineFileRoute<Q extends z.ZodType>(
  app: FastifyInstance,
  def: {
    path: string;
    summary: string;
    permission: string;
    query: Q;
    post?: boolean;
    handler: (request: FastifyRequest, query: z.infer<Q>) => Promise<FileReply>;
  },
): void {
  for (const method of def.post ? (['GET', 'POST'] as const) : (['GET'] as const)) {
    app.route({
      method,
      url: def.path,
      config: { permission: def.permission },
      schema: {
        ...describeRoute(def.summary, def.permission),
        ...describeRawAnswer('application/octet-stream'),
        ...(method === 'GET' ? { querystring: def.query } : { body: def.query }),
      },
      handler: async (request, reply) => {
        const input = (method === 'GET' ? request.query : (request.body ?? {})) as z.infer<Q>;
        const file = await def.handler(request, input);
        const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .type(file.mimeType)
          .header('content-length', file.content.length)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .send(file.content);
      },
    });
  }
}
