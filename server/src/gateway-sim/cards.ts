import { randomBytes } from 'node:crypto';
import { type Answer, cardError, invalid, missing } from './stripe-errors';
import { brandOf, PRESET_PAYMENT_METHODS, TEST_CARDS } from './test-cards';

/**
 * The simulator's cards and customers, as Stripe keeps them: payment methods (`pm_…`), tokens
 * (`tok_…`, used once) and the cards they stand for (`card_…`, a customer's source), customers.
 * Stripe checks a card when it is attached to a customer: its test decline cards are refused then
 * (402), and a refused attach leaves no customer behind when it was part of creating one.
 */
type Params = Record<string, unknown>;

export interface Card {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface StoredMethod {
  id: string;
  card: Card;
  customer: string | null;
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Stripe's legacy card object names its brand in words ("Visa", "American Express"). */
const LEGACY_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
};

export function createCardStore(now: () => number) {
  const customers = new Map<string, { id: string; created: number; metadata: Params; email: unknown; name: unknown }>();
  const methods = new Map<string, StoredMethod>();
  const tokens = new Map<string, { id: string; card: string; created: number; used: boolean }>();
  const seconds = () => Math.floor(now() / 1000);

  const expired = (card: Card) => {
    const today = new Date(now());
    const year = today.getUTCFullYear();
    return card.exp_year < year || (card.exp_year === year && card.exp_month < today.getUTCMonth() + 1);
  };

  /** What a charge of this card answers: null when it goes through. */
  function chargeFailure(card: Card): { code: string; declineCode?: string; message: string } | null {
    if (expired(card)) return { code: 'expired_card', message: 'Your card has expired.' };
    const outcome = TEST_CARDS[card.number];
    return outcome?.code ? { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message ?? '' } : null;
  }

  /** Stripe's card check when a card is attached to a customer. */
  function attachRefusal(card: Card): Answer | null {
    const outcome = TEST_CARDS[card.number];
    const failure = outcome?.declinesAtChargeOnly ? (expired(card) ? chargeFailure(card) : null) : chargeFailure(card);
    if (!failure) return null;
    return cardError(failure.code, failure.message, failure.declineCode ? { decline_code: failure.declineCode } : {});
  }

  /**
   * A stored payment method or card, or one of Stripe's preset test methods. A preset is made anew on
   * every use and never kept, as with Stripe (each use of pm_card_visa is a fresh payment method):
   * attaching it to one customer does not stop another customer's use of it. Kept, it made test files
   * sharing one simulator depend on their order ("already attached to a customer").
   */
  function methodOf(methodId: string): StoredMethod | undefined {
    const known = methods.get(methodId);
    const number = PRESET_PAYMENT_METHODS[methodId];
    if (known || !number) return known;
    const m: StoredMethod = {
      id: methodId,
      card: {
        number,
        brand: TEST_CARDS[number]?.brand ?? brandOf(number),
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
      },
      customer: null,
      created: seconds(),
    };
    return m;
  }

  /** A PaymentMethod object; a card (`card_…`) read through the PaymentMethods API has this shape too. */
  const publicMethod = (m: StoredMethod) => ({
    id: m.id,
    object: 'payment_method',
    type: 'card',
    created: m.created,
    customer: m.customer,
    card: { brand: m.card.brand, last4: m.card.last4, exp_month: m.card.exp_month, exp_year: m.card.exp_year, funding: 'credit' },
  });

  /** Stripe's legacy card object (a token's card, a customer's source). */
  const publicCard = (m: StoredMethod) => ({
    id: m.id,
    object: 'card',
    brand: LEGACY_BRANDS[m.card.brand] ?? 'Unknown',
    last4: m.card.last4,
    exp_month: m.card.exp_month,
    exp_year: m.card.exp_year,
    funding: 'credit',
    country: 'US',
    customer: m.customer,
  });

  /** Reads `card[…]` as Stripe's tokenization does: a malformed or past expiry is refused (402). */
  function readCard(p: Params): Card | Answer {
    const card = (p.card ?? {}) as Params;
    const number = str(card.number).replace(/\s|-/g, '');
    const expMonth = Number(card.exp_month);
    let expYear = Number(card.exp_year);
    if (expYear > 0 && expYear < 100) expYear += 2000;
    if (!/^\d{12,19}$/.test(number)) return cardError('invalid_number', 'Your card number is invalid.', { param: 'number' });
    if (!(Number.isInteger(expMonth) && expMonth >= 1 && expMonth <= 12))
      return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
    const today = new Date(now());
    if (!(Number.isInteger(expYear) && expYear >= today.getUTCFullYear() && expYear <= 2100))
      return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
    if (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
      return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(str(card.cvc)))
      return cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
    const known = TEST_CARDS[number];
    return { number, brand: known?.brand ?? brandOf(number), last4: number.slice(-4), exp_month: expMonth, exp_year: expYear };
  }

  const isAnswer = (v: Card | Answer): v is Answer => 'status' in v;

  function createPaymentMethod(p: Params): Answer {
    if (str(p.type) !== 'card') return invalid('Invalid type: must be card', 'type');
    const card = readCard(p);
    if (isAnswer(card)) return card;
    const m: StoredMethod = { id: id('pm'), card, customer: null, created: seconds() };
    methods.set(m.id, m);
    return { status: 200, body: publicMethod(m) };
  }

  function createToken(p: Params): Answer {
    const card = readCard(p);
    if (isAnswer(card)) return card;
    const m: StoredMethod = { id: id('card'), card, customer: null, created: seconds() };
    methods.set(m.id, m);
    const token = { id: id('tok'), card: m.id, created: seconds(), used: false };
    tokens.set(token.id, token);
    return { status: 200, body: publicToken(token) };
  }

  const publicToken = (token: { id: string; card: string; created: number; used: boolean }) => ({
    id: token.id,
    object: 'token',
    type: 'card',
    created: token.created,
    livemode: false,
    used: token.used,
    card: publicCard(methods.get(token.card)!),
  });

  function retrieveToken(tokenId: string): Answer {
    const token = tokens.get(tokenId);
    return token ? { status: 200, body: publicToken(token) } : missing('token', tokenId, 'token');
  }

  /** Attaches a payment method (`pm_…`) to a customer, after Stripe's card check. */
  function attach(methodId: string, customer: string): Answer {
    const m = methodOf(methodId);
    if (!m) return missing('PaymentMethod', methodId, 'payment_method');
    if (!customers.has(customer)) return missing('customer', customer, 'customer');
    if (m.customer && m.customer !== customer)
      return invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    const refusal = attachRefusal(m.card);
    if (refusal) return refusal;
    m.customer = customer;
    return { status: 200, body: publicMethod(m) };
  }

  /** A token's card becomes the customer's source (`card_…`); a token is used once. */
  function addSource(customer: string, source: string): Answer {
    if (!customers.has(customer)) return missing('customer', customer, 'id');
    const token = tokens.get(source);
    if (!token) return missing('token', source, 'source');
    if (token.used) return invalid(`You cannot use a Stripe token more than once: ${source}.`, 'source', 'token_already_used');
    const m = methods.get(token.card)!;
    const refusal = attachRefusal(m.card);
    if (refusal) return refusal;
    token.used = true;
    m.customer = customer;
    return { status: 200, body: publicCard(m) };
  }

  /** POST /v1/customers; with `payment_method` or `source` the card is checked first, so a refusal creates nothing. */
  function createCustomer(p: Params): Answer {
    const methodId = str(p.payment_method);
    const source = str(p.source);
    if (methodId) {
      const m = methodOf(methodId);
      if (!m) return missing('PaymentMethod', methodId, 'payment_method');
      const refusal = attachRefusal(m.card);
      if (refusal) return refusal;
    }
    if (source) {
      const token = tokens.get(source);
      if (!token) return missing('token', source, 'source');
      const refusal = attachRefusal(methods.get(token.card)!.card);
      if (refusal) return refusal;
    }
    const c = {
      id: id('cus'),
      created: seconds(),
      metadata: (p.metadata ?? {}) as Params,
      email: p.email ?? null,
      name: p.name ?? null,
    };
    customers.set(c.id, c);
    if (methodId) attach(methodId, c.id);
    if (source) addSource(c.id, source);
    return { status: 200, body: { object: 'customer', ...c } };
  }

  /** DELETE /v1/customers/{id}: gone for good; its cards and payment methods are detached. */
  function deleteCustomer(customer: string): Answer {
    if (!customers.delete(customer)) return missing('customer', customer, 'id');
    for (const m of methods.values()) if (m.customer === customer) m.customer = null;
    return { status: 200, body: { id: customer, object: 'customer', deleted: true } };
  }

  function retrieveCustomer(customer: string): Answer {
    const c = customers.get(customer);
    return c ? { status: 200, body: { object: 'customer', ...c } } : missing('customer', customer, 'id');
  }

  return {
    customers,
    methodOf,
    publicMethod,
    chargeFailure,
    createPaymentMethod,
    createToken,
    retrieveToken,
    attach,
    addSource,
    createCustomer,
    deleteCustomer,
    retrieveCustomer,
  };
}
export type CardStore = ReturnType<typeof createCardStore>;
