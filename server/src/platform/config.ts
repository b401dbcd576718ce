import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

export { REPO_ROOT };

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'].includes(v), 'must be one of true/false/on/off/1/0')
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/** Every environment variable the server reads, with its default (README lists the same). */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Connections each process keeps to PostgreSQL (docs/operations.md "PostgreSQL, several processes"). */
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int('must be a whole number of connections')
    .min(1, 'must be 1 to 100 connections')
    .max(100, 'must be 1 to 100 connections')
    .default(10),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: flag.default(true),
  SESSION_IDLE_MINUTES: z.coerce.number().positive('must be a positive number of minutes').default(720),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('web/dist'),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  SECRET_KEY: z.string().optional(),
  /**
   * Whom to believe about the client address (X-Forwarded-For): nobody by default, since a client
   * could otherwise pick the address the login throttle counts. Behind a reverse proxy: the proxies'
   * addresses / CIDRs separated by commas, or `true` (every hop: only when nothing else can reach the port).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be true, false or proxy addresses separated by commas')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v))
    .default(false),
  PLAN_HORIZON_WEEKS: z.coerce.number().int().min(1, 'must be 1 to 104 weeks').max(104, 'must be 1 to 104 weeks').default(12),
  PLAN_GENERATION: flag.default(true),
  /** The built-in SMTP catcher (docs/operations.md "E-mail"): on by default with the embedded database. */
  MAIL_CATCHER: flag.optional(),
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  /** The card gateway (docs/operations.md "Card gateway"): Stripe's API or the local simulator. */
  GATEWAY_URL: z.url({ error: 'must be a URL such as https://api.stripe.com' }).optional(),
  GATEWAY_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key (pk_…)')
    .default('pk_test_tidyhouse'),
  GATEWAY_SIM: flag.optional(),
  GATEWAY_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(12111),
  /** Text messages (docs/operations.md "Text messages"): a provider's REST base URL, or the local simulator. */
  SMS_URL: z.url({ error: 'must be a URL such as https://api.twilio.com' }).optional(),
  SMS_SIM: flag.optional(),
  SMS_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(12112),
  /** The simulator's shared secret (its auth token: Basic auth and webhook signatures). */
  SMS_SIM_TOKEN: z.string().min(8, 'must be at least 8 characters').default('tidyhouse-sms-simulator'),
  /** The address the text provider posts its callbacks to (this server as the provider reaches it). */
  SMS_WEBHOOK_URL: z.url({ error: 'must be a URL such as https://office.example.com' }).optional(),
  OUTBOX_WORKER: flag.default(true),
  /** The embedded engine's vacuum and analyze (platform/embedded-maintenance.ts); 0 turns it off. */
  EMBEDDED_MAINTENANCE_MINUTES: z.coerce.number().min(0, 'must be 0 (off) or a number of minutes').default(10),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections the process keeps to PostgreSQL (the embedded engine has one). */
  databasePoolSize: number;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionIdleMs: number;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string;
  /** Delay added per failed login beyond the free attempts (see auth.service). */
  loginSlowdownMs: number;
  /** Encryption key for secrets at rest (see secrets.ts); resolved at start-up when unset. */
  secretKey: string | undefined;
  /** Fastify's trustProxy: false (default), true, or proxy addresses. */
  trustProxy: boolean | string;
  /** Service plans keep jobs generated this many weeks ahead (docs/business-rules.md "Job generation"). */
  planHorizonWeeks: number;
  /** Run plan job generation at start-up and on the hourly timer (off only for tools that must not write). */
  planGeneration: boolean;
  /** Port of the built-in SMTP catcher on 127.0.0.1, or null when it does not run. */
  mailCatcherPort: number | null;
  /** Base URL of the card gateway: the simulator (default) or https://api.stripe.com. */
  gatewayUrl: string;
  /** The key the browser tokenizes cards with. */
  gatewayPublishableKey: string;
  /** Port of the gateway simulator that `npm start` runs as a child process, or null when it does not run. */
  gatewaySimPort: number | null;
  /** SMS_URL: where texts go when set (a real provider or a simulator run apart). */
  smsUrl: string | undefined;
  /** The local text simulator's base URL (texts go there while no provider is set). */
  smsSimUrl: string;
  /** Port of the text simulator `npm start` runs as a child process, or null when it does not run. */
  smsSimPort: number | null;
  smsSimToken: string;
  /** Base URL of this server for the provider's status and inbound webhooks. */
  smsWebhookUrl: string;
  /** Run the outbox worker in this process (off only for tools that must not send). */
  outboxWorker: boolean;
  /** How often the embedded engine's tables are vacuumed and analyzed where needed; 0: never. */
  embeddedMaintenanceMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(
      `Invalid configuration: ${String(issue.path[0])} ${issue.message} (got "${env[String(issue.path[0])]}")`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    sessionIdleMs: Math.round(e.SESSION_IDLE_MINUTES * 60_000),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST),
    loginSlowdownMs: e.LOGIN_SLOWDOWN_MS,
    secretKey: e.SECRET_KEY,
    trustProxy: e.TRUST_PROXY,
    planHorizonWeeks: e.PLAN_HORIZON_WEEKS,
    planGeneration: e.PLAN_GENERATION,
    mailCatcherPort: (e.MAIL_CATCHER ?? !e.DATABASE_URL) ? e.MAIL_CATCHER_PORT : null,
    gatewayUrl: e.GATEWAY_URL ?? `http://127.0.0.1:${e.GATEWAY_SIM_PORT}`,
    gatewayPublishableKey: e.GATEWAY_PUBLISHABLE_KEY,
    // The simulator runs unless a gateway URL is set (a real account, or a simulator run apart).
    gatewaySimPort: (e.GATEWAY_SIM ?? !e.GATEWAY_URL) ? e.GATEWAY_SIM_PORT : null,
    smsUrl: e.SMS_URL,
    smsSimUrl: `http://127.0.0.1:${e.SMS_SIM_PORT}`,
    // As the gateway's: the simulator runs unless a provider URL is set, or SMS_SIM says otherwise; port 0 turns it off.
    smsSimPort: (e.SMS_SIM ?? !e.SMS_URL) && e.SMS_SIM_PORT > 0 ? e.SMS_SIM_PORT : null,
    smsSimToken: e.SMS_SIM_TOKEN,
    smsWebhookUrl: (
      e.SMS_WEBHOOK_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST}:${e.PORT}`
    ).replace(/\/$/, ''),
    outboxWorker: e.OUTBOX_WORKER,
    embeddedMaintenanceMs: Math.round(e.EMBEDDED_MAINTENANCE_MINUTES * 60_000),
  };
}
