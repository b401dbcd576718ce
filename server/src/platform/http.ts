import {
  type AnswerLocale,
  Code,
  describeInputIssues,
  fieldPathLabel,
  pickFieldAnswerLocale,
  pickLocale,
  translateMessage,
} from '@tidyhouse/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './errors';
import { loggableError } from './logging';
import { translate } from './messages';
import { badTextOf } from './text-guard';

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Re-reads invalid input with the caller's language (contract `describeInputIssues`): each issue names
 * its field by its label and says what is allowed; spec messages (`validation.*`) are shown as they are.
 */
export function describeIssues(schema: z.ZodType, input: unknown, locale: AnswerLocale): FieldIssue[] {
  return describeInputIssues(schema, input, locale);
}

function send(reply: FastifyReply, status: number, code: number, message: string, data: unknown = null) {
  // Error envelopes bypass the route's response schema, which describes success only.
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ code, message, data });
}

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

function validationReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const context = (error.validationContext ?? 'body') as ValidationContext;
  const schema = request.routeOptions.schema?.[context] as z.ZodType | undefined;
  const input = context === 'querystring' ? request.query : request[context];
  const issues = schema ? describeIssues(schema, input, request.answerLocale) : [];
  const message = issues.length ? issues.map((i) => i.message).join('; ') : error.message;
  return send(reply, 200, Code.INVALID_INPUT, message, { issues });
}

/** One error handler for the whole app (design.md §3): codes in envelopes, 5xx details only in the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    request.locale = pickLocale(request.headers['accept-language']);
    request.answerLocale = request.locale;
    // The field app's phone may run in Spanish; the back office's calls keep answering in en/zh.
    if (FIELD_CALL.test(request.url)) {
      request.answerLocale = pickFieldAnswerLocale(request.headers['accept-language']);
      // What has no Spanish (a checklist's service names, a role's name) comes in English, not the default.
      if (request.answerLocale === 'es') request.locale = 'en';
    }
    reply.header('x-request-id', request.id);
  });

  // An empty JSON body is an empty object: clients may POST verbs that take no input without one.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(Code.INVALID_INPUT, 'error.invalidBody'), undefined);
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body == null) request.body = {};
    const bad = badTextOf(request.method === 'GET' ? request.query : request.body);
    if (bad !== null) {
      throw new AppError(Code.INVALID_INPUT, 'error.invalidInput', {
        field: bad.field,
        rule: translateMessage(bad.rule, request.answerLocale),
      });
    }
  });

  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof AppError) {
      // A 10001 names its field by the label the screens use; `data.issues` keeps the path for forms.
      const field = thrown.code === Code.INVALID_INPUT ? thrown.params.field : undefined;
      const params =
        typeof field === 'string' ? { ...thrown.params, field: fieldPathLabel(field, request.answerLocale) } : thrown.params;
      const message = translate(request.answerLocale, thrown.messageKey, params);
      // A 10001 raised by a service names its field in params.field; it answers issues like validation does.
      const data =
        thrown.data ??
        (thrown.code === Code.INVALID_INPUT ? { issues: [{ field: String(thrown.params.field ?? 'request'), message }] } : null);
      return send(reply, 200, thrown.code, message, data);
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) return validationReply(error, request, reply);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = `${Math.round((request.routeOptions.bodyLimit ?? 0) / 1024 / 1024)} MB`;
      return send(reply, 200, Code.INVALID_INPUT, translate(request.answerLocale, 'error.bodyTooLarge', { limit }), {
        issues: [{ field: 'request', message: translate(request.answerLocale, 'error.bodyTooLarge', { limit }) }],
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, 200, Code.INVALID_INPUT, error.message);
    }
    if (isWriteCollision(thrown)) {
      // PostgreSQL broke a lock cycle (or a serialization conflict) by failing this transaction: nothing
      // of it was written, and the user can simply try again.
      request.log.warn({ err: loggableError(error) }, 'write collided with a concurrent one');
      return send(reply, 200, Code.CONFLICT, translate(request.answerLocale, 'error.concurrentWrite'));
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return send(reply, 500, Code.SERVER_ERROR, translate(request.answerLocale, 'error.server', { requestId: request.id }));
  });
}

/** The calls the field app makes: its own and the sign-in (with its `?tk=` link). */
const FIELD_CALL = /^\/_\/(field\/|login(\?|$))/;

/** SQLSTATEs of a transaction PostgreSQL failed to resolve a collision: deadlock, serialization failure. */
const COLLISION_STATES = new Set(['40P01', '40001']);

/** Whether an error (or the database error it wraps: Drizzle keeps it as `cause`) is such a collision. */
export function isWriteCollision(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && COLLISION_STATES.has(code)) return true;
  }
  return false;
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return send(reply, 404, Code.NOT_FOUND, translate(request.locale ?? 'zh', 'error.routeNotFound', { path }));
}
