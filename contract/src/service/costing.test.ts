import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CostingInput, calculateJobCosting } from './costing';

const base: CostingInput = {
  lines: [],
  pricePerMinuteCents: 100,
  flatRateCents: null,
  couponCents: 0,
  discountCents: 0,
  salesTaxBps: 0,
  members: [],
};

describe('calculateJobCosting: the worked examples of docs/business-rules.md "Job costing"', () => {
  it('example 1: lines, a coupon, tax on the taxable line only, two cleaners', () => {
    const costing = calculateJobCosting({
      ...base,
      lines: [
        { quantity: 1, minutesEach: 180, unitPriceCents: 0, taxable: false, free: false }, // base clean: 180 × $1.00
        { quantity: 2, minutesEach: 15, unitPriceCents: 500, taxable: false, free: false }, // 2 × (15 × $1 + $5) = $40
        { quantity: 1, minutesEach: 0, unitPriceCents: 1_299, taxable: true, free: false }, // supplies fee $12.99
      ],
      couponCents: 2_000,
      salesTaxBps: 725,
      members: [
        { plannedMinutes: 150, hourlyRateCents: 2_200 },
        { plannedMinutes: 150, hourlyRateCents: 1_900 },
      ],
    });
    expect(costing.lineAmountsCents).toEqual([18_000, 4_000, 1_299]);
    expect(costing.lineMinutes).toBe(210);
    expect(costing.revenueCents).toBe(23_299);
    expect(costing.discountsCents).toBe(2_000);
    expect(costing.subtotalCents).toBe(21_299);
    // Taxable share: 1,299 × 21,299 ÷ 23,299 = 1,187.49… → 1,187; tax 1,187 × 7.25 % = 86.06 → 86.
    expect(costing.taxableCents).toBe(1_187);
    expect(costing.taxesCents).toBe(86);
    expect(costing.invoiceTotalCents).toBe(21_385);
    // Labor: 150 min × $22/h = $55.00, 150 min × $19/h = $47.50.
    expect(costing.projectedLaborCents).toBe(10_250);
    expect(costing.profitLossCents).toBe(11_049);
  });

  it('example 2: a flat rate replaces the lines; a free line counts its time, not its price', () => {
    const costing = calculateJobCosting({
      ...base,
      lines: [
        { quantity: 1, minutesEach: 120, unitPriceCents: 0, taxable: true, free: false },
        { quantity: 1, minutesEach: 30, unitPriceCents: 1_000, taxable: true, free: true },
      ],
      flatRateCents: 15_000,
      discountCents: 500,
      salesTaxBps: 1_000,
      members: [{ plannedMinutes: 125, hourlyRateCents: 2_000 }],
    });
    expect(costing.lineAmountsCents).toEqual([12_000, 0]);
    expect(costing.lineMinutes).toBe(150);
    expect(costing.revenueCents).toBe(15_000);
    expect(costing.subtotalCents).toBe(14_500);
    expect(costing.taxableCents).toBe(14_500);
    expect(costing.taxesCents).toBe(1_450);
    expect(costing.invoiceTotalCents).toBe(15_950);
    // 125 min × $20/h = 41.666… → $41.67 (half up).
    expect(costing.projectedLaborCents).toBe(4_167);
    expect(costing.profitLossCents).toBe(10_333);
  });

  it('example 3: a discount larger than the revenue stops at zero; a re-clean (all free) is a loss', () => {
    const costing = calculateJobCosting({
      ...base,
      lines: [{ quantity: 1, minutesEach: 90, unitPriceCents: 0, taxable: true, free: true }],
      discountCents: 5_000,
      salesTaxBps: 725,
      members: [{ plannedMinutes: 90, hourlyRateCents: 2_000 }],
    });
    expect(costing.revenueCents).toBe(0);
    expect(costing.discountsCents).toBe(0);
    expect(costing.taxesCents).toBe(0);
    expect(costing.invoiceTotalCents).toBe(0);
    expect(costing.profitLossCents).toBe(-3_000);
  });

  it('rounds tax half up once per invoice', () => {
    // Taxable $10.10 at 7.25 % = 73.225 cents → 73; $10.30 → 74.675 → 75.
    const tax = (cents: number) =>
      calculateJobCosting({
        ...base,
        lines: [{ quantity: 1, minutesEach: 0, unitPriceCents: cents, taxable: true, free: false }],
        salesTaxBps: 725,
      }).taxesCents;
    expect(tax(1_010)).toBe(73);
    expect(tax(1_030)).toBe(75);
    expect(tax(200)).toBe(15); // 14.5 → 15
  });

  it('refuses negative or fractional figures instead of costing them', () => {
    expect(() =>
      calculateJobCosting({
        ...base,
        lines: [{ quantity: -1, minutesEach: 10, unitPriceCents: 0, taxable: false, free: false }],
      }),
    ).toThrow(RangeError);
    expect(() => calculateJobCosting({ ...base, couponCents: 1.5 })).toThrow(RangeError);
  });
});

const cents = (max: number) => fc.integer({ min: 0, max });
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 20 }),
  minutesEach: cents(600),
  unitPriceCents: cents(50_000),
  taxable: fc.boolean(),
  free: fc.boolean(),
});
const input: fc.Arbitrary<CostingInput> = fc.record({
  lines: fc.array(line, { maxLength: 12 }),
  pricePerMinuteCents: cents(500),
  flatRateCents: fc.option(cents(500_000), { nil: null }),
  couponCents: cents(50_000),
  discountCents: cents(50_000),
  salesTaxBps: cents(2_000),
  members: fc.array(fc.record({ plannedMinutes: cents(720), hourlyRateCents: cents(10_000) }), { maxLength: 6 }),
});

describe('calculateJobCosting: totals always add up to the cent', () => {
  it('revenue − discounts = subtotal; subtotal + taxes = invoice; subtotal − labor = profit', () => {
    fc.assert(
      fc.property(input, (i) => {
        const c = calculateJobCosting(i);
        for (const v of Object.values(c).flat()) expect(Number.isSafeInteger(v)).toBe(true);
        expect(c.revenueCents - c.discountsCents).toBe(c.subtotalCents);
        expect(c.subtotalCents + c.taxesCents).toBe(c.invoiceTotalCents);
        expect(c.subtotalCents - c.projectedLaborCents).toBe(c.profitLossCents);
        expect(c.subtotalCents).toBeGreaterThanOrEqual(0);
        expect(c.taxableCents).toBeLessThanOrEqual(c.subtotalCents);
      }),
    );
  });

  it('without a flat rate the revenue is the sum of the line amounts, free lines 0', () => {
    fc.assert(
      fc.property(input, (i) => {
        const c = calculateJobCosting({ ...i, flatRateCents: null });
        expect(c.lineAmountsCents.reduce((a, b) => a + b, 0)).toBe(c.revenueCents);
        i.lines.forEach((l, k) => {
          if (l.free) expect(c.lineAmountsCents[k]).toBe(0);
        });
      }),
    );
  });

  it('labor is the sum of each member rounded half up, and never depends on prices', () => {
    fc.assert(
      fc.property(input, (i) => {
        const c = calculateJobCosting(i);
        const each = i.members.map((m) => Math.floor((m.plannedMinutes * m.hourlyRateCents * 2 + 60) / 120));
        expect(c.projectedLaborCents).toBe(each.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('with no taxable line there is no tax; with all lines taxable the whole subtotal is taxed', () => {
    fc.assert(
      fc.property(input, fc.boolean(), (i, taxable) => {
        const lines = i.lines.map((l) => ({ ...l, taxable }));
        const c = calculateJobCosting({ ...i, lines });
        if (!taxable) expect(c.taxesCents).toBe(0);
        else if (lines.some((l) => !l.free && l.quantity * (l.minutesEach * i.pricePerMinuteCents + l.unitPriceCents) > 0))
          expect(c.taxableCents).toBe(c.subtotalCents);
      }),
    );
  });
});
