import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { ratesOf, today, userOf } from './test-support';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

describe('pay rates once wages for their dates are approved', () => {
  it('refuses a correction and a removal naming the approved period, and changes nothing', async () => {
    const rosa = await userOf(t, 'rosa.martinez');
    const userId = rosa.id;
    const approved = await t.call<{ start: string; end: string }>('/timeCard/approvePeriod', {
      token: office,
      body: { date: today(), userIds: [userId] },
    });
    expect(approved.code).toBe(0);
    const before = await t.fingerprint();
    const inForce = (await ratesOf(t, 'rosa.martinez')).filter((r) => r.effectiveFrom <= today()).at(-1)!;
    const corrected = await t.call('/sysUserPay/correct', {
      token: office,
      locale: 'en',
      body: {
        id: inForce.id,
        version: inForce.version,
        payType: 'hourly',
        rateCents: inForce.rateCents + 100,
        effectiveFrom: inForce.effectiveFrom,
        reason: 'Typo',
      },
    });
    expect(corrected).toMatchObject({
      code: Code.REFUSED,
      message: expect.stringContaining(
        `A pay-rate change from ${inForce.effectiveFrom} would change the pay of ${rosa.name} in the approved pay period ${approved.data.start} – ${approved.data.end}`,
      ),
    });
    const removed = await t.call('/sysUserPay/remove', { token: office, locale: 'en', body: { id: inForce.id, reason: 'Typo' } });
    expect(removed.code).toBe(Code.REFUSED);
    expect(await t.fingerprint()).toBe(before);
  });
});
