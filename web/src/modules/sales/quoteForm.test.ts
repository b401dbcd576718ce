import { calculateQuotePrice, type Quote, type QuoteCalcContext } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { centsFromText, EMPTY_QUOTE, fromQuote, intFromText, toPriceInput, toQuoteRequest } from './quoteForm';

const context: QuoteCalcContext = {
  quoteDate: '2025-03-01',
  parameters: {
    minutesPerPersonPer1000Sqft: 90,
    priceRangeVarianceBps: 1000,
    maxDiscountBps: 1500,
    salesTaxBps: 925,
    defaultTeamSize: 2,
    defaultPricePerMinuteCents: 85,
  },
  priceItems: [
    { priceItemId: 1, kind: 'item', nameEn: 'Bedroom', nameZh: '卧室', taxable: false, minutesEach: 15, unitPriceCents: 0 },
    { priceItemId: 2, kind: 'item', nameEn: 'Bathroom', nameZh: '浴室', taxable: false, minutesEach: 25, unitPriceCents: 0 },
    { priceItemId: 3, kind: 'item', nameEn: 'Kitchen', nameZh: '厨房', taxable: false, minutesEach: 30, unitPriceCents: 0 },
    {
      priceItemId: 4,
      kind: 'addon',
      nameEn: 'Inside fridge',
      nameZh: '冰箱',
      taxable: false,
      minutesEach: 30,
      unitPriceCents: 0,
    },
    {
      priceItemId: 5,
      kind: 'fee',
      nameEn: 'Eco supplies',
      nameZh: '环保用品',
      taxable: true,
      minutesEach: 0,
      unitPriceCents: 500,
    },
  ],
  recurringDiscountBps: { one_time: 0, weekly: 2000, biweekly: 1500, every_four_weeks: 1000, monthly: 1000 },
};

/** Worked example 1 of docs/business-rules.md, as the form holds it (text as typed, dollars). */
const example = {
  ...EMPTY_QUOTE,
  customerName: 'Ana Example',
  phone1: '650-555-0100',
  address1: '1 Main Street',
  zip: '94010',
  houseType: 'house' as const,
  houseSizeSqft: '2,000.00',
  items: [{ priceItemId: 1, quantity: '3.00' }, { priceItemId: 2, quantity: '2' }, { priceItemId: 3, quantity: '' }, {}],
  extras: [
    { priceItemId: 4, quantity: '1.00' },
    { priceItemId: 5, quantity: '1.00' },
  ],
  frequency: 'biweekly' as const,
  couponDiscount: '20.00',
  discount: '10',
};

describe('quote form converters', () => {
  it('reads numeric text as the numeric rule leaves it', () => {
    expect(intFromText('2,000.00')).toBe(2000);
    expect(intFromText('2.5')).toBeNull();
    expect(intFromText('7.50')).toBeNull();
    expect(intFromText('')).toBeNull();
    expect(intFromText('abc')).toBeNull();
    expect(centsFromText('0.85')).toBe(85);
    expect(centsFromText('$1,234.5')).toBe(123_450);
    expect(centsFromText('-3')).toBeNull();
  });

  it('prices worked example 1 through the form values, with the parameter defaults', () => {
    const input = toPriceInput(example, context);
    expect(input).toMatchObject({ houseSizeSqft: 2000, teamSize: 2, pricePerMinuteCents: 85, couponDiscountCents: 2000 });
    // An empty quantity counts 1; a line without an item is left out.
    expect(input.lines.map((l) => l.quantity)).toEqual([3, 2, 1, 1, 1]);
    const breakdown = calculateQuotePrice(input, context.parameters);
    expect(breakdown.calculatedPriceCents).toBe(28_975);
    expect(breakdown.inHomeMinutes).toBe(168);
    expect(breakdown.finalOfferCents).toBe(26_016);
    expect(breakdown.recurringVisit?.totalCents).toBe(23_667);
  });

  it('builds the request without figures or any card field, and reads a saved quote back', () => {
    const request = toQuoteRequest({ ...example, teamSize: '', flatRate: '250.00' });
    expect(request).toMatchObject({
      houseSizeSqft: 2000,
      teamSize: null,
      pricePerMinuteCents: null,
      flatRateCents: 25_000,
      couponDiscountCents: 2000,
      discountCents: 1000,
      lines: [
        { priceItemId: 1, quantity: 3 },
        { priceItemId: 2, quantity: 2 },
        { priceItemId: 3, quantity: 1 },
        { priceItemId: 4, quantity: 1 },
        { priceItemId: 5, quantity: 1 },
      ],
    });
    expect(request).not.toHaveProperty('finalOfferCents');
    // The card on file comes only from the gateway capture; the server refuses card fields.
    expect(Object.keys(request).filter((key) => /card|token/i.test(key))).toEqual([]);

    const saved = {
      ...request,
      phone2: '',
      phone3: '',
      preferredTeam: null,
      occupants: 4,
      teamSize: 3,
      pricePerMinuteCents: 90,
      travelMinutes: 15,
      lines: context.priceItems.map((item) => ({ ...item, quantity: 2, totalMinutes: 0, amountCents: 0 })),
    } as unknown as Quote;
    const values = fromQuote(saved);
    expect(values).toMatchObject({ houseSizeSqft: '2000.00', teamSize: '3.00', pricePerMinute: '0.90', flatRate: '250.00' });
    expect(values.items.map((l) => l.priceItemId)).toEqual([1, 2, 3]);
    expect(values.extras.map((l) => l.priceItemId)).toEqual([4, 5]);
    expect(toQuoteRequest(values).lines).toHaveLength(5);
  });
});
