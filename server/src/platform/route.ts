import { type Envelope, envelopeOf } from '@tidyhouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate } from './messages';

type Handler<B extends z.ZodType, R extends z.ZodType> = (request: FastifyRequest, body: z.infer<B>) => Promise<z.infer<R>>;

export interface RouteDef<B extends z.ZodType, R extends z.ZodType> {
  /** Path under /_/, for example '/sysUser/queryList'. */
  path: string;
  /** A contract permission key, PUBLIC or AUTHENTICATED: every route declares one. */
  permission: string;
  body: B;
  response: R;
  method?: 'POST' | 'GET';
  /** A larger request body than the app's 2 MB (for example an uploaded image as a data URL). */
  bodyLimit?: number;
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
    schema: {
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
