import { z } from 'zod';

/**
 * Card data (docs/business-rules.md "Card details"): Tidyhouse never stores a full card number
 * nor a security code. A quote or a customer keeps only what a payment vendor's token needs to be
 * charged later: brand, last four digits, expiry, cardholder name and the vendor's opaque token.
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The card gateway's smallest charge (Stripe: $0.50 in USD; below it answers amount_too_small). */
export const GATEWAY_MINIMUM_CENTS = 50;

/** A gateway API key that can charge: secret (sk_) or restricted (rk_), test or live. */
export const SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,240}$/;
export const ZGatewaySecretKey = z.string().trim().regex(SECRET_KEY_PATTERN, { error: 'rule.secretKeyKind' });

/** A card is good through the last day of its expiry month; `today` is the business date (YYYY-MM-DD). */
export function cardExpired(expMonth: number, expYear: number, today: string): boolean {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return expYear < year || (expYear === year && expMonth < month);
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * True when the text holds something that looks like a full card number: 13 to 19 digits, alone
 * or in groups split by single spaces or dashes, that pass the Luhn check.
 */
export function containsCardNumber(text: string): boolean {
  for (const run of text.matchAll(/\d+(?:[ -]\d+)*/g)) {
    const groups = run[0].split(/[ -]/);
    for (let start = 0; start < groups.length; start++) {
      let digits = '';
      for (let end = start; end < groups.length; end++) {
        digits += groups[end];
        if (digits.length > 19) break;
        if (digits.length >= 13 && luhnValid(digits)) return true;
      }
    }
  }
  return false;
}

/**
 * The card on file as answers show it (`card: null` for none). The gateway's token and customer id
 * never leave the server: the serializer writes only these fields.
 */
export const ZCardDetails = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string(),
});
export type CardDetails = z.infer<typeof ZCardDetails>;

/**
 * Card fields a profile or quote request must not carry (docs/business-rules.md "Card details"):
 * the card on file is set only by the gateway-verified capture (/cardQueue/saveCard), so a client
 * that still sends one is answered 10001 naming the field rather than silently ignored.
 */
const ZRefusedCardField = z.never({ error: 'rule.cardFieldRefused' }).optional();
export const REFUSED_CARD_FIELDS = {
  card: ZRefusedCardField,
  vendorToken: ZRefusedCardField,
  cardVendorToken: ZRefusedCardField,
  gatewayCustomerId: ZRefusedCardField,
  cardBrand: ZRefusedCardField,
  cardLast4: ZRefusedCardField,
  cardExpMonth: ZRefusedCardField,
  cardExpYear: ZRefusedCardField,
} as const;
