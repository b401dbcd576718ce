import { describe, expect, it } from 'vitest';
import { containsCardNumber, luhnValid } from './cards';

describe('card number detection', () => {
  it('checks Luhn digits', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
  });

  it.each([
    '4111111111111111',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    'card 5555555555554444 exp 12/27',
    '4111111111111111 12',
    'amex 3782 822463 10005',
    'tok_6011111111111117',
  ])('finds a card number in %j', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    '(650) 555-0142',
    '650-555-0142 or 408-555-0199',
    '4111111111111112',
    '123 Main St, San Mateo 94401',
    'Q-2611-0042',
    '12345678901234567890123',
    '',
  ])('leaves %j alone', (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });
});
