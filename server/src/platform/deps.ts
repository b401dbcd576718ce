import type { Config } from './config';
import type { Db } from './database';

/** What a module's routes are given: the database and the configuration. */
export interface Deps {
  db: Db;
  config: Config;
}
