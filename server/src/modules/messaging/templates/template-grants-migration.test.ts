import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../../test/migrations';
import { MIGRATIONS_DIR } from '../../../platform/paths';
import { seedRoles } from '../../system/system.seed';
import { TEMPLATES_EDIT_KEY } from './templates.routes';

/**
 * Migration 0048 on a database made before Message Templates (issue 22): roles are seeded only into
 * an empty roles table, so such a database never gave the screen '/sys/messagetemplate' nor the key
 * 'messageTemplate:edit' to anyone. The migration grants both, where missing, to every live role that
 * holds Location Parameters. PGlite only: migrated up to 0047 from a copy of the migrations folder,
 * then to the end.
 */
const TAG = '0048_message_template_grants';
const SCREEN = '/sys/messagetemplate';
const KEYS = [SCREEN, TEMPLATES_EDIT_KEY];
let client: PGlite;
let database: Awaited<ReturnType<typeof databaseBefore>>;

/** Each role code with the template keys it holds. */
const holders = async () =>
  (
    await client.query<{ code: string; keys: string[] }>(
      `select r.code, array_agg(p.key order by p.key) as keys from role_permissions p join roles r on r.id = p.role_id
        where p.key = any($1) group by r.code order by r.code`,
      [KEYS],
    )
  ).rows.map((row) => [row.code, row.keys]);

/** A role the office made, holding these keys. */
async function customRole(code: string, keys: string[], deleted = false) {
  const { rows } = await client.query<{ id: number }>(
    `insert into roles (code, name_en, name_zh, description, description_zh, deleted_at)
     values ($1, $1, $1, '', '', ${deleted ? 'now()' : 'null'}) returning id`,
    [code],
  );
  for (const key of keys) await client.query('insert into role_permissions (role_id, key) values ($1, $2)', [rows[0]!.id, key]);
}

describe.skipIf(process.env.TEST_ENGINE === 'postgres')('migration 0048 on an existing database', () => {
  beforeAll(async () => {
    database = await databaseBefore(TAG);
    client = database.client;
    // The roles as a database seeded before Message Templates holds them: neither key anywhere.
    await seedRoles(drizzle(client) as never);
    await client.query('delete from role_permissions where key = any($1)', [KEYS]);
    await customRole('settings_clerk', ['/sys/positionparameter', '/customer/customerlist']);
    await customRole('front_desk', ['/customer/customerlist']);
    await customRole('retired_settings', ['/sys/positionparameter'], true);
    expect(await holders()).toEqual([]);
    await database.migrateRest();
  });
  afterAll(() => database.close());

  it('grants the screen and its edit key to the live roles holding Location Parameters, and to no other', async () => {
    const both = [TEMPLATES_EDIT_KEY, SCREEN].sort();
    expect(await holders()).toEqual([
      ['office_manager', both],
      ['settings_clerk', both],
    ]);
  });

  it('grants only where missing: running the grant again adds nothing', async () => {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${TAG}.sql`), 'utf8');
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from role_permissions');
    await drizzle(client).execute(sql.raw(text));
    const again = await client.query<{ n: number }>('select count(*)::int as n from role_permissions');
    expect(again.rows[0]!.n).toBe(rows[0]!.n);
  });
});
