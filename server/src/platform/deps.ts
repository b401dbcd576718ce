import type { Config } from './config';
import type { Db } from './database';
import type { Readiness } from './readiness';
import type { Secrets } from './secrets';

/** What a module's routes are given: the database, the configuration, the secrets box and start-up state. */
export interface Deps {
  db: Db;
  config: Config;
  secrets: Secrets;
  readiness: Readiness;
}
