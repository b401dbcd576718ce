/**
 * Stripe's documented test cards (docs.stripe.com/testing) that the simulator knows. A number not
 * listed here but passing the Luhn check succeeds, as Stripe's test mode does for 4242…. A card with
 * a `code` is refused when it is attached to a customer (Stripe checks the card then), and again if
 * it is charged without being attached; only `declinesAtChargeOnly` attaches and fails at charge.
 */
export interface CardOutcome {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  /** The error code Stripe answers (card_declined, expired_card…); absent when the charge succeeds. */
  code?: string;
  /** Stripe's decline_code, for card_declined. */
  declineCode?: string;
  message?: string;
  /** Attaching succeeds; only charges fail (Stripe's 4000 0000 0000 0341). */
  declinesAtChargeOnly?: boolean;
}

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { brand: 'visa', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    brand: 'visa',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { brand: 'visa', code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { brand: 'visa', code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { brand: 'visa', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { brand: 'visa', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000341': {
    brand: 'visa',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: DECLINED,
    declinesAtChargeOnly: true,
  },
  '4000000000000119': {
    brand: 'visa',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

export function brandOf(number: string): CardOutcome['brand'] {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'visa';
}

/** Stripe's ready-made test payment methods (pm_card_visa…), usable without tokenizing a number. */
export const PRESET_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
};
