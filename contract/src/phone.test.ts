import { describe, expect, it } from 'vitest';
import { ZPhoneText } from './customer-fields';
import { normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['6505551234', '(650) 555-1234'],
    ['650.555.4922', '(650) 555-4922'],
    ['+1 650 555 1234', '(650) 555-1234'],
    ['16505551234', '(650) 555-1234'],
    ['650-555-1234 x12', '(650) 555-1234 x12'],
    ['650 555 1234 ext. 345', '(650) 555-1234 x345'],
    ['(650) 555-1234 #7', '(650) 555-1234 x7'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
    // Normalizing twice changes nothing: a saved number re-sent by a form stays the same.
    expect(normalizePhone(stored)).toBe(stored);
  });

  it('keeps what is not a possible number as typed', () => {
    expect(normalizePhone(' 555-1234 ')).toBe('555-1234');
    expect(normalizePhone('')).toBe('');
  });

  it('is what the phone fields store', () => {
    expect(ZPhoneText.parse('6505551234 ext 9')).toBe('(650) 555-1234 x9');
    expect(ZPhoneText.safeParse('650 555 1234 call after 5').success).toBe(false);
  });
});
