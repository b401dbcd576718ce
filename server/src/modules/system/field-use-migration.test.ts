import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { FIELD_USE_KEY } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations';
import { MIGRATIONS_DIR } from '../../platform/paths';
import { seedRoles } from './system.seed';

/**
 * Migration 0047 on a database made before it (issue 21): roles are seeded only into an empty roles
 * table, so such a database never gave 'field:use' to the roles whose preset holds it; the migration
 * grants it where missing, and the quote parameter row gets the phone idle-out default. PGlite only:
 * the database is migrated up to 0046 from a copy of the migrations folder, then to the end.
 */
const TAG = '0047_field_session_idle_param';
let client: PGlite;
let database: Awaited<ReturnType<typeof databaseBefore>>;

const fieldUseHolders = async () =>
  (
    await client.query<{ code: string }>(
      `select r.code from role_permissions p join roles r on r.id = p.role_id where p.key = $1 order by r.code`,
      [FIELD_USE_KEY],
    )
  ).rows.map((row) => row.code);

describe.skipIf(process.env.TEST_ENGINE === 'postgres')('migration 0047 on an existing database', () => {
  beforeAll(async () => {
    database = await databaseBefore(TAG);
    client = database.client;
    // The roles as a database seeded before the field app holds them: no 'field:use' anywhere.
    await seedRoles(drizzle(client) as never);
    await client.query('delete from role_permissions where key = $1', [FIELD_USE_KEY]);
    await client.query(
      `insert into quote_parameters (id, minutes_per_person_per_1000_sqft, price_range_variance_bps, max_discount_bps,
         default_team_size, default_price_per_minute_cents, overtime_multiplier_bps, daily_clean_minutes_goal,
         daily_revenue_goal_cents) overriding system value values (1, 45, 1000, 1500, 2, 95, 15000, 360, 300000)`,
    );
    expect(await fieldUseHolders()).toEqual([]);
    await database.migrateRest();
  });
  afterAll(() => database.close());

  it("grants 'field:use' to the office manager and cleaner roles, as their presets do, and to no other", async () => {
    expect(await fieldUseHolders()).toEqual(['cleaner', 'office_manager']);
  });

  it('grants it only where missing: running the grant again adds nothing', async () => {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${TAG}.sql`), 'utf8');
    const grant = text.split('--> statement-breakpoint').find((statement) => statement.includes(FIELD_USE_KEY));
    await drizzle(client).execute(sql.raw(grant!));
    expect(await fieldUseHolders()).toEqual(['cleaner', 'office_manager']);
  });

  it('gives the existing quote parameter row the phone idle-out default (12 h)', async () => {
    const { rows } = await client.query<{ hours: number }>('select field_session_idle_hours as hours from quote_parameters');
    expect(rows).toEqual([{ hours: 12 }]);
  });
});
