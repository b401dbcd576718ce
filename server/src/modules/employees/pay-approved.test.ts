import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { ratesOf, today } from './test-support';

// Wage approval does not exist yet: this file stands in for its answer to test the refusal path.
vi.mock('./pay-periods', () => ({ isPayPeriodApproved: vi.fn(async () => true) }));

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

describe('pay rates once wages for their dates are approved', () => {
  it('refuses a correction and a removal with the reason, and changes nothing', async () => {
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
      message: `Wages for ${inForce.effectiveFrom} are already approved: this pay rate can no longer be corrected or removed.`,
    });
    const removed = await t.call('/sysUserPay/remove', { token: office, locale: 'en', body: { id: inForce.id, reason: 'Typo' } });
    expect(removed.code).toBe(Code.REFUSED);
    expect(await t.fingerprint()).toBe(before);
  });
});
