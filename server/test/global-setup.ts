import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startGatewaySim } from '../src/gateway-sim/gateway-sim';
import { startSmsSim } from '../src/modules/messaging/sms-sim/sms-sim';
import { businessClock } from '../src/platform/business-date';
import { loadConfig } from '../src/platform/config';
import { type Database, openPostgres, wrapPglite } from '../src/platform/database';
import { createSecrets, parseSecretKey } from '../src/platform/secrets';
import { seed } from '../src/seed/seed';
import { TEST_PASSWORD, TEST_SECRET_KEY, templateDatabaseName } from './fixtures';

const secrets = createSecrets(parseSecretKey(TEST_SECRET_KEY)!);

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** The card gateway simulator every test app talks to unless it starts its own. */
    gatewayUrl: string;
    /** The text simulator every test app talks to unless it starts its own (no inbound webhook). */
    smsSimUrl: string;
    /** The moment the template was seeded (ISO): the demo's "today" is that moment's business day. */
    seededAt: string;
  }
}

/**
 * Migrates and seeds one database per run; each test file starts from a copy of it (a PGlite data
 * dump, or a PostgreSQL template database), which is far faster than migrating per file.
 */
export default async function setup(project: TestProject) {
  // The gateway simulator runs here, in the runner's process: apart from the apps under test.
  const sim = await startGatewaySim(0);
  project.provide('gatewayUrl', sim.url);
  const smsSim = await startSmsSim(0, { authToken: loadConfig({}).smsSimToken });
  project.provide('smsSimUrl', smsSim.url);
  const stopSim = () => Promise.all([sim.close(), smsSim.close()]);
  // One moment for the whole seed, and for the tests of the demo's "today" (today.seed.test.ts): a run
  // that crosses midnight in the business time zone would otherwise seed one day and check the next.
  const seededAt = new Date();
  project.provide('seededAt', seededAt.toISOString());
  const seedTemplate = async (database: Database) => {
    const realClock = businessClock.now;
    businessClock.now = () => seededAt;
    try {
      await database.db.transaction((tx) => seed(tx, { adminPassword: TEST_PASSWORD, demo: true, secrets }));
    } finally {
      businessClock.now = realClock;
    }
  };
  const engine = process.env.TEST_ENGINE ?? project.config.env?.TEST_ENGINE;
  if (engine === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const template = templateDatabaseName(url.pathname.slice(1));
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.query(`create database "${template}"`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = openPostgres(templateUrl.toString(), 2);
    await database.migrate();
    await seedTemplate(database);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
      await stopSim();
    };
  }

  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  await seedTemplate(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'tidyhouse-test-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
    await stopSim();
  };
}
