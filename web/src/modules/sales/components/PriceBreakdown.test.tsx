import { screen } from '@testing-library/react';
import { calculateQuotePrice } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { PriceBreakdown } from './PriceBreakdown';

// 3 bedrooms of 15 minutes at $0.85 a minute, with an item price of $30.00 each on the price list.
const breakdown = calculateQuotePrice(
  {
    houseSizeSqft: 2000,
    lines: [{ kind: 'item', quantity: 3, minutesEach: 15, unitPriceCents: 3000, taxable: false }],
    teamSize: 2,
    pricePerMinuteCents: 85,
    travelMinutes: 0,
    frequency: 'one_time',
    couponDiscountCents: 0,
    discountCents: 0,
    flatRateCents: null,
  },
  { minutesPerPersonPer1000Sqft: 90, priceRangeVarianceBps: 1000, maxDiscountBps: 1500, salesTaxBps: 0 },
);

describe('PriceBreakdown lines', () => {
  it('shows a line as its labor and its item price, so the price can be explained; house size in whole square feet', async () => {
    setLocale('en');
    registerStrings(strings);
    renderWithProviders(<PriceBreakdown breakdown={breakdown} lineNames={['Bedroom']} houseSizeSqft={2000} />);
    expect((await screen.findByTestId('breakdown-line1-labor')).textContent).toBe('45 min · $38.25');
    expect(screen.getByTestId('breakdown-line1-item').textContent).toBe('3 × $30.00 = $90.00');
    expect(screen.getByText('$128.25')).toBeTruthy();
    expect(screen.getByText('House size 2,000 sq ft')).toBeTruthy();
    expect(screen.getByTestId('breakdown-line0-item').textContent).toBe('—');
  });
});
