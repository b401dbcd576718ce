import { describe, expect, it } from 'vitest';
import { formatDecimalField } from './numeric';

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
    ['-5', '0.00'],
    ['1e3', '0.00'],
    ['1,000', '0.00'],
    ['1.2.3', '0.00'],
  ])('%j becomes %j', (input, expected) => {
    expect(formatDecimalField(input)).toBe(expected);
  });

  it('keeps null and undefined empty', () => {
    expect(formatDecimalField(null)).toBe('');
    expect(formatDecimalField(undefined)).toBe('');
  });
});
