import { QUOTE_PARAM_LIMITS, type QuoteParams } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  dollars,
  hours,
  multiplier,
  paymentTermsText,
  percent,
  QUOTE_PARAM_NAMES,
  QUOTE_PARAM_UNITS,
  quoteParamsToRequest,
  quoteParamsToValues,
} from './units';

const defaults: QuoteParams = {
  minutesPerPersonPer1000Sqft: 45,
  priceRangeVarianceBps: 1000,
  maxDiscountBps: 1500,
  defaultTeamSize: 2,
  defaultPricePerMinuteCents: 95,
  overtimeMultiplierBps: 15000,
  dailyCleanMinutesGoal: 360,
  dailyRevenueGoalCents: 300000,
  paymentTermsDays: 30,
  fieldSessionIdleHours: 12,
  version: 3,
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('units of the parameter forms', () => {
  it('states payment terms as invoices do: 0 days is due on receipt, otherwise net N days', () => {
    expect(paymentTermsText(0)).toEqual({ key: 'system.params.quote.terms.dueOnReceipt' });
    expect(paymentTermsText(30)).toEqual({ key: 'system.params.quote.terms.net', count: 30 });
  });

  it('shows basis points as percents, cents as dollars, a multiplier and hours', () => {
    expect(percent.toText(825)).toBe('8.25');
    expect(percent.fromText('8.25')).toBe(825);
    expect(percent.fromText('12.5')).toBe(1250);
    expect(dollars.toText(95)).toBe('0.95');
    expect(dollars.fromText('3,000.00')).toBe(300000);
    expect(multiplier.toText(15000)).toBe('1.50');
    expect(multiplier.fromText('1.75')).toBe(17500);
    expect(hours.toText(390)).toBe('6.50');
    expect(hours.fromText('6.5')).toBe(390);
    // A third of an hour is 20 minutes, not 19.8.
    expect(hours.fromText('0.33')).toBe(20);
    expect(percent.fromText('ten')).toBeNull();
  });

  it('turns the parameters into the form and back unchanged, with the version read', () => {
    const values = quoteParamsToValues(defaults);
    expect(values).toMatchObject({
      priceRangeVarianceBps: '10.00',
      defaultPricePerMinuteCents: '0.95',
      overtimeMultiplierBps: '1.50',
      dailyCleanMinutesGoal: '6.00',
      dailyRevenueGoalCents: '3000.00',
      defaultTeamSize: 2,
      fieldSessionIdleHours: 12,
    });
    const { version, updatedAt: _, ...params } = defaults;
    expect(quoteParamsToRequest(values, version)).toEqual({ version: 3, ...params });
  });

  it('writes each limit in the unit the field is typed in', () => {
    const shown = Object.fromEntries(
      QUOTE_PARAM_NAMES.map((name) => [name, QUOTE_PARAM_UNITS[name].show(QUOTE_PARAM_LIMITS[name].max)]),
    );
    expect(shown).toEqual({
      minutesPerPersonPer1000Sqft: '600',
      priceRangeVarianceBps: '50.00 %',
      maxDiscountBps: '100.00 %',
      defaultTeamSize: '10',
      defaultPricePerMinuteCents: '$100.00',
      overtimeMultiplierBps: '3.00×',
      dailyCleanMinutesGoal: '24.00 h',
      dailyRevenueGoalCents: '$1,000,000.00',
      paymentTermsDays: '120',
      fieldSessionIdleHours: '168',
    });
  });
});
