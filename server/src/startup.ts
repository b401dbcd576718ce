import type { Config } from './platform/config';
import { type Database, openDatabase } from './platform/database';
import { createSecrets, resolveSecretKey, type Secrets } from './platform/secrets';
import { type SeedReport, seed } from './seed/seed';

/**
 * Opens the configured database without touching its schema yet, so the server can listen (and
 * answer /_/health "starting") while upgradeDatabase runs.
 */
export async function openConfiguredDatabase(config: Config): Promise<{ database: Database; secrets: Secrets }> {
  // Demo data stores a (fake) payment key encrypted: the key is resolved before the database opens.
  const secrets = createSecrets(
    resolveSecretKey({ secretKey: config.secretKey, databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  return { database, secrets };
}

/** Upgrades the schema in place and seeds a new database, while no other process does the same. */
export function upgradeDatabase(database: Database, config: Config, secrets: Secrets): Promise<SeedReport> {
  return database.exclusive(async () => {
    await database.migrate();
    return database.db.transaction((tx) => seed(tx, { adminPassword: config.adminPassword, demo: config.seedDemo, secrets }));
  });
}
