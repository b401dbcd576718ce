import { COUNT_CAP, Code, type CustomerListItem } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';
import { locationBody } from './customers.fixtures';

/**
 * The customer list at scale (issue 25): a search alone is paged from the terms index with the
 * names its terms carry (customer-list.ts searchPage); a status filter is counted up to the cap.
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

  it('counts its matches exactly, never capped, past the cap', async () => {
    const many = COUNT_CAP + 3;
    await t.db.execute(sql`
      insert into customers (name, phone1, status)
      select 'Bulk Xyloq ' || lpad(g::text, 5, '0'), '(408) 555-0000', 'prospect' from generate_series(1, ${many}) g`);
    await t.db.execute(sql`
      insert into customer_search_terms (customer_id, term, sort_name)
      select id, 'xyloq', name from customers where name like 'Bulk Xyloq %'`);
    const page = await list({ keyword: 'xyloq', pageSize: 3 });
    expect(page).toMatchObject({ total: many, totalCapped: false });
    expect(names(page)).toEqual(['Bulk Xyloq 00001', 'Bulk Xyloq 00002', 'Bulk Xyloq 00003']);
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
