import type { Config } from './config';
import type { Db } from './database';
import type { Secrets } from './secrets';

/** What a module's routes are given: the database, the configuration and the secrets box. */
export interface Deps {
  db: Db;
  config: Config;
  secrets: Secrets;
}
