import { describe, expect, it } from 'vitest';
import { centsToDecimalText, formatCents, parseMoneyToCents } from './money';

describe('money in integer cents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['$1,234.56', 123456],
    ['-3.10', -310],
    ['0.1', 10],
  ])('parses %j to %d cents', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '1..2', '--1'])('refuses %j', (text) => {
    expect(parseMoneyToCents(text)).toBeNull();
  });

  it('never drifts like floats do', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is exact.
    expect(parseMoneyToCents('0.1')! + parseMoneyToCents('0.2')!).toBe(30);
  });

  it('formats cents for inputs and display', () => {
    expect(centsToDecimalText(123405)).toBe('1234.05');
    expect(centsToDecimalText(-5)).toBe('-0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1999, 'zh')).toBe('-$19.99');
  });
});
