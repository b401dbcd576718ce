import { describe, expect, it } from 'vitest';
import { checkFormNumber, formatRangeValue, NUMBER_RANGES, rangedInt } from './number-ranges';

const { quoteTeamSize, jobDurationMinutes, jobDrivingTenthMiles, paymentAmountCents, quoteHouseSizeSqft } = NUMBER_RANGES;

describe('checkFormNumber', () => {
  it('reads a field in stored units without rounding', () => {
    expect(checkFormNumber('7.00', quoteTeamSize)).toEqual({ kind: 'ok', stored: 7 });
    expect(checkFormNumber('12.50', jobDrivingTenthMiles)).toEqual({ kind: 'ok', stored: 125 });
    expect(checkFormNumber(12.5, jobDrivingTenthMiles)).toEqual({ kind: 'ok', stored: 125 });
    expect(checkFormNumber('1,234.56', paymentAmountCents)).toEqual({ kind: 'ok', stored: 123_456 });
    expect(checkFormNumber(90, jobDurationMinutes)).toEqual({ kind: 'ok', stored: 90 });
  });

  it('leaves empty to the field', () => {
    expect(checkFormNumber('', quoteTeamSize)).toEqual({ kind: 'empty' });
    expect(checkFormNumber(null, quoteTeamSize)).toEqual({ kind: 'empty' });
    expect(checkFormNumber(undefined, quoteTeamSize)).toEqual({ kind: 'empty' });
  });

  it('refuses a count that is not whole rather than round it', () => {
    expect(checkFormNumber('7.50', quoteTeamSize)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('7.50', quoteHouseSizeSqft)).toEqual({ kind: 'refused' });
    expect(checkFormNumber(7.5, jobDurationMinutes)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('12.55', jobDrivingTenthMiles)).toEqual({ kind: 'refused' });
  });

  it('refuses outside the range rather than clamp', () => {
    expect(checkFormNumber(99_999_999, jobDurationMinutes)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('1441.00', jobDurationMinutes)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('10000.10', jobDrivingTenthMiles)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('-5.00', jobDurationMinutes)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('21.00', quoteTeamSize)).toEqual({ kind: 'refused' });
  });

  it('refuses zero where more than zero is needed, and text that is not a number', () => {
    expect(checkFormNumber('0.00', paymentAmountCents)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('0.00', quoteTeamSize)).toEqual({ kind: 'refused' });
    expect(checkFormNumber('abc', paymentAmountCents)).toEqual({ kind: 'refused' });
    expect(checkFormNumber(Number.NaN, jobDurationMinutes)).toEqual({ kind: 'refused' });
  });

  it('accepts both ends of a range', () => {
    expect(checkFormNumber('1440.00', jobDurationMinutes)).toEqual({ kind: 'ok', stored: 1440 });
    expect(checkFormNumber('0.01', paymentAmountCents)).toEqual({ kind: 'ok', stored: 1 });
    expect(checkFormNumber('10000.0', jobDrivingTenthMiles)).toEqual({ kind: 'ok', stored: 100_000 });
  });
});

describe('rangedInt', () => {
  it('is the same range on the server', () => {
    const schema = rangedInt(quoteTeamSize);
    expect(schema.safeParse(7).success).toBe(true);
    expect(schema.safeParse(7.5).success).toBe(false);
    expect(schema.safeParse(0).success).toBe(false);
    expect(schema.safeParse(21).success).toBe(false);
  });
});

describe('formatRangeValue', () => {
  it('writes a bound the way the form shows it', () => {
    expect(formatRangeValue(1440, 'minutes')).toBe('1,440');
    expect(formatRangeValue(100_000_000, 'cents')).toBe('$1,000,000.00');
    expect(formatRangeValue(1, 'cents')).toBe('$0.01');
    expect(formatRangeValue(100_000, 'tenthMiles')).toBe('10,000.0');
  });
});
