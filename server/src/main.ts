import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { prepareDatabase } from './startup';
import { printWelcome } from './welcome';

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
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  printWelcome(`http://${shownHost}:${config.port}/`, report);
}

void main();
