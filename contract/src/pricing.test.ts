import { describe, expect, it } from 'vitest';
import {
  calculateQuotePrice,
  divRoundHalfUp,
  mulDivFloor,
  mulDivRoundHalfUp,
  type PriceLineInput,
  type PricingParameters,
  type QuotePriceInput,
} from './pricing';

/** The parameters of the worked examples in docs/business-rules.md. */
const PARAMS: PricingParameters = {
  minutesPerPersonPer1000Sqft: 90,
  priceRangeVarianceBps: 1000,
  maxDiscountBps: 1500,
  salesTaxBps: 925,
};

const LINES: PriceLineInput[] = [
  { kind: 'item', quantity: 3, minutesEach: 15, unitPriceCents: 0, taxable: false }, // bedrooms
  { kind: 'item', quantity: 2, minutesEach: 25, unitPriceCents: 0, taxable: false }, // bathrooms
  { kind: 'item', quantity: 1, minutesEach: 30, unitPriceCents: 0, taxable: false }, // kitchen
  { kind: 'addon', quantity: 1, minutesEach: 30, unitPriceCents: 0, taxable: false }, // inside fridge
  { kind: 'fee', quantity: 1, minutesEach: 0, unitPriceCents: 500, taxable: true }, // eco supplies
];

const EXAMPLE: QuotePriceInput = {
  houseSizeSqft: 2000,
  lines: LINES,
  teamSize: 2,
  pricePerMinuteCents: 85,
  travelMinutes: 25,
  frequency: 'biweekly',
  couponDiscountCents: 2000,
  discountCents: 1000,
  flatRateCents: null,
};

describe('rounding helpers', () => {
  it('round half up, exactly, beyond the safe range of a float product', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(4, 3)).toBe(1);
    expect(divRoundHalfUp(5, 3)).toBe(2);
    expect(mulDivRoundHalfUp(200, 925, 10_000)).toBe(19); // 18.5
    expect(mulDivRoundHalfUp(199, 925, 10_000)).toBe(18); // 18.4075
    expect(mulDivFloor(28_975, 1500, 10_000)).toBe(4346); // 4346.25
    // 9e15 × 3 overflows a float's exact range; BigInt keeps it exact.
    expect(mulDivRoundHalfUp(9_000_000_000_000_000, 3, 9)).toBe(3_000_000_000_000_000);
  });
});

describe('calculateQuotePrice: worked example 1 (docs/business-rules.md)', () => {
  const result = calculateQuotePrice(EXAMPLE, PARAMS);

  it('derives labour from house size and the lines, and the time on site from the team', () => {
    expect(result.baseMinutes).toBe(180); // 90 × 2000 / 1000
    expect(result.itemMinutes).toBe(125); // 45 + 50 + 30
    expect(result.addonMinutes).toBe(30);
    expect(result.feeMinutes).toBe(0);
    expect(result.labourMinutes).toBe(335);
    expect(result.inHomeMinutes).toBe(168); // 335 / 2 = 167.5, rounded up
    expect(result.travelMinutes).toBe(25);
    expect(result.hourlyRateCents).toBe(5100);
  });

  it('prices the minutes, adds the fixed charges, and gives the range', () => {
    expect(result.labourCents).toBe(28_475); // 335 × 85
    expect(result.fixedChargesCents).toBe(500);
    expect(result.calculatedPriceCents).toBe(28_975);
    expect(result.taxableSubtotalCents).toBe(500);
    expect(result.rangeLowCents).toBe(26_077); // variance 2897.5 → 2898
    expect(result.rangeHighCents).toBe(31_873);
    expect(result.lines.map((l) => l.amountCents)).toEqual([15_300, 3825, 4250, 2550, 2550, 500]);
  });

  it('applies coupon and discount within the cap, then tax on the taxable share', () => {
    expect(result.maxDiscountCents).toBe(4346); // 15 % of 289.75, rounded down
    expect(result.discountExceedsMax).toBe(false);
    expect(result.firstVisit).toEqual({
      priceCents: 28_975,
      discountCents: 3000,
      netCents: 25_975,
      taxableCents: 448, // 500 × 25975 / 28975 = 448.2
      taxCents: 41, // 448 × 9.25 % = 41.44
      totalCents: 26_016,
    });
    expect(result.finalOfferCents).toBe(26_016);
  });

  it('prices later visits of a recurring plan with the recurring discount, without the coupon', () => {
    expect(result.recurringDiscountBps).toBe(1500);
    expect(result.recurringDiscountCents).toBe(4346); // 4346.25
    expect(result.recurringVisit).toEqual({
      priceCents: 28_975,
      discountCents: 5346, // recurring 4346 + manual 1000
      netCents: 23_629,
      taxableCents: 408, // 407.7
      taxCents: 38, // 37.74
      totalCents: 23_667,
    });
  });
});

describe('calculateQuotePrice: edge cases', () => {
  it('prices a zero-size house with no lines at zero, and refuses any discount on it', () => {
    const zero = calculateQuotePrice(
      { ...EXAMPLE, houseSizeSqft: 0, lines: [], couponDiscountCents: 0, discountCents: 0, frequency: 'one_time' },
      PARAMS,
    );
    expect(zero).toMatchObject({
      labourMinutes: 0,
      inHomeMinutes: 0,
      calculatedPriceCents: 0,
      rangeLowCents: 0,
      rangeHighCents: 0,
      maxDiscountCents: 0,
      finalOfferCents: 0,
      recurringVisit: null,
      discountExceedsMax: false,
    });
    expect(
      calculateQuotePrice({ ...EXAMPLE, houseSizeSqft: 0, lines: [], couponDiscountCents: 0, discountCents: 1 }, PARAMS),
    ).toMatchObject({ discountExceedsMax: true, finalOfferCents: 0 });
  });

  it('allows a discount of exactly the maximum, and flags one cent more', () => {
    const at = calculateQuotePrice({ ...EXAMPLE, couponDiscountCents: 0, discountCents: 4346 }, PARAMS);
    expect(at.discountExceedsMax).toBe(false);
    expect(at.firstVisit.netCents).toBe(28_975 - 4346);
    const over = calculateQuotePrice({ ...EXAMPLE, couponDiscountCents: 4000, discountCents: 347 }, PARAMS);
    expect(over.totalDiscountCents).toBe(4347);
    expect(over.discountExceedsMax).toBe(true);
  });

  it('never discounts below zero, even with a 100 % maximum', () => {
    const all = calculateQuotePrice(
      { ...EXAMPLE, couponDiscountCents: 10_000, discountCents: 30_000, frequency: 'weekly' },
      { ...PARAMS, maxDiscountBps: 10_000 },
    );
    expect(all.discountExceedsMax).toBe(true);
    expect(all.firstVisit).toMatchObject({ discountCents: 28_975, netCents: 0, taxCents: 0, totalCents: 0 });
    expect(all.recurringVisit!.netCents).toBe(0);
  });

  it('lets a flat rate replace the calculated price; the range and the recurring discount ignore it (example 2)', () => {
    const flat = calculateQuotePrice(
      { ...EXAMPLE, flatRateCents: 25_000, couponDiscountCents: 0, discountCents: 0, frequency: 'weekly' },
      PARAMS,
    );
    expect(flat.calculatedPriceCents).toBe(28_975);
    expect(flat.rangeLowCents).toBe(26_077);
    expect(flat.basePriceCents).toBe(25_000);
    expect(flat.maxDiscountCents).toBe(3750);
    expect(flat.recurringDiscountBps).toBe(0);
    // Taxable share 500 × 25000 / 28975 = 431.4 → 431; tax 39.87 → 40.
    expect(flat.firstVisit).toEqual({
      priceCents: 25_000,
      discountCents: 0,
      netCents: 25_000,
      taxableCents: 431,
      taxCents: 40,
      totalCents: 25_040,
    });
    expect(flat.recurringVisit).toEqual(flat.firstVisit);
  });

  it('taxes a flat rate on a quote with no calculated price at zero (no taxable share)', () => {
    const flat = calculateQuotePrice(
      { ...EXAMPLE, houseSizeSqft: 0, lines: [], flatRateCents: 9900, couponDiscountCents: 0, discountCents: 0 },
      PARAMS,
    );
    expect(flat.firstVisit).toMatchObject({ netCents: 9900, taxCents: 0, totalCents: 9900 });
  });

  it('taxes only taxable lines', () => {
    const lines: PriceLineInput[] = [
      { kind: 'addon', quantity: 2, minutesEach: 10, unitPriceCents: 1000, taxable: true }, // 2×(10×100) + 2×1000 = 4000
      { kind: 'fee', quantity: 1, minutesEach: 0, unitPriceCents: 1500, taxable: false },
    ];
    const input: QuotePriceInput = {
      ...EXAMPLE,
      houseSizeSqft: 1000,
      lines,
      pricePerMinuteCents: 100,
      couponDiscountCents: 0,
      discountCents: 0,
      frequency: 'one_time',
    };
    const taxed = calculateQuotePrice(input, PARAMS);
    expect(taxed.calculatedPriceCents).toBe(9000 + 4000 + 1500);
    expect(taxed.taxableSubtotalCents).toBe(4000);
    expect(taxed.firstVisit.taxCents).toBe(370); // 4000 × 9.25 %
    const untaxed = calculateQuotePrice({ ...input, lines: lines.map((l) => ({ ...l, taxable: false })) }, PARAMS);
    expect(untaxed.firstVisit.taxCents).toBe(0);
    expect(calculateQuotePrice(input, { ...PARAMS, salesTaxBps: 0 }).firstVisit.taxCents).toBe(0);
  });

  it('rounds base minutes half up and the time on site up', () => {
    const params = { ...PARAMS, minutesPerPersonPer1000Sqft: 100 };
    const base = (sqft: number) => calculateQuotePrice({ ...EXAMPLE, houseSizeSqft: sqft, lines: [] }, params).baseMinutes;
    expect(base(1004)).toBe(100); // 100.4
    expect(base(1005)).toBe(101); // 100.5
    const onSite = (team: number) =>
      calculateQuotePrice({ ...EXAMPLE, houseSizeSqft: 1000, lines: [], teamSize: team }, params).inHomeMinutes;
    expect(onSite(1)).toBe(100);
    expect(onSite(3)).toBe(34); // 33.3 → 34
    expect(onSite(4)).toBe(25);
  });

  it('gives every frequency its recurring discount', () => {
    const at = (frequency: QuotePriceInput['frequency']) =>
      calculateQuotePrice({ ...EXAMPLE, frequency, couponDiscountCents: 0, discountCents: 0 }, PARAMS).recurringVisit?.netCents ??
      null;
    expect(at('one_time')).toBeNull();
    expect(at('weekly')).toBe(28_975 - 5795); // 20 %
    expect(at('biweekly')).toBe(28_975 - 4346); // 15 %
    expect(at('every_four_weeks')).toBe(28_975 - 2897); // 10 %: 2897.5 → 2897 (rounded down, like the cap)
    expect(at('monthly')).toBe(28_975 - 2897);
  });

  it('refuses impossible inputs rather than pricing them', () => {
    expect(() => calculateQuotePrice({ ...EXAMPLE, teamSize: 0 }, PARAMS)).toThrow(RangeError);
    expect(() => calculateQuotePrice({ ...EXAMPLE, houseSizeSqft: -1 }, PARAMS)).toThrow(RangeError);
    expect(() => calculateQuotePrice({ ...EXAMPLE, pricePerMinuteCents: 8.5 }, PARAMS)).toThrow(RangeError);
  });
});
