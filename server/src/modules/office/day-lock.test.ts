import { Code } from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { AppError } from '../../platform/errors';
import { enqueueCardCharge } from '../billing/card-queue/enqueue';
import { customers } from '../customers/customers.tables';
import { assertDaysOpen, isDayClosed } from './day-lock';
import { officeDays } from './office-days.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 0,
    (e: unknown) => (e instanceof AppError ? e.code : -1),
  );

describe('the lock of a closed day', () => {
  it('lets writes through on open or untouched days and refuses them with 10010 on a closed one', async () => {
    await t.db.insert(officeDays).values({ businessDate: '2031-03-02', status: 'closed' });
    expect(await codeOf(assertDaysOpen(t.db, ['2031-03-01', null]))).toBe(0);
    expect(await isDayClosed(t.db, '2031-03-01')).toBe(false);
    expect(await codeOf(assertDaysOpen(t.db, ['2031-03-01', '2031-03-02']))).toBe(Code.REFUSED);
    expect(await isDayClosed(t.db, '2031-03-02')).toBe(true);
    await t.db.update(officeDays).set({ status: 'open' }).where(eq(officeDays.businessDate, '2031-03-02'));
    expect(await codeOf(assertDaysOpen(t.db, ['2031-03-02']))).toBe(0);
  });
});

describe('queueing a card charge', () => {
  it('copies the saved card and makes one idempotency key; refuses a customer without a card or a closed day', async () => {
    const [customer] = await t.db.select({ id: customers.id }).from(customers).limit(1);
    await t.db
      .update(customers)
      .set({ cardBrand: 'visa', cardLast4: '4242', cardExpMonth: 12, cardExpYear: 2030, cardVendorToken: 'pm_card_visa' })
      .where(eq(customers.id, customer!.id));
    const a = await enqueueCardCharge(t.db, { customerId: customer!.id, serviceDate: '2031-04-01', amountCents: 12_345 }, 1);
    const b = await enqueueCardCharge(t.db, { customerId: customer!.id, serviceDate: '2031-04-01', amountCents: 500 }, 1);
    expect(a).toMatchObject({ status: 'pending', cardLast4: '4242', cardVendorToken: 'pm_card_visa', amountCents: 12_345 });
    expect(a.serial).toMatch(/^CQ-3104-\d{4}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);

    await t.db.update(customers).set({ cardVendorToken: '' }).where(eq(customers.id, customer!.id));
    expect(
      await codeOf(enqueueCardCharge(t.db, { customerId: customer!.id, serviceDate: '2031-04-01', amountCents: 1 }, 1)),
    ).toBe(Code.REFUSED);
    await t.db.update(customers).set({ cardVendorToken: 'pm_card_visa' }).where(eq(customers.id, customer!.id));
    await t.db.insert(officeDays).values({ businessDate: '2031-04-02', status: 'closed' });
    expect(
      await codeOf(enqueueCardCharge(t.db, { customerId: customer!.id, serviceDate: '2031-04-02', amountCents: 1 }, 1)),
    ).toBe(Code.REFUSED);
  });
});
