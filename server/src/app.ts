import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/auth.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { payRoutes } from './modules/employees/pay.routes';
import { employeeRecordsRoutes } from './modules/employees/records.routes';
import { skillsRoutes } from './modules/employees/skills.routes';
import { teamsRoutes } from './modules/employees/teams.routes';
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
import './platform/request-context';
import { createSecrets, resolveSecretKey } from './platform/secrets';
import { serveWeb } from './platform/static';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its permission, for the guard tests and the docs. */
    apiRoutes: ApiRoute[];
  }
}

/** Every business module, registered under /_/ in this order. */
const MODULES: ReadonlyArray<(app: FastifyInstance, deps: Deps) => Promise<void>> = [
  systemRoutes,
  authRoutes,
  employeesRoutes,
  skillsRoutes,
  payRoutes,
  employeeRecordsRoutes,
  teamsRoutes,
  rolesRoutes,
  logsRoutes,
  paramsRoutes,
  priceListRoutes,
  laborTypesRoutes,
  zonesRoutes,
  customersRoutes,
  salesRoutes,
  serviceRoutes,
];

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass false; the server logs through pino at the configured level. */
  logger?: boolean;
  serveStatic?: boolean;
}

/** Builds the app: plugins in a fixed order, then the modules, then the web app. */
export async function buildApp({ config, database, logger = true, serveStatic = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: ['req.headers.authorization', 'res.headers.authorization'] } : false,
    genReqId: () => randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('locale', 'zh');
  app.decorateRequest('session', null);
  installErrorHandling(app);

  const secretKey = resolveSecretKey({ secretKey: config.secretKey, databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps: Deps = { db: database.db, config, secrets: createSecrets(secretKey) };
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(
    async (api) => {
      installAuthHook(api, database.db, { idleMs: config.sessionIdleMs }, apiRoutes);
      for (const register of MODULES) await register(api, deps);
    },
    { prefix: '/_' },
  );
  if (serveStatic) await serveWeb(app, config.webDist);
  else app.setNotFoundHandler((await import('./platform/http')).apiNotFound);
  return app;
}
