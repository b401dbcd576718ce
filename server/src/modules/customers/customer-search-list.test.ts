import { COUNT_CAP, Code, type CustomerListItem } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';
import { locationBody } from './customers.fixtures';
import { SEARCH_COUNT_CAP } from './search-terms';

/**
 * The customer list at scale (issue 25): a search alone is paged from the terms index with the
 * names its terms carry (customer-list.ts searchPage), one word counted up to SEARCH_COUNT_CAP; a
 * status filter is counted up to COUNT_CAP.
 */
let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

interface Page {
  list: CustomerListItem[];
  total: number;
  totalCapped: boolean;
}
const list = async (body: Record<string, unknown>) => {
  const result = await t.call<Page>('/customer/queryList', { token: office, body: { pageSize: 10, ...body } });
  expect(result.code).toBe(Code.OK);
  return result.data;
};
const addCustomer = async (body: Record<string, unknown>) => {
  const result = await t.call<{ id: number; version: number }>('/customer/add', { token: office, body });
  expect(result.code).toBe(Code.OK);
  return result.data;
};
const names = (page: Page) => page.list.map((c) => c.name);
/** `count` customers "Bulk <label> 00001"… with one search term each (the i-th's from `term(i)`). */
const bulk = async (label: string, count: number, term: (i: number) => string) => {
  const rows = await queryRows<{ id: number; name: string }>(
    t.db,
    sql`insert into customers (name, phone1, status)
      select ${`Bulk ${label} `} || lpad(g::text, 5, '0'), '(408) 555-0000', 'prospect' from generate_series(1, ${count}) g
      returning id, name`,
  );
  const ordered = rows.sort((a, b) => a.id - b.id);
  await t.db.execute(
    sql`insert into customer_search_terms (customer_id, term, sort_name) values ${sql.join(
      ordered.map((r, i) => sql`(${r.id}, ${term(i + 1)}, ${r.name})`),
      sql`, `,
    )}`,
  );
};

describe('a search alone', () => {
  it('pages its matches in name order, counts each customer once, and drops a removed one', async () => {
    await addCustomer({ name: 'Cy Vorblatt', phone1: '(408) 555-8101' });
    // Two of her terms match "vorbl" (name and street): she is one customer, counted once.
    await addCustomer({
      name: 'Ada Vorblatt',
      phone1: '(408) 555-8102',
      location: locationBody({ address1: '5 Vorblatt Way', zip: '94040' }),
    });
    const bo = await addCustomer({ name: 'Bo Vorblatt', phone1: '(408) 555-8103' });
    await addCustomer({ name: 'Di Vorblatt', phone1: '(408) 555-8104' });

    const first = await list({ keyword: 'vorbl', pageSize: 2 });
    expect(first).toMatchObject({ total: 4, totalCapped: false });
    expect(names(first)).toEqual(['Ada Vorblatt', 'Bo Vorblatt']);
    expect(names(await list({ keyword: 'vorbl', pageSize: 2, pageNum: 2 }))).toEqual(['Cy Vorblatt', 'Di Vorblatt']);
    const descending = await list({ keyword: 'vorbl', sort: { field: 'name', order: 'descend' } });
    expect(names(descending)).toEqual(['Di Vorblatt', 'Cy Vorblatt', 'Bo Vorblatt', 'Ada Vorblatt']);
    // Every word must match: the intersection of the words' customers.
    expect(names(await list({ keyword: 'vorbl way' }))).toEqual(['Ada Vorblatt']);
    // The rows are whole (joined after the page): zone of the location, balance.
    expect((await list({ keyword: 'vorbl ada' })).list[0]).toMatchObject({ zip: '94040', balanceCents: 0 });

    // Another order (sorted as a set) finds the same customers.
    const byDate = await list({ keyword: 'vorbl', sort: { field: 'createdAt', order: 'ascend' } });
    expect(byDate.total).toBe(4);
    expect(new Set(names(byDate))).toEqual(new Set(names(descending)));

    expect((await t.call('/customer/remove', { token: office, body: { id: bo.id, version: bo.version } })).code).toBe(Code.OK);
    const after = await list({ keyword: 'vorbl' });
    expect(after.total).toBe(3);
    expect(names(after)).toEqual(['Ada Vorblatt', 'Cy Vorblatt', 'Di Vorblatt']);
  });

  it('follows a rename into its new place in the order', async () => {
    const di = await addCustomer({ name: 'Zed Quorlin', phone1: '(408) 555-8201' });
    await addCustomer({ name: 'Mo Quorlin', phone1: '(408) 555-8202' });
    expect(names(await list({ keyword: 'quorlin' }))).toEqual(['Mo Quorlin', 'Zed Quorlin']);
    const renamed = await t.call('/customer/modify', {
      token: office,
      body: { id: di.id, version: di.version, name: 'Al Quorlin', phone1: '(408) 555-8201' },
    });
    expect(renamed.code).toBe(Code.OK);
    expect(names(await list({ keyword: 'quorlin' }))).toEqual(['Al Quorlin', 'Mo Quorlin']);
  });

  it('counts its matches exactly up to the search cap, then says "200+"', async () => {
    await bulk('Capq', SEARCH_COUNT_CAP, () => 'capqword');
    expect(await list({ keyword: 'capqword' })).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: false });
    await bulk('Capq more', 1, () => 'capqword');
    const capped = await list({ keyword: 'capqword', pageSize: 3 });
    expect(capped).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(names(capped)).toEqual(['Bulk Capq 00001', 'Bulk Capq 00002', 'Bulk Capq 00003']);
  });

  it('pages a common word in name order across its terms, both ways, past the rows its count reads', async () => {
    // More matching rows than the count reads (twice the cap), under two terms whose names interleave.
    const many = 2 * SEARCH_COUNT_CAP + 50;
    await bulk('Xyloq', many, (i) => (i % 2 ? 'xyloqa' : 'xyloqb'));
    await t.db.execute(sql`update customers set deleted_at = now() where name = 'Bulk Xyloq 00002'`);
    const first = await list({ keyword: 'xyloq', pageSize: 3 });
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(names(first)).toEqual(['Bulk Xyloq 00001', 'Bulk Xyloq 00003', 'Bulk Xyloq 00004']);
    const second = await list({ keyword: 'xyloq', pageSize: 3, pageNum: 2 });
    expect(names(second)).toEqual(['Bulk Xyloq 00005', 'Bulk Xyloq 00006', 'Bulk Xyloq 00007']);
    const descending = await list({ keyword: 'xyloq', pageSize: 3, pageNum: 2, sort: { field: 'name', order: 'descend' } });
    expect(names(descending)).toEqual(['Bulk Xyloq 00447', 'Bulk Xyloq 00446', 'Bulk Xyloq 00445']);
    // Each customer once and whole, though another term of the same word (a street) matches too.
    await t.db.execute(sql`insert into customer_search_terms (customer_id, term, sort_name)
      select id, 'xyloqstreet', name from customers where name = 'Bulk Xyloq 00003'`);
    const again = await list({ keyword: 'xyloq', pageSize: 3 });
    expect(names(again)).toEqual(['Bulk Xyloq 00001', 'Bulk Xyloq 00003', 'Bulk Xyloq 00004']);
    expect(again.list[0]).toMatchObject({ phone1: '(408) 555-0000', balanceCents: 0 });
  });

  it('counts exactly when the rows its count reads repeat their customers', async () => {
    // 150 customers under three terms each: 450 rows, the first 400 of them only 150 customers.
    await bulk('Zorp', 150, () => 'zorpa');
    await t.db.execute(sql`insert into customer_search_terms (customer_id, term, sort_name)
      select id, term, name from customers, unnest(array['zorpb', 'zorpc']) as term where name like 'Bulk Zorp %'`);
    const page = await list({ keyword: 'zorp', pageSize: 3, pageNum: 50 });
    expect(page).toMatchObject({ total: 150, totalCapped: false });
    expect(names(page)).toEqual(['Bulk Zorp 00148', 'Bulk Zorp 00149', 'Bulk Zorp 00150']);
  });

  it('sorts the matches of a word that starts many distinct terms as a set', async () => {
    // 40 terms under one word (more than are walked one by one), in the opposite order of the names.
    await bulk('Plonk', 40, (i) => `plonk${String(41 - i).padStart(2, '0')}`);
    const page = await list({ keyword: 'plonk', pageSize: 3, pageNum: 2 });
    expect(page).toMatchObject({ total: 40, totalCapped: false });
    expect(names(page)).toEqual(['Bulk Plonk 00004', 'Bulk Plonk 00005', 'Bulk Plonk 00006']);
    const descending = await list({ keyword: 'plonk', pageSize: 2, sort: { field: 'name', order: 'descend' } });
    expect(names(descending)).toEqual(['Bulk Plonk 00040', 'Bulk Plonk 00039']);
  });
});

describe('the capped count of the status filter', () => {
  it('is exact at the cap itself, and capped one above it', async () => {
    const count = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            t.db,
            sql`select count(*) as n from customers where status = 'inactive' and deleted_at is null`,
          )
        )[0]!.n,
      );
    const insert = (n: number) =>
      t.db.execute(sql`
        insert into customers (name, phone1, status)
        select 'Capped Inactive ' || g, '(408) 555-0000', 'inactive' from generate_series(1, ${n}) g`);
    await insert(COUNT_CAP - (await count()));
    const atCap = await list({ status: 'inactive' });
    expect(atCap).toMatchObject({ total: COUNT_CAP, totalCapped: false });
    // The page in name order (the live status-and-name index).
    expect(names(atCap)).toEqual([...names(atCap)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    await insert(1);
    expect(await list({ status: 'inactive' })).toMatchObject({ total: COUNT_CAP, totalCapped: true });
  });
});
