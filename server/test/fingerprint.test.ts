import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/modules/customers/customers.tables';
import { queryRows } from '../src/platform/database';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The guard tests' "nothing changed" rests on this fingerprint: it must see every kind of write. */
describe('the database fingerprint of the guard tests', () => {
  it('stays the same over reads and changes on an update that writes back the same value', async () => {
    const before = await t.fingerprint();
    const [customer] = await t.db.select().from(customers).limit(1);
    expect(await t.fingerprint()).toBe(before);
    await t.db.update(customers).set({ name: customer!.name }).where(eq(customers.id, customer!.id));
    expect(await t.fingerprint()).not.toBe(before);
  });

  it('changes on a delete of an old row, which leaves the highest row version in place', async () => {
    const before = await t.fingerprint();
    const deleted = await queryRows<{ id: number }>(
      t.db,
      sql`delete from quote_history where id = (select min(id) from quote_history) returning id`,
    );
    expect(deleted).toHaveLength(1);
    expect(await t.fingerprint()).not.toBe(before);
  });

  it('stays the same when a failed transaction is rolled back', async () => {
    const before = await t.fingerprint();
    const [customer] = await t.db.select().from(customers).limit(1);
    await t.db
      .transaction(async (tx) => {
        await tx.update(customers).set({ name: 'rolled back' }).where(eq(customers.id, customer!.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await t.fingerprint()).toBe(before);
  });
});
