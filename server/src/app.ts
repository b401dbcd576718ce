import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import { API_DOCS_KEY } from '@tidyhouse/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { authRoutes } from './modules/auth/auth.routes';
import { agingRoutes } from './modules/billing/balances/aging.routes';
import { cardQueueRoutes } from './modules/billing/card-queue/card-queue.routes';
import { documentsRoutes } from './modules/billing/documents/documents.routes';
import { invoicesRoutes } from './modules/billing/invoices/invoices.routes';
import { paymentsRoutes } from './modules/billing/payments/payments.routes';
import { reconciliationRoutes } from './modules/billing/reconciliation/reconciliation.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { payRoutes } from './modules/employees/pay.routes';
import { employeeRecordsRoutes } from './modules/employees/records.routes';
import { skillsRoutes } from './modules/employees/skills.routes';
import { teamsRoutes } from './modules/employees/teams.routes';
import { fieldRoutes } from './modules/field/field.routes';
import { campaignsRoutes } from './modules/marketing/campaigns/campaigns.routes';
import { giftCertificatesRoutes } from './modules/marketing/gift-certificates/gift-certificates.routes';
import { outboxRoutes } from './modules/messaging/outbox/outbox.routes';
import { registerMessagingWebhooks } from './modules/messaging/outbox/webhooks.routes';
import { messageTemplatesRoutes } from './modules/messaging/templates/templates.routes';
import { officeRoutes } from './modules/office/office.routes';
import { sickLeaveRoutes } from './modules/payroll/sick-leave/sick-leave.routes';
import { timeCardsRoutes } from './modules/payroll/time-cards/time-cards.routes';
import { wagesRoutes } from './modules/payroll/wages/wages.routes';
import { salesRoutes } from './modules/sales/sales.routes';
import { serviceRoutes } from './modules/service/service.routes';
import { laborTypesRoutes } from './modules/system/labor-types.routes';
import { logsRoutes } from './modules/system/logs.routes';
import { paramsRoutes } from './modules/system/params.routes';
import { priceListRoutes } from './modules/system/price-list.routes';
import { rolesRoutes } from './modules/system/roles.routes';
import { systemRoutes } from './modules/system/system.routes';
import { zonesRoutes } from './modules/system/zones.routes';
import { type ApiRoute, installAuthHook } from './platform/auth-hook';
import type { Config } from './platform/config';
import type { Database } from './platform/database';
import type { Deps } from './platform/deps';
import { installErrorHandling } from './platform/http';
import { loggerOptions } from './platform/logging';
import {
  describeRawAnswer,
  describeRoute,
  OPENAPI_PATH,
  openApiDocument,
  registerApiReference,
  registerOpenApi,
} from './platform/openapi';
import { installReadinessGate, READY, type Readiness } from './platform/readiness';
import './platform/request-context';
import { ZEmpty } from './platform/route';
import { createSecrets, resolveSecretKey } from './platform/secrets';
import { registerSecurityHeaders } from './platform/security';
import { responseSerializerCompiler } from './platform/serializer';
import { serveWeb } from './platform/static';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its permission, for the guard tests and the docs. */
    apiRoutes: ApiRoute[];
  }
}

/**
 * Every business module, registered under /_/ in this order, with the tag that groups its routes
 * in the API reference (one per domain).
 */
const MODULES: ReadonlyArray<readonly [tag: string, register: (app: FastifyInstance, deps: Deps) => Promise<void>]> = [
  ['system', systemRoutes],
  ['auth', authRoutes],
  ['employees', employeesRoutes],
  ['employees', skillsRoutes],
  ['employees', payRoutes],
  ['employees', employeeRecordsRoutes],
  ['employees', teamsRoutes],
  ['system', rolesRoutes],
  ['system', logsRoutes],
  ['system', paramsRoutes],
  ['system', priceListRoutes],
  ['system', laborTypesRoutes],
  ['system', zonesRoutes],
  ['billing', cardQueueRoutes],
  ['billing', paymentsRoutes],
  ['billing', reconciliationRoutes],
  ['billing', documentsRoutes],
  ['billing', invoicesRoutes],
  ['billing', agingRoutes],
  ['customers', customersRoutes],
  ['sales', salesRoutes],
  ['service', serviceRoutes],
  ['office', officeRoutes],
  ['dashboard', dashboardRoutes],
  ['marketing', campaignsRoutes],
  ['marketing', giftCertificatesRoutes],
  ['payroll', wagesRoutes],
  ['payroll', sickLeaveRoutes],
  ['payroll', timeCardsRoutes],
  ['messaging', messageTemplatesRoutes],
  ['field', fieldRoutes],
  ['messaging', outboxRoutes],
];

/** JSON answers smaller than this go out as they are: compressing them costs more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass false; the server logs through pino at the configured level. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: DestinationStream;
  serveStatic?: boolean;
  /** Start-up state: main passes one that turns ready after migrations; tests are ready at once. */
  readiness?: Readiness;
  /** Tests pass true: every answer is also checked by Zod against its contract (platform/serializer.ts). */
  checkResponses?: boolean;
}

/** Builds the app: plugins in a fixed order, then the modules, then the web app. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  serveStatic = true,
  readiness = READY,
  checkResponses = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(checkResponses));
  app.decorateRequest('locale', 'zh');
  app.decorateRequest('session', null);
  installErrorHandling(app);

  await registerSecurityHeaders(app, { gatewayUrl: config.gatewayUrl });
  await registerOpenApi(app);

  const secretKey = resolveSecretKey({ secretKey: config.secretKey, databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps: Deps = { db: database.db, config, secrets: createSecrets(secretKey), readiness };
  const sessionPolicy = { idleMs: config.sessionIdleMs };
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(
    async (api) => {
      // Only API answers are compressed per request; static files were compressed at build time.
      await api.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
      installReadinessGate(api, readiness);
      installAuthHook(api, database.db, sessionPolicy, apiRoutes);
      let tag = '';
      api.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
      });
      for (const [moduleTag, register] of MODULES) {
        tag = moduleTag;
        await register(api, deps);
      }
      tag = 'system';
      api.route({
        method: 'GET',
        url: OPENAPI_PATH,
        config: { permission: API_DOCS_KEY },
        schema: {
          ...describeRoute('The OpenAPI 3 document of this API (what /_/docs shows)', API_DOCS_KEY),
          ...describeRawAnswer('application/json'),
          querystring: ZEmpty,
        },
        handler: async () => openApiDocument(app),
      });
    },
    { prefix: '/_' },
  );
  // The text provider's webhooks and the unsubscribe link: outside /_/, checked by signature and token.
  await registerMessagingWebhooks(app, deps);
  await registerApiReference(app, database.db, sessionPolicy);
  if (serveStatic) await serveWeb(app, config.webDist);
  else app.setNotFoundHandler((await import('./platform/http')).apiNotFound);
  return app;
}
