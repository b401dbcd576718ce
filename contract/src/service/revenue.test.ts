import { describe, expect, it } from 'vitest';
import { jobRevenueCents } from './revenue';

describe('jobRevenueCents (docs/business-rules.md "Revenue")', () => {
  it('is the subtotal of a job that happens, whatever its cancel fee field holds', () => {
    for (const status of ['unscheduled', 'scheduled', 'completed', 'uncompleted', 'closed'] as const) {
      expect(jobRevenueCents({ status, subtotalCents: 25_360, cancelFeeCents: 4_000 })).toBe(25_360);
    }
  });

  it('is the cancel fee alone of a cancelled job, and 0 for a skipped visit (no fee)', () => {
    expect(jobRevenueCents({ status: 'cancelled', subtotalCents: 27_500, cancelFeeCents: 4_000 })).toBe(4_000);
    expect(jobRevenueCents({ status: 'cancelled', subtotalCents: 27_500, cancelFeeCents: 0 })).toBe(0);
  });
});
