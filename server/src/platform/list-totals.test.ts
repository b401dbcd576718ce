import { COUNT_CAP, Code } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { quoteBody } from '../modules/customers/customers.fixtures';
import { queryRows } from './database';

/** The totals of large lists (docs/api-conventions.md "Totals of large lists"), on the customer and quote lists. */
let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

interface Page {
  list: unknown[];
  total: number;
  totalCapped?: boolean;
}
const page = async (path: string, body: Record<string, unknown> = {}) => {
  const result = await t.call<Page>(path, { token: office, body: { pageSize: 10, ...body } });
  expect(result.code).toBe(Code.OK);
  return result.data;
};
const liveCustomers = async () =>
  Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from customers where deleted_at is null`))[0]!.n);
const allQuotes = async () => Number((await queryRows<{ n: string }>(t.db, sql`select count(*) as n from quotes`))[0]!.n);
const addCustomer = async (name: string, phone1: string) => {
  const result = await t.call<{ id: number; version: number }>('/customer/add', { token: office, body: { name, phone1 } });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

describe('the maintained count of an unfiltered list', () => {
  it('is the exact number of live customers, after an add and a remove', async () => {
    const before = await page('/customer/queryList');
    expect(before.total).toBe(await liveCustomers());
    expect(before.totalCapped).toBe(false);

    const added = await addCustomer('Counted Once', '(408) 555-7101');
    expect((await page('/customer/queryList')).total).toBe(before.total + 1);

    // A change that is not an add or a removal leaves the count alone.
    const modified = await t.call('/customer/modify', {
      token: office,
      body: { id: added.id, version: added.version, name: 'Counted Still', phone1: '(408) 555-7101' },
    });
    expect(modified.code).toBe(Code.OK);
    expect((await page('/customer/queryList')).total).toBe(before.total + 1);

    const detail = await t.call<{ version: number }>('/customer/detail', { token: office, body: { id: added.id } });
    const removed = await t.call('/customer/remove', { token: office, body: { id: added.id, version: detail.data.version } });
    expect(removed.code).toBe(Code.OK);
    const after = await page('/customer/queryList');
    expect(after.total).toBe(before.total);
    expect(after.total).toBe(await liveCustomers());
  });

  it('stays exact under concurrent adds', async () => {
    const before = (await page('/customer/queryList')).total;
    const adds = Array.from({ length: 12 }, (_, i) =>
      addCustomer(`Concurrent ${i}`, `(408) 555-72${String(i).padStart(2, '0')}`),
    );
    await Promise.all(adds);
    const after = await page('/customer/queryList');
    expect(after.total).toBe(before + 12);
    expect(after.total).toBe(await liveCustomers());
    const [counter] = await queryRows<{ total: string }>(t.db, sql`select total from list_counts where list = 'customers'`);
    expect(Number(counter!.total)).toBe(await liveCustomers());
  });

  it('counts quotes as they are added', async () => {
    const before = await page('/quote/queryList');
    expect(before.total).toBe(await allQuotes());
    const added = await t.call('/quote/add', { token: office, body: await quoteBody(t) });
    expect(added.code).toBe(Code.OK);
    expect((await page('/quote/queryList')).total).toBe(before.total + 1);
    expect((await page('/quote/queryList')).total).toBe(await allQuotes());
  });
});

describe('the capped count of a filtered list', () => {
  it(`counts matches exactly up to ${COUNT_CAP}, then answers the cap and says so`, async () => {
    const inactive = (await page('/customer/queryList', { status: 'inactive' })).total;
    expect(inactive).toBeLessThan(COUNT_CAP);
    // A bulk insert in one statement: the statement trigger counts all of its rows.
    const extra = COUNT_CAP + 5 - inactive;
    const unfilteredBefore = (await page('/customer/queryList')).total;
    await t.db.execute(sql`
      insert into customers (name, phone1, status)
      select 'Bulk Inactive ' || g, '(408) 555-0000', 'inactive' from generate_series(1, ${extra}) g`);

    const capped = await page('/customer/queryList', { status: 'inactive' });
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.list).toHaveLength(10);

    // Unfiltered, the maintained count is exact however large.
    const unfiltered = await page('/customer/queryList');
    expect(unfiltered).toMatchObject({ total: unfilteredBefore + extra, totalCapped: false });
    expect(unfiltered.total).toBe(await liveCustomers());

    // Soft-deleting some of them brings the filtered count under the cap: exact again.
    await t.db.execute(sql`
      update customers set deleted_at = now()
      where id in (select id from customers where name like 'Bulk Inactive %' order by id limit 6)`);
    expect(await page('/customer/queryList', { status: 'inactive' })).toMatchObject({ total: COUNT_CAP - 1, totalCapped: false });
    expect((await page('/customer/queryList')).total).toBe(unfilteredBefore + extra - 6);
    expect((await page('/customer/queryList')).total).toBe(await liveCustomers());
  });

  it('counts one status from its maintained counter, which follows adds, status changes and removals', async () => {
    const byStatus = async () => {
      const counted = await queryRows<{ status: string; n: string }>(
        t.db,
        sql`select status, count(*) as n from customers where deleted_at is null group by status`,
      );
      const kept = await queryRows<{ list: string; total: string }>(
        t.db,
        sql`select list, total from list_counts where list like 'customers:%'`,
      );
      return {
        counted: Object.fromEntries(counted.map((r) => [`customers:${r.status}`, Number(r.n)])),
        kept: Object.fromEntries(kept.map((r) => [r.list, Number(r.total)])),
      };
    };
    const added = await addCustomer('Status Counted', '(408) 555-7301');
    const prospects = (await page('/customer/queryList', { status: 'prospect' })).total;
    const active = (await page('/customer/queryList', { status: 'active' })).total;

    await t.db.execute(sql`update customers set status = 'active' where id = ${added.id}`);
    expect((await page('/customer/queryList', { status: 'prospect' })).total).toBe(prospects - 1);
    expect((await page('/customer/queryList', { status: 'active' })).total).toBe(active + 1);

    await t.db.execute(sql`update customers set deleted_at = now() where id = ${added.id}`);
    expect((await page('/customer/queryList', { status: 'active' })).total).toBe(active);
    const { counted, kept } = await byStatus();
    for (const status of ['prospect', 'active', 'inactive']) {
      expect(kept[`customers:${status}`], status).toBe(counted[`customers:${status}`] ?? 0);
    }
  });

  it('counts a filtered quote list exactly when under the cap', async () => {
    const sold = await page('/quote/queryList', { status: 'sold' });
    const [row] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from quotes where status = 'sold'`);
    expect(sold).toMatchObject({ total: Number(row!.n), totalCapped: false });
  });
});
