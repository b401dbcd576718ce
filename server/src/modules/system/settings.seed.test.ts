import { PGlite } from '@electric-sql/pglite';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/fixtures';
import { type Database, wrapPglite } from '../../platform/database';
import { seed } from '../../seed/seed';
import { DEFAULT_QUOTE_PARAMS } from './params.service';
import { disclaimers, laborTypes, paymentParameters, priceItems, quoteParameters, zones } from './settings.tables';

/** A business started without demo data still has the settings every screen reads (engine-neutral: PGlite only). */
let database: Database;

const rows = async (table: typeof priceItems | typeof zones | typeof disclaimers | typeof laborTypes) =>
  Number((await database.db.select({ n: count() }).from(table))[0]!.n);

describe.skipIf(process.env.TEST_ENGINE === 'postgres')('seed without demo data', () => {
  beforeAll(async () => {
    database = wrapPglite(await PGlite.create());
    await database.migrate();
    await database.db.transaction((tx) => seed(tx, { adminPassword: TEST_PASSWORD, demo: false }));
  });
  afterAll(() => database.close());

  it('creates the quote and payment parameter rows with defaults, and the labor types', async () => {
    const [quote] = await database.db.select().from(quoteParameters).where(eq(quoteParameters.id, 1));
    expect(quote).toMatchObject(DEFAULT_QUOTE_PARAMS);
    const [payment] = await database.db.select().from(paymentParameters).where(eq(paymentParameters.id, 1));
    expect(payment).toMatchObject({ accountId: '', apiAccessKeyEncrypted: null, cardTypes: ['visa', 'mastercard'] });
    expect(await rows(laborTypes)).toBe(6);
  });

  it('adds no demo price list, zones or disclaimers', async () => {
    expect(await rows(priceItems)).toBe(0);
    expect(await rows(zones)).toBe(0);
    expect(await rows(disclaimers)).toBe(0);
  });

  it('changes nothing when run again on the next start', async () => {
    await database.db.update(laborTypes).set({ defaultHourlyRateCents: 3000 });
    await database.db.transaction((tx) => seed(tx, { demo: true }));
    expect(await rows(laborTypes)).toBe(6);
    expect(await rows(priceItems)).toBe(0);
    const [first] = await database.db.select().from(laborTypes).limit(1);
    expect(first!.defaultHourlyRateCents).toBe(3000);
  });
});
