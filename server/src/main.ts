import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { startEmbeddedMaintenance } from './platform/embedded-maintenance';
import { startGatewaySimProcess } from './platform/gateway-sim-process';
import { startMailCatcher } from './platform/mail-catcher';
import { startSmsSimProcess } from './platform/sms-sim-process';
import type { SeedReport } from './seed/seed';
import { openConfiguredDatabase, upgradeDatabase } from './startup';
import { printWelcome } from './welcome';

/** How long SIGTERM waits for requests in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

/** The built-in SMTP catcher; a busy port is reported and the product runs without it. */
async function startCatcher(port: number) {
  try {
    return await startMailCatcher(port);
  } catch (error) {
    console.error(`Mail catcher not started on 127.0.0.1:${port}: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { database, secrets } = opened;
  // The server listens first and answers /_/health "starting" (503) while migrations and the first
  // seed run; every other API call answers 503 until then.
  const catcher = config.mailCatcherPort === null ? null : await startCatcher(config.mailCatcherPort);
  const gatewaySim = config.gatewaySimPort === null ? null : startGatewaySimProcess(config.gatewaySimPort);
  const smsSim =
    config.smsSimPort === null
      ? null
      : startSmsSimProcess(config.smsSimPort, config.smsSimToken, `${config.smsWebhookUrl}/hooks/sms/inbound`);
  const readiness = { ready: false };
  const app = await buildApp({ config, database, readiness });
  let upgrading: Promise<unknown> = Promise.resolve();
  let stopMaintenance = async () => {};

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running after the grace period: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      // close() stops listening, closes idle keep-alive connections, answers 503 to new requests on
      // open ones, and resolves once every request in flight has been answered.
      await app.close();
      await upgrading.catch(() => {});
      await stopMaintenance();
      await catcher?.close();
      gatewaySim?.kill('SIGTERM');
      smsSim?.kill('SIGTERM');
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  let report: SeedReport;
  try {
    upgrading = upgradeDatabase(database, config, secrets);
    report = (await upgrading) as SeedReport;
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    gatewaySim?.kill('SIGTERM');
    smsSim?.kill('SIGTERM');
    app.log.fatal({ err: error }, 'start-up failed while migrating or seeding the database');
    process.exit(1);
  }
  if (stopping) return;
  readiness.ready = true;
  stopMaintenance = startEmbeddedMaintenance(database, config.embeddedMaintenanceMs, (done, error) => {
    if (error) app.log.error({ err: error }, 'embedded database upkeep failed');
    else if (done.length > 0) app.log.info({ tables: done }, 'embedded database tables vacuumed and analyzed');
  });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  printWelcome(`http://${shownHost}:${config.port}/`, report);
  if (catcher) console.log(`Mail catcher: SMTP on 127.0.0.1:${catcher.port}; with no SMTP server set, sent mail stays there`);
}

void main();
