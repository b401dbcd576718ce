import { Code, type QuoteSaveResponse } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { queryRows } from '../../platform/database';
import { customerWith, quoteBody } from '../customers/customers.fixtures';
import { customerLocations, customerPreferences, customers } from '../customers/customers.tables';
import { teams } from '../employees/employees.tables';
import { auditLog } from '../system/system.tables';
import { registerConversionStep } from './conversion';
import { quotes } from './sales.tables';

let t: TestApp;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await t.loginAs('sales');
});
afterAll(() => t.close());

const add = async (overrides: Record<string, unknown> = {}) => {
  const result = await t.call<QuoteSaveResponse>('/quote/add', { token: sales, body: await quoteBody(t, overrides) });
  expect(result.code).toBe(Code.OK);
  return result.data;
};
const sell = (id: number, version = 1) =>
  t.call<{ customerId: number; locationId: number; status: string }>('/quote/changeStatus', {
    token: sales,
    body: { id, version, status: 'sold' },
  });

describe('sold conversion', () => {
  it('creates the active customer, its service location and preferences, and links the quote (never its card)', async () => {
    const [team] = await t.db.select().from(teams).limit(1);
    const quote = await add({
      customerName: 'Meiling Lin',
      phone1: '(650) 555-8101',
      phone2: '(415) 555-8102',
      email: 'meiling.lin@example.com',
      address1: '77 Ralston Ave',
      address2: 'Unit 4',
      city: 'Belmont',
      zip: '94002',
      language: 'zh',
      source: 'referral',
      channel: 'Nextdoor',
      customerNote: 'Referred by the Chens',
      houseType: 'townhouse',
      houseSizeSqft: 1600,
      frequency: 'weekly',
      teamNote: 'Shoes off at the door',
      jobNote: 'Skip the garage',
      preferredTeamId: team!.id,
    });
    // A quote row holding a card from before cards were refused on quotes: it does not reach the customer.
    await t.db
      .update(quotes)
      .set({
        cardBrand: 'mastercard',
        cardLast4: '4444',
        cardExpMonth: 3,
        cardExpYear: 2030,
        cardVendorToken: 'pm_card_mastercard',
      })
      .where(eq(quotes.id, quote.id));
    const result = await sell(quote.id);
    expect(result.code).toBe(Code.OK);
    const { customerId, locationId } = result.data;

    const [customer] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({
      name: 'Meiling Lin',
      status: 'active',
      phone1: '(650) 555-8101',
      phone2: '(415) 555-8102',
      email: 'meiling.lin@example.com',
      language: 'zh',
      source: 'referral',
      channel: 'Nextdoor',
      note: 'Referred by the Chens',
      serviceTeamId: team!.id,
      quoteId: quote.id,
      address1: '77 Ralston Ave',
      zip: '94002',
      cardBrand: null,
      cardLast4: null,
      cardVendorToken: '',
      createdBy: expect.any(Number),
    });
    const [location] = await t.db.select().from(customerLocations).where(eq(customerLocations.id, locationId));
    expect(location).toMatchObject({
      customerId,
      name: 'Home',
      address1: '77 Ralston Ave',
      address2: 'Unit 4',
      city: 'Belmont',
      zip: '94002',
      primaryContact: 'Meiling Lin',
      houseType: 'townhouse',
      sqft: 1600,
      isPrimary: true,
      zoneId: quote.zone?.id ?? null,
    });
    const [prefs] = await t.db.select().from(customerPreferences).where(eq(customerPreferences.customerId, customerId));
    expect(prefs).toMatchObject({
      frequency: 'weekly',
      preferredTeamId: team!.id,
      noteDirections: 'Shoes off at the door\nSkip the garage',
    });
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'sold', customerId });

    const detail = await t.call<{ quote: { reference: string }; counts: { locations: number; quotes: number } }>(
      '/customer/detail',
      {
        token: sales,
        body: { id: customerId },
      },
    );
    expect(detail.data.quote.reference).toBe(quote.reference);
    expect(detail.data.counts).toMatchObject({ locations: 1, quotes: 1 });
    const list = await t.call<{ list: { id: number }[] }>('/customer/queryList', {
      token: sales,
      body: { keyword: '650 555 8101' },
    });
    expect(list.data.list.map((c) => c.id)).toEqual([customerId]);
    const entries = await t.db
      .select({ action: auditLog.action, module: auditLog.module })
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'customer'), eq(auditLog.recordId, customerId)));
    expect(entries).toEqual([{ module: 'customers', action: 'add' }]);
  });

  it('is atomic: a failing step leaves no customer, no location and the quote pending', async () => {
    const quote = await add({ customerName: 'Atomic Test', phone1: '(650) 555-8201', address1: '5 Cypress Ave' });
    let reached = 0;
    const unregister = registerConversionStep(async ({ tx, customerId }) => {
      // The customer exists inside the transaction when the later step (the service plan) runs…
      const [inside] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      reached = inside!.id;
      throw new Error('service plan could not be created');
    });
    const before = await t.fingerprint();
    try {
      const result = await sell(quote.id);
      expect(result.code).toBe(Code.SERVER_ERROR);
    } finally {
      unregister();
    }
    expect(reached).toBeGreaterThan(0);
    // …and nothing of it is left after the failure.
    expect(await t.fingerprint()).toBe(before);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'pending', customerId: null, version: 1 });
    expect(await t.db.select().from(customers).where(eq(customers.id, reached))).toEqual([]);
    // Without the failing step the same sale goes through.
    expect((await sell(quote.id)).code).toBe(Code.OK);
  });

  it('reuses the customer of a quote made for an existing one: activated, a new address becomes a location', async () => {
    const existing = await customerWith(t, `status = 'inactive'`);
    const [{ n: before }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from customer_locations where customer_id = ${existing.id} and deleted_at is null`,
    )) as [{ n: number }];
    const quote = await add({ customerId: existing.id, customerName: existing.name, address1: '4100 Bascom Ave', zip: '95125' });
    const result = await sell(quote.id);
    expect(result.data.customerId).toBe(existing.id);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, existing.id));
    expect(customer!.status).toBe('active');
    const locations = await t.db
      .select()
      .from(customerLocations)
      .where(and(eq(customerLocations.customerId, existing.id), sql`${customerLocations.deletedAt} is null`));
    expect(locations).toHaveLength(Number(before) + 1);
    expect(locations.find((l) => l.id === result.data.locationId)).toMatchObject({
      address1: '4100 Bascom Ave',
      isPrimary: false,
    });
    // Selling a second quote for the same address adds no second location.
    const again = await add({
      customerId: existing.id,
      customerName: existing.name,
      address1: '4100 bascom avenue',
      zip: '95125',
    });
    expect((await sell(again.id)).data.locationId).toBe(result.data.locationId);
  });
});
