import { describe, expect, it } from 'vitest';
import { formatDecimalField, isNegativeDecimalField } from './numeric';

describe('formatDecimalField (spec §5 numeric rule)', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['12', '12.00'],
    ['007', '7.00'],
    ['0', '0.00'],
    ['00.5', '0.50'],
    ['.5', '0.50'],
    ['3.', '3.00'],
    ['1.234', '1.23'],
    ['1.235', '1.24'],
    ['9.999', '10.00'],
    ['12345678901234567890.1', '12345678901234567890.10'],
    ['abc', '0.00'],
    ['1e3', '0.00'],
    ['1.2.3', '0.00'],
    // Thousands separators are stripped before the rule, when they group thousands.
    ['1,234.56', '1234.56'],
    ['1,200', '1200.00'],
    ['12,345,678.905', '12345678.91'],
    ['12,34', '0.00'],
    ['1,2', '0.00'],
    [',123', '0.00'],
    // A negative keeps its sign, for the field's rule to refuse with a message.
    ['-5', '-5.00'],
    ['- 1,200.5', '-1200.50'],
    ['-0', '0.00'],
    ['-abc', '0.00'],
  ])('%j becomes %j', (input, expected) => {
    expect(formatDecimalField(input)).toBe(expected);
  });

  it('tells a negative number from the rest', () => {
    expect(isNegativeDecimalField('-5')).toBe(true);
    expect(isNegativeDecimalField('-1,234.56')).toBe(true);
    expect(isNegativeDecimalField('5')).toBe(false);
    expect(isNegativeDecimalField('-0.001')).toBe(false);
    expect(isNegativeDecimalField('')).toBe(false);
  });

  it('keeps null and undefined empty', () => {
    expect(formatDecimalField(null)).toBe('');
    expect(formatDecimalField(undefined)).toBe('');
  });
});
