import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateQuotePrice, JOB_FREQUENCIES, PRICE_LINE_KINDS, type PricingParameters, type QuotePriceInput } from './pricing';

const line = fc.record({
  kind: fc.constantFrom(...PRICE_LINE_KINDS),
  quantity: fc.integer({ min: 0, max: 20 }),
  minutesEach: fc.integer({ min: 0, max: 600 }),
  unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
  taxable: fc.boolean(),
});

const params: fc.Arbitrary<PricingParameters> = fc.record({
  minutesPerPersonPer1000Sqft: fc.integer({ min: 1, max: 600 }),
  priceRangeVarianceBps: fc.integer({ min: 0, max: 5000 }),
  maxDiscountBps: fc.integer({ min: 0, max: 10_000 }),
  salesTaxBps: fc.integer({ min: 0, max: 2500 }),
});

const input: fc.Arbitrary<QuotePriceInput> = fc.record({
  houseSizeSqft: fc.integer({ min: 0, max: 20_000 }),
  lines: fc.array(line, { maxLength: 8 }),
  teamSize: fc.integer({ min: 1, max: 10 }),
  pricePerMinuteCents: fc.integer({ min: 1, max: 10_000 }),
  travelMinutes: fc.integer({ min: 0, max: 240 }),
  frequency: fc.constantFrom(...JOB_FREQUENCIES),
  couponDiscountCents: fc.integer({ min: 0, max: 200_000 }),
  discountCents: fc.integer({ min: 0, max: 200_000 }),
  flatRateCents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
});

/** cents ≤ price × bps ÷ 10,000, compared exactly (no rounding). */
const withinPercentage = (cents: number, priceCents: number, bps: number) =>
  BigInt(cents) * 10_000n <= BigInt(priceCents) * BigInt(bps);

describe('calculateQuotePrice: no discount exceeds the maximum shown', () => {
  it('a discount the calculator accepts is never above the maximum, nor above the percentage', () => {
    fc.assert(
      fc.property(input, params, (quote, p) => {
        const b = calculateQuotePrice(quote, p);
        expect(withinPercentage(b.maxDiscountCents, b.basePriceCents, p.maxDiscountBps)).toBe(true);
        if (!b.discountExceedsMax) {
          expect(b.totalDiscountCents).toBeLessThanOrEqual(b.maxDiscountCents);
          expect(b.firstVisit.discountCents).toBeLessThanOrEqual(b.maxDiscountCents);
        }
        expect(b.discountExceedsMax).toBe(b.totalDiscountCents > b.maxDiscountCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('the recurring discount never exceeds its own percentage, nor the maximum when its percentage is within the cap', () => {
    fc.assert(
      fc.property(input, params, (quote, p) => {
        const b = calculateQuotePrice(quote, p);
        expect(withinPercentage(b.recurringDiscountCents, b.basePriceCents, b.recurringDiscountBps)).toBe(true);
        if (b.recurringDiscountBps <= p.maxDiscountBps) {
          expect(b.recurringDiscountCents).toBeLessThanOrEqual(b.maxDiscountCents);
        }
        if (b.recurringVisit) {
          expect(b.recurringVisit.discountCents).toBeLessThanOrEqual(b.recurringVisit.priceCents);
          expect(b.recurringVisit.netCents).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the case of the issue: 15 % of $287.45 is $43.11 for the cap and for the biweekly discount', () => {
    // 2,000 sq ft at 90 min/1000 sq ft and $0.85 a minute = $153.00, plus a $134.45 fee = $287.45.
    const b = calculateQuotePrice(
      {
        houseSizeSqft: 2000,
        lines: [{ kind: 'fee', quantity: 1, minutesEach: 0, unitPriceCents: 13_445, taxable: false }],
        teamSize: 2,
        pricePerMinuteCents: 85,
        travelMinutes: 0,
        frequency: 'biweekly',
        couponDiscountCents: 0,
        discountCents: 0,
        flatRateCents: null,
      },
      { minutesPerPersonPer1000Sqft: 90, priceRangeVarianceBps: 1000, maxDiscountBps: 1500, salesTaxBps: 0 },
    );
    expect(b.basePriceCents).toBe(28_745);
    expect(b.maxDiscountCents).toBe(4311);
    expect(b.recurringDiscountCents).toBe(4311);
  });
});
