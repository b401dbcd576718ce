import type { Config } from './platform/config';
import { type Database, openDatabase } from './platform/database';
import { createSecrets, resolveSecretKey } from './platform/secrets';
import { type SeedReport, seed } from './seed/seed';

/** Opens the configured database, upgrades its schema in place, and seeds a new one. */
export async function prepareDatabase(config: Config): Promise<{ database: Database; report: SeedReport }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await database.exclusive(async () => {
      await database.migrate();
      const secrets = createSecrets(
        resolveSecretKey({ secretKey: config.secretKey, databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
      );
      return database.db.transaction((tx) => seed(tx, { adminPassword: config.adminPassword, demo: config.seedDemo, secrets }));
    });
    return { database, report };
  } catch (error) {
    await database.close();
    throw error;
  }
}
