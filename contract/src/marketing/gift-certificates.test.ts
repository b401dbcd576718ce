import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsCardNumber } from '../cards';
import { dammCheckDigit, formatGiftNumber, giftCashRefundable, isGiftCertificateNumber } from './gift-certificates';

const payloads = fc.stringMatching(/^[1-9]\d{14}$/);
const numberOf = (payload: string) => payload + dammCheckDigit(payload);

describe('gift certificate numbers', () => {
  it('catch every single wrong digit and every swap of two different neighbours', () => {
    fc.assert(
      fc.property(payloads, fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (payload, at, shift) => {
        const number = numberOf(payload);
        const typo = number.slice(0, at) + ((Number(number[at]) + shift) % 10) + number.slice(at + 1);
        expect(dammCheckDigit(typo.slice(0, 15)) === Number(typo[15])).toBe(false);
        if (at < 15 && number[at] !== number[at + 1]) {
          const swapped = number.slice(0, at) + number[at + 1] + number[at] + number.slice(at + 2);
          expect(dammCheckDigit(swapped.slice(0, 15)) === Number(swapped[15])).toBe(false);
        }
      }),
    );
  });

  it('are valid only when they never look like a card number', () => {
    fc.assert(
      fc.property(payloads, (payload) => {
        const number = numberOf(payload);
        expect(isGiftCertificateNumber(number)).toBe(!containsCardNumber(number));
        if (isGiftCertificateNumber(number)) expect(containsCardNumber(formatGiftNumber(number))).toBe(false);
      }),
    );
  });

  it('are read with spaces or dashes and shown in groups of four', () => {
    const number = ['100000000000000', '100000000000001', '100000000000002']
      .map(numberOf)
      .find((n) => isGiftCertificateNumber(n))!;
    expect(formatGiftNumber(number)).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(isGiftCertificateNumber(formatGiftNumber(number).replaceAll(' ', '-'))).toBe(true);
    expect(isGiftCertificateNumber(number.slice(0, 15))).toBe(false);
  });
});

describe('cash refund under California Civil Code 1749.5', () => {
  it('is open only to an active certificate with a balance above $0 and under $10', () => {
    expect(giftCashRefundable({ status: 'active', balanceCents: 999 })).toBe(true);
    expect(giftCashRefundable({ status: 'active', balanceCents: 1000 })).toBe(false);
    expect(giftCashRefundable({ status: 'active', balanceCents: 0 })).toBe(false);
    expect(giftCashRefundable({ status: 'voided', balanceCents: 500 })).toBe(false);
  });
});
