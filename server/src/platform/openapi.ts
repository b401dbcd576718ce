import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { API_DOCS_KEY, PUBLIC, STORAGE_KEYS, ZMenuEntry, ZPermissionNode } from '@tidyhouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardRequest } from './auth-hook';
import type { Db } from './database';
import type { SessionPolicy } from './sessions';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/_/docs';
/** The header a session token travels in (the web app sends the bare token). */
const TOKEN_SCHEME = 'token';

/**
 * Schemas that refer to themselves (trees). Converted inline, a recursive schema becomes a `$ref` to a
 * component that the type provider never writes (`#/components/schemas/schema0`), which leaves the
 * document invalid; named here, each is written once under components.schemas and referenced by name.
 * A new recursive schema belongs here too: the server test that validates the document names the
 * dangling reference otherwise.
 */
const componentSchemas = z.registry<{ id: string }>();
componentSchemas.add(ZMenuEntry, { id: 'MenuEntry' });
componentSchemas.add(ZPermissionNode, { id: 'PermissionNode' });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentSchemas });

/**
 * The extension a route's schema carries when its answer is not an envelope (a file, the document
 * itself): the media type, which the document shows as the 200 answer (`describeRawAnswer`).
 */
const RAW_ANSWER = 'x-answer';
/** What the document says of a GET that takes no query parameters, so "none" is not mistaken for "undescribed". */
const NO_INPUT = 'x-input';

export function describeRawAnswer(mediaType: string) {
  return { [RAW_ANSWER]: mediaType };
}

/**
 * Completes what the Zod transform made of a route: the answer of a raw route, and the mark of a GET
 * whose declared query schema has no parameters. A route that declares neither stays undescribed, which
 * the reference test (server/test/serving.test.ts) refuses.
 */
function describeAnswerAndInput(
  declared: Record<string, unknown> | undefined,
  transformed: ReturnType<typeof zodTransform>,
): ReturnType<typeof zodTransform> {
  const schema = { ...(transformed.schema as Record<string, unknown>) };
  const raw = declared?.[RAW_ANSWER];
  if (typeof raw === 'string') {
    const body = raw === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
    schema.response = { 200: { description: `The answer itself (${raw}), no envelope`, content: { [raw]: { schema: body } } } };
  }
  const query = schema.querystring as { properties?: Record<string, unknown> } | undefined;
  if (query && Object.keys(query.properties ?? {}).length === 0) schema[NO_INPUT] = 'none';
  return { ...transformed, schema } as ReturnType<typeof zodTransform>;
}

/**
 * Collects every route's schema into an OpenAPI 3 document (registered before the routes). Each API
 * route carries a summary (required by defineRoute), a tag naming its domain, and its permission.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tidyhouse API',
        version: '1',
        description:
          'Every answer is an envelope { code, message, data }: code 0 is success (see docs/api-conventions.md). ' +
          'Send the session token that /_/login returns in the Authorization header.',
      },
      servers: [{ url: '/_' }],
      components: { securitySchemes: { [TOKEN_SCHEME]: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: (input) => describeAnswerAndInput(input.schema as Record<string, unknown> | undefined, zodTransform(input)),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: componentSchemas }),
  });
}

/** What defineRoute puts in a route's schema for the document: summary, permission, security. */
export function describeRoute(summary: string, permission: string) {
  return {
    summary,
    description: `Permission: \`${permission}\``,
    security: permission === PUBLIC ? [] : [{ [TOKEN_SCHEME]: [] }],
  };
}

/** The document with the /_ prefix moved to `servers`, so each path reads as the API knows it. */
function withoutApiPrefix<T>(document: T): T {
  const paths = (document as { paths?: Record<string, unknown> }).paths ?? {};
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(paths).map(([path, item]) => [path.replace(/^\/_(?=\/)/, ''), item])),
  };
}

export function openApiDocument(app: FastifyInstance) {
  return withoutApiPrefix(app.swagger());
}

/**
 * The interactive reference (Swagger UI from npm, served from this server: it works offline and
 * under the app's CSP, no inline script). Its page and scripts are public and carry no data; the
 * document it shows (./json, ./yaml) needs API_DOCS_KEY like /_/openapi.json. The page reads the
 * web app's session token from this origin's localStorage and sends it with every request it makes.
 */
export async function registerApiReference(app: FastifyInstance, db: Db, policy: SessionPolicy): Promise<void> {
  const guardDocument = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('/json') || path.endsWith('/yaml')) await guardRequest(db, policy, request, reply, API_DOCS_KEY);
  };
  // Serialized into the page's initializer script: it may use nothing from this module's scope.
  const requestInterceptor = new Function(
    'request',
    `const token = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)});
     if (token) request.headers.Authorization = token;
     return request;`,
  ) as NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor'];
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Tags start collapsed: with every operation open (about 190 of them) Swagger UI switches to a
    // virtual list at 150 rows, which draws only what is in view and no section per domain.
    uiConfig: { requestInterceptor, docExpansion: 'none' },
    uiHooks: { onRequest: guardDocument },
    transformSpecification: withoutApiPrefix,
  });
}
