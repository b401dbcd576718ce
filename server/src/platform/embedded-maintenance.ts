import { sql } from 'drizzle-orm';
import type { Database } from './database';
import { queryRows } from './database';

/**
 * The embedded engine's autovacuum (docs/operations.md "Sizing: embedded or PostgreSQL"). PGlite runs
 * PostgreSQL in one process with no background workers, so nothing vacuums or analyzes its tables:
 * dead rows pile up after updates, the visibility map stays empty (index-only scans read the table
 * anyway) and the planner keeps the statistics of an empty database. This does what PostgreSQL's
 * autovacuum would, with its default thresholds, table by table, only where they are crossed.
 */

/** PostgreSQL's autovacuum defaults (vacuum, insert and analyze thresholds and scale factors). */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

export interface TableUpkeep {
  table: string;
  action: 'vacuum' | 'analyze';
}

interface TableStats {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  analyzed: boolean;
}

/** What each table needs now, by autovacuum's rules; a table never analyzed with rows is analyzed. */
export function upkeepNeeded(stats: TableStats[]): TableUpkeep[] {
  const needed: TableUpkeep[] = [];
  for (const s of stats) {
    const vacuum = s.dead > VACUUM_BASE + VACUUM_SCALE * s.live || s.insertedSinceVacuum > INSERT_BASE + INSERT_SCALE * s.live;
    const analyze = s.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * s.live || (!s.analyzed && s.live > 0);
    if (vacuum) needed.push({ table: s.table, action: 'vacuum' });
    else if (analyze) needed.push({ table: s.table, action: 'analyze' });
  }
  return needed;
}

/** Vacuums (with analyze) or analyzes the embedded database's tables that need it; returns what it did. */
export async function maintainEmbedded(database: Database): Promise<TableUpkeep[]> {
  if (database.engine !== 'pglite') return [];
  const db = database.db;
  // One backend, so its table counters reach the shared statistics only when flushed.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const stats = await queryRows<{
    table: string;
    live: number;
    dead: number;
    inserted: number;
    modified: number;
    analyzed: boolean;
  }>(
    db,
    sql`select relname as "table", n_live_tup::int as live, n_dead_tup::int as dead,
          n_ins_since_vacuum::int as inserted, n_mod_since_analyze::int as modified,
          (last_analyze is not null or last_autoanalyze is not null) as analyzed
        from pg_stat_user_tables where schemaname = 'public'`,
  );
  const needed = upkeepNeeded(
    stats.map((s) => ({
      table: s.table,
      live: Number(s.live),
      dead: Number(s.dead),
      insertedSinceVacuum: Number(s.inserted),
      modifiedSinceAnalyze: Number(s.modified),
      analyzed: s.analyzed,
    })),
  );
  for (const { table, action } of needed) {
    const name = sql.identifier(table);
    await db.execute(action === 'vacuum' ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return needed;
}

/**
 * Runs maintainEmbedded now and then every `everyMs` on the embedded engine (nothing on PostgreSQL,
 * whose own autovacuum does this). Each run holds the one connection only for the tables that need it.
 */
export function startEmbeddedMaintenance(
  database: Database,
  everyMs: number,
  report: (done: TableUpkeep[], error?: unknown) => void,
): () => Promise<void> {
  if (database.engine !== 'pglite' || everyMs <= 0) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = maintainEmbedded(database).then(
      (done) => report(done),
      (error: unknown) => report([], error),
    );
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
