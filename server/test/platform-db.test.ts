import { Code } from '@tidyhouse/contract';
import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUsers } from '../src/modules/employees/employees.tables';
import { frozenSql, inLiterals, PREPARED_MAX, queryRows, queryRowsPrepared, sqlLiteral } from '../src/platform/database';
import { AppError } from '../src/platform/errors';
import { likeEscape, orderOf, paged, pagedUnfiltered, totalCount } from '../src/platform/list';
import { softDeleteVersioned, updateVersioned } from '../src/platform/versioned';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 0;
  } catch (error) {
    return error instanceof AppError ? error.code : -1;
  }
};

describe('paged lists', () => {
  it('answers a page and the total in one query, with a stable order', async () => {
    const query = t.db
      .select({ uname: sysUsers.uname, total: totalCount })
      .from(sysUsers)
      .orderBy(...orderOf({ field: 'uname', order: 'descend' }, { uname: sysUsers.uname }, [], sysUsers.id))
      .$dynamic();
    const { rows, total } = await paged(query, { pageNum: 2, pageSize: 5 });
    const all = await t.db.select({ uname: sysUsers.uname }).from(sysUsers);
    expect(total).toBe(all.length);
    const sorted = all
      .map((u) => u.uname)
      .sort()
      .reverse();
    expect(rows.map((r) => r.uname)).toEqual(sorted.slice(5, 10));
  });

  it('answers an empty page past the end with total 0 rows shown', async () => {
    const query = t.db.select({ id: sysUsers.id, total: totalCount }).from(sysUsers).orderBy(asc(sysUsers.id)).$dynamic();
    expect((await paged(query, { pageNum: 99, pageSize: 20 })).rows).toEqual([]);
  });

  it('ignores a sort field the list does not allow', () => {
    const order = orderOf(
      { field: 'password_hash', order: 'ascend' },
      { uname: sysUsers.uname },
      [asc(sysUsers.name)],
      sysUsers.id,
    );
    expect(order).toHaveLength(2);
  });

  it('escapes LIKE wildcards in search text', async () => {
    const rows = await t.db
      .select()
      .from(sysUsers)
      .where(like(sysUsers.uname, `${likeEscape('a_')}%`));
    expect(rows).toEqual([]);
  });
});

describe('versioned updates', () => {
  it('applies a change with the current version and bumps it; refuses a stale one with 10009', async () => {
    const [user] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, 'sofia.ramirez'));
    const { after } = await t.db.transaction((tx) =>
      updateVersioned(tx, sysUsers, 'employees.user', { id: user!.id, version: user!.version }, { phone: '(650) 555-9999' }, 1),
    );
    expect(after).toMatchObject({ phone: '(650) 555-9999', version: user!.version + 1, updatedBy: 1 });
    const stale = t.db.transaction((tx) =>
      updateVersioned(tx, sysUsers, 'employees.user', { id: user!.id, version: user!.version }, { phone: 'x' }, 1),
    );
    expect(await codeOf(stale)).toBe(Code.CONFLICT);
    const [now] = await t.db.select().from(sysUsers).where(eq(sysUsers.id, user!.id));
    expect(now!.phone).toBe('(650) 555-9999');
  });

  it('soft-deletes, after which the record is not found (10004)', async () => {
    const [user] = await t.db.select().from(sysUsers).where(eq(sysUsers.uname, 'jenny.zhao'));
    await t.db.transaction((tx) =>
      softDeleteVersioned(tx, sysUsers, 'employees.user', { id: user!.id, version: user!.version }, 1),
    );
    const again = t.db.transaction((tx) =>
      softDeleteVersioned(tx, sysUsers, 'employees.user', { id: user!.id, version: user!.version + 1 }, 1),
    );
    expect(await codeOf(again)).toBe(Code.NOT_FOUND);
  });
});

// Before the PREPARED_MAX test below, which fills this process's prepared texts.
describe('the first page of an unfiltered list (pagedUnfiltered)', () => {
  it('answers as paged on every page; its first page is a prepared statement on PostgreSQL', async () => {
    // The statement sees itself in pg_prepared_statements only when it was prepared by name.
    const query = () =>
      t.db
        .select({
          uname: sysUsers.uname,
          total: totalCount,
          prepared: sql<number>`(select count(*)::int from pg_prepared_statements
            where name like 'th\_%' and statement like '%paged-marker%')`.mapWith(Number),
        })
        .from(sysUsers)
        .orderBy(asc(sysUsers.uname), asc(sysUsers.id))
        .$dynamic();
    const withoutMarker = (page: { rows: { prepared: number }[]; total: number }) =>
      page.rows.map(({ prepared: _, ...row }) => row);
    for (const pageNum of [1, 2]) {
      const plain = await paged(query(), { pageNum, pageSize: 3 });
      const first = await pagedUnfiltered(t.db, query(), { pageNum, pageSize: 3 });
      expect(first.total).toBe(plain.total);
      expect(withoutMarker(first)).toEqual(withoutMarker(plain));
      // The marker is in both pages' texts: only the first page's rows say whether it was prepared.
      if (pageNum === 1) {
        const prepared = process.env.TEST_ENGINE === 'postgres' ? 1 : 0;
        expect(first.rows.map((row) => row.prepared)).toEqual(first.rows.map(() => prepared));
      }
    }
  });
});

describe('prepared reads (queryRowsPrepared)', () => {
  // The statement sees itself (its marker) in pg_prepared_statements only when it was prepared by name.
  const selfPrepared = (value: number, marker: string) =>
    sql`select ${value}::int + 1 as next, (select count(*)::int from pg_prepared_statements
          where name like 'th\_%' and statement like ${sql.raw(`'%${marker}%'`)}) as prepared`;

  it('binds each call its own values; prepared by name on PostgreSQL, a plain query on PGlite and in a transaction', async () => {
    const expected = process.env.TEST_ENGINE === 'postgres' ? 1 : 0;
    for (const value of [1, 41]) {
      const [row] = await queryRowsPrepared<{ next: number; prepared: number }>(t.db, selfPrepared(value, 'read-marker-root'));
      expect(row).toEqual({ next: value + 1, prepared: expected });
    }
    const [inTransaction] = await t.db.transaction((tx) =>
      queryRowsPrepared<{ next: number; prepared: number }>(tx, selfPrepared(7, 'read-marker-transaction')),
    );
    expect(inTransaction).toEqual({ next: 8, prepared: 0 });
  });

  it('prepares at most PREPARED_MAX texts in a process: a new text past them runs unprepared, with the same answer', async () => {
    for (let n = 0; n < PREPARED_MAX; n++) await queryRowsPrepared(t.db, sql`select ${sql.raw(String(n))} as filler`);
    const [past] = await queryRowsPrepared<{ next: number; prepared: number }>(t.db, selfPrepared(5, 'read-marker-past-cap'));
    expect(past).toEqual({ next: 6, prepared: 0 });
    const [known] = await queryRowsPrepared<{ next: number; prepared: number }>(t.db, selfPrepared(2, 'read-marker-root'));
    expect(known).toEqual({ next: 3, prepared: process.env.TEST_ENGINE === 'postgres' ? 1 : 0 });
  });
});

describe('literals of closed sets (sqlLiteral)', () => {
  it('renders an integer or a lowercase code as a literal, and refuses anything else', async () => {
    const [row] = await queryRows(t.db, sql`select ${sqlLiteral(42)}::int as n, ${sqlLiteral('every_two_weeks')}::text as code`);
    expect(row).toEqual({ n: 42, code: 'every_two_weeks' });
    for (const bad of ["x' or 1=1", 'Scheduled', '', 1.5, Number.NaN, 2 ** 60]) expect(() => sqlLiteral(bad)).toThrow();
  });

  it('matches a column against one or several of them (inLiterals), refusing any other value', async () => {
    const matched = async (values: string[]) =>
      (await t.db.select({ id: sysUsers.id }).from(sysUsers).where(inLiterals(sysUsers.status, values))).length;
    const counted = async (where: string) =>
      (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from sys_users where ${where}`)))[0]!.n;
    expect(await matched(['active', 'terminated'])).toBe(await counted(`status in ('active', 'terminated')`));
    expect(await matched(['active'])).toBe(await counted(`status = 'active'`));
    expect(await matched(['nobody_has_this'])).toBe(0);
    expect(() => inLiterals(sysUsers.status, ["active' or '1'='1"])).toThrow();
  });
});

describe('frozen SQL (frozenSql)', () => {
  it('renders a piece once with its values inlined and quoted, and reads the same as the piece itself', async () => {
    const piece = sql`select ${"O'Brien"}::text as name, ${true} as flag, ${sysUsers.uname} as uname from ${sysUsers} where ${sysUsers.uname} = ${'admin'}`;
    const frozen = frozenSql(piece);
    expect(frozen.queryChunks).toHaveLength(1);
    const [fromFrozen] = await queryRows(t.db, frozen);
    expect(fromFrozen).toEqual({ name: "O'Brien", flag: true, uname: 'admin' });
    expect(await queryRows(t.db, piece)).toEqual([fromFrozen]);
  });
});
