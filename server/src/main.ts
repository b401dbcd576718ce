import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { startMailCatcher } from './platform/mail-catcher';
import type { SeedReport } from './seed/seed';
import { prepareDatabase } from './startup';

function printWelcome(url: string, report: SeedReport) {
  const lines = [`Tidyhouse is running at ${url}`];
  if (report.admin) {
    lines.push(`Administrator login: user name "${report.admin.uname}", password "${report.admin.password}"`);
    if (report.admin.generated)
      lines.push('  (generated now and shown only once: write it down, or set ADMIN_PASSWORD before the first start)');
  }
  if (report.demoUsers.length) {
    lines.push('Demo users (same password as the administrator):');
    for (const user of report.demoUsers) lines.push(`  ${user.uname.padEnd(18)} ${user.name.padEnd(18)} ${user.role}`);
  }
  console.log(lines.join('\n'));
}

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
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    prepared = await prepareDatabase(config);
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
  const { database, report } = prepared;
  const catcher = config.mailCatcherPort === null ? null : await startCatcher(config.mailCatcherPort);
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await catcher?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  printWelcome(`http://${shownHost}:${config.port}/`, report);
  if (catcher) console.log(`Mail catcher: SMTP on 127.0.0.1:${catcher.port}; with no SMTP server set, sent mail stays there`);
}

void main();
