import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows, wrapPglite } from './database';
import { maintainEmbedded, upkeepNeeded } from './embedded-maintenance';

const stats = (over: Partial<Parameters<typeof upkeepNeeded>[0][number]>) => ({
  table: 't',
  live: 10_000,
  dead: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  analyzed: true,
  ...over,
});

describe('what the embedded engine upkeep does, by autovacuum thresholds', () => {
  it('vacuums past 50 + 20 % dead rows, or 1,000 + 20 % rows inserted since the last vacuum', () => {
    expect(upkeepNeeded([stats({ dead: 2050 })])).toEqual([]);
    expect(upkeepNeeded([stats({ dead: 2051 })])).toEqual([{ table: 't', action: 'vacuum' }]);
    expect(upkeepNeeded([stats({ insertedSinceVacuum: 3000 })])).toEqual([]);
    expect(upkeepNeeded([stats({ insertedSinceVacuum: 3001 })])).toEqual([{ table: 't', action: 'vacuum' }]);
  });

  it('analyzes past 50 + 10 % changed rows, or a table with rows never analyzed', () => {
    expect(upkeepNeeded([stats({ modifiedSinceAnalyze: 1050 })])).toEqual([]);
    expect(upkeepNeeded([stats({ modifiedSinceAnalyze: 1051 })])).toEqual([{ table: 't', action: 'analyze' }]);
    expect(upkeepNeeded([stats({ analyzed: false })])).toEqual([{ table: 't', action: 'analyze' }]);
    expect(upkeepNeeded([stats({ analyzed: false, live: 0 })])).toEqual([]);
  });
});

describe('maintainEmbedded on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = wrapPglite(await PGlite.create());
    await database.db.execute(sql`create table visits (id int primary key, note text)`);
    await database.db.execute(sql`create table quiet (id int primary key)`);
    await database.db.execute(sql`insert into quiet values (1)`);
    await database.db.execute(sql`insert into visits select g, 'x' from generate_series(1, 5000) g`);
  });
  afterAll(() => database.close());

  const statsOf = (table: string) =>
    queryRows<{ dead: number; vacuumed: boolean; analyzed: boolean; rows: number }>(
      database.db,
      sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed,
            (select reltuples::int from pg_class where relname = ${table}) as rows
          from pg_stat_user_tables where relname = ${table}`,
    );

  it('vacuums and analyzes a table after a bulk load and updates, leaves it be when nothing changed', async () => {
    const first = await maintainEmbedded(database);
    expect(first).toContainEqual({ table: 'visits', action: 'vacuum' });
    let [visits] = await statsOf('visits');
    expect(visits).toMatchObject({ vacuumed: true, analyzed: true, rows: 5000 });

    await database.db.execute(sql`update visits set note = 'y' where id <= 3000`);
    const second = await maintainEmbedded(database);
    expect(second).toEqual(expect.arrayContaining([{ table: 'visits', action: 'vacuum' }]));
    [visits] = await statsOf('visits');
    expect(visits!.dead).toBe(0);

    expect(await maintainEmbedded(database)).toEqual([]);
  });
});
