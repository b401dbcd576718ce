import type { EndpointCase } from '../../../test/endpoints';
import { runningMailCatcher, startMailCatcher } from '../../platform/mail-catcher';
import { quoteBody, quoteModifyBody, quoteWith, TEST_CARD_NUMBER } from '../customers/customers.fixtures';

const NEW_QUOTE = '/sales/newcustomerquotat';
const PAST_QUOTES = '/sales/quotationlist';
// A card is set only by the gateway capture: quote requests carrying card fields are refused.
const card = { brand: 'visa', last4: '1111', expMonth: 12, expYear: 2029, holderName: 'Grace Huang' };

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/quote/calcContext',
    permission: NEW_QUOTE,
    deniedRole: 'scheduler',
    validBody: () => ({}),
    badBodies: [{ quoteId: 'x' }, { quoteId: -1 }],
  },
  {
    path: '/quote/calc',
    permission: NEW_QUOTE,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ ...(await quoteBody(t)), zip: '94401' }),
    badBodies: [
      {},
      { houseSizeSqft: -1 },
      { houseSizeSqft: 1000, lines: [{ priceItemId: 1, quantity: 0 }] },
      { houseSizeSqft: 1000, teamSize: 0 },
      { houseSizeSqft: 1000, couponDiscountCents: 1.5 },
      { houseSizeSqft: 1000, frequency: 'daily' },
      { houseSizeSqft: 1000, zip: TEST_CARD_NUMBER },
    ],
  },
  {
    path: '/quote/duplicates',
    permission: NEW_QUOTE,
    deniedRole: 'scheduler',
    validBody: () => ({ phone: '(650) 555-1000', address: '1 Main St', zip: '94401' }),
    badBodies: [{ phone: 5 }, { excludeQuoteId: 'a' }, { address: '4111 1111 1111 1111' }],
  },
  {
    path: '/quote/add',
    permission: NEW_QUOTE,
    deniedRole: 'scheduler',
    validBody: (t) => quoteBody(t),
    badBodies: [
      {},
      { customerName: 'A', address1: '1 Main St', zip: '94401', houseType: 'house', houseSizeSqft: 1000 },
      { customerName: 'A', phone1: '(650) 555-0101', zip: '94401', houseType: 'house', houseSizeSqft: 1000 },
      { customerName: 'A', phone1: '(650) 555-0101', address1: '1 Main St', houseType: 'house', houseSizeSqft: 1000 },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '9440',
        houseType: 'house',
        houseSizeSqft: 1000,
      },
      { customerName: 'A', phone1: '(650) 555-0101', address1: '1 Main St', zip: '94401', houseSizeSqft: 1000 },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1000,
        card: { ...card, vendorToken: TEST_CARD_NUMBER },
      },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1000,
        card,
      },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1000,
        cardVendorToken: 'pm_card_mastercard',
      },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1000,
        customerNote: `card 4111 1111 1111 1111 exp 12/29`,
      },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'castle',
        houseSizeSqft: 1000,
      },
      {
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1000,
        cardNumber: TEST_CARD_NUMBER,
      },
    ],
  },
  {
    path: '/quote/modify',
    permission: NEW_QUOTE,
    deniedRole: 'scheduler',
    validBody: async (t) => quoteModifyBody(t, (await quoteWith(t, `status = 'pending'`)).id),
    badBodies: [
      {},
      { id: 1, version: 1 },
      {
        id: 1,
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1,
      },
      {
        id: 1,
        version: 1,
        customerName: 'A',
        phone1: '',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1,
      },
      {
        id: 1,
        version: 1,
        customerName: 'A',
        phone1: '(650) 555-0101',
        address1: '1 Main St',
        zip: '94401',
        houseType: 'house',
        houseSizeSqft: 1000,
        card: { ...card, vendorToken: 'pm_card_visa' },
      },
    ],
  },
  {
    path: '/quote/detail',
    permission: PAST_QUOTES,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await quoteWith(t, `status = 'sold'`)).id }),
    badBodies: [{}, { id: 'x' }, { id: 0 }],
  },
  {
    path: '/quote/queryList',
    permission: PAST_QUOTES,
    deniedRole: 'scheduler',
    validBody: () => ({ pageNum: 1, pageSize: 20, status: 'pending', keyword: 'Q-' }),
    badBodies: [{ pageSize: 1000 }, { status: 'lost' }, { dateFrom: '2026-13-01' }, { createdBy: 'me' }],
  },
  {
    path: '/quote/changeStatus',
    permission: PAST_QUOTES,
    deniedRole: 'scheduler',
    validBody: async (t) => {
      const quote = await quoteWith(t, `status = 'pending'`, 'id desc');
      return { ...quote, status: 'not_sold', reason: 'Chose another company' };
    },
    badBodies: [
      {},
      { id: 1, version: 1, status: 'not_sold' },
      { id: 1, version: 1, status: 'not_sold', reason: '   ' },
      { id: 1, version: 1, status: 'lost', reason: 'x' },
      { id: 1, status: 'sold' },
    ],
  },
  {
    path: '/quote/history',
    permission: PAST_QUOTES,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await quoteWith(t, `status = 'not_sold'`)).id }),
    badBodies: [{}, { id: 'x' }],
  },
  {
    path: '/quote/pdf',
    method: 'GET',
    permission: PAST_QUOTES,
    deniedRole: 'scheduler',
    validBody: async (t) => ({ id: (await quoteWith(t, `status = 'pending'`)).id }),
    badBodies: [{}, { id: 'x' }, { id: -1 }],
  },
  {
    path: '/quote/send',
    permission: PAST_QUOTES,
    deniedRole: 'scheduler',
    // Mail goes to an in-process catcher (no SMTP server is set up in the test database).
    validBody: async (t) => {
      if (!runningMailCatcher()) await startMailCatcher(0);
      return { id: (await quoteWith(t, `status = 'pending'`)).id, to: 'guard@example.com' };
    },
    badBodies: [
      { id: 1 },
      { id: 1, to: 'not-mail' },
      { id: 'x', to: 'a@example.com' },
      { id: 1, to: 'a@example.com', note: TEST_CARD_NUMBER },
    ],
  },
];
