import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/platform/paths';

/** A migrations folder holding every migration before `tag` (throws when `tag` is not a later one). */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  if (cut <= 0) throw new Error(`no migration before ${tag}`);
  journal.entries = journal.entries.slice(0, cut);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/**
 * A data migration's test: an in-memory PGlite migrated up to just before `tag`, as a database made
 * before it; `migrateRest()` then runs `tag` and every later migration, `close()` removes it all.
 */
export async function databaseBefore(tag: string) {
  const client = await PGlite.create();
  const folder = migrationsBefore(tag);
  await migrate(drizzle(client), { migrationsFolder: folder });
  return {
    client,
    migrateRest: () => migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      await client.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
