import { z } from 'zod';
import { REFUSED_CARD_FIELDS, ZCardDetails } from './cards';
import { LOCALES } from './constants';
import { optionalText, ZColoredRef, ZDate, ZEmail, ZOptionalId, ZPhoneText, ZRef, ZStateCode, ZZipCode } from './customer-fields';
import { HOUSE_TYPES, ZAddress1, ZHouseType } from './customer-locations';
import { CUSTOMER_SOURCES, ZCustomerName, ZRequiredPhone } from './customers';
import { ZRecordId, ZVersion } from './ids';
import { listResponseOf, ZListRequest } from './list';
import { NUMBER_RANGES as R, rangedInt } from './number-ranges';
import { JOB_FREQUENCIES, PRICE_LINE_KINDS } from './pricing';

/** Sales quotes (spec §3 Quote; /quote/*). */

export const QUOTE_STATUSES = ['pending', 'not_sold', 'sold'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const LOCATION_TYPES = ['residential', 'commercial'] as const;
/** fixed: the price is agreed up front; hourly: billed by actual minutes at the hourly rate (the quote is an estimate). */
export const QUOTE_TYPES = ['fixed', 'hourly'] as const;

/** Allowed status changes (docs/business-rules.md "Quote status"): sold is final. */
export const QUOTE_TRANSITIONS: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  pending: ['sold', 'not_sold'],
  not_sold: ['pending'],
  sold: [],
};

/** A housing detail, add-on or fee line of the request: the rate comes from the price list. */
export const ZQuoteLineInput = z.object({
  priceItemId: ZRecordId,
  quantity: rangedInt(R.quoteLineQuantity),
});

/** The fields that decide the price (the calculator's input). */
const pricingFields = {
  houseSizeSqft: rangedInt(R.quoteHouseSizeSqft),
  lines: z.array(ZQuoteLineInput).max(60).default([]),
  frequency: z.enum(JOB_FREQUENCIES).default('one_time'),
  /** null: the default team size of the quote parameters. */
  teamSize: rangedInt(R.quoteTeamSize).nullable().default(null),
  /** null: the default price per minute of the quote parameters. */
  pricePerMinuteCents: rangedInt(R.quotePricePerMinuteCents).nullable().default(null),
  travelMinutes: rangedInt(R.quoteTravelMinutes).default(0),
  couponDiscountCents: rangedInt(R.quoteAmountCents).default(0),
  discountCents: rangedInt(R.quoteAmountCents).default(0),
  flatRateCents: rangedInt(R.quoteAmountCents).nullable().default(null),
};

const quoteFields = {
  /** A quote for an existing customer (after a duplicate warning); null for a prospect. */
  customerId: ZOptionalId,
  customerName: ZCustomerName,
  phone1: ZRequiredPhone,
  phone2: ZPhoneText.default(''),
  phone3: ZPhoneText.default(''),
  email: ZEmail,
  address1: ZAddress1,
  address2: optionalText(80),
  city: optionalText(80),
  state: ZStateCode,
  county: optionalText(64),
  zip: ZZipCode,
  country: z.string().trim().max(56).default('US'),
  language: z.enum(LOCALES).default('en'),
  source: z.enum(CUSTOMER_SOURCES).nullable().default(null),
  channel: optionalText(64),
  customerNote: optionalText(2000),
  locationType: z.enum(LOCATION_TYPES).default('residential'),
  houseType: ZHouseType,
  /** Where the job is when it is not the whole house ("main house and guest cottage"). */
  jobLocation: optionalText(160),
  jobNote: optionalText(2000),
  occupants: rangedInt(R.quoteOccupants).nullable().default(null),
  /** Free description of the area to clean ("2 stories, finished basement"). */
  housingArea: optionalText(96),
  quoteType: z.enum(QUOTE_TYPES).default('fixed'),
  couponCode: optionalText(32),
  teamNote: optionalText(2000),
  preferredTeamId: ZOptionalId,
  // The card on file comes only from the gateway capture: card fields are refused here.
  ...REFUSED_CARD_FIELDS,
  ...pricingFields,
};

export const ZQuoteAddRequest = z.object(quoteFields);
export type QuoteAddRequest = z.infer<typeof ZQuoteAddRequest>;

export const ZQuoteModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...quoteFields,
});
export type QuoteModifyRequest = z.infer<typeof ZQuoteModifyRequest>;

/** A price check on the server: the same calculation a save does, nothing stored. */
export const ZQuoteCalcRequest = z.object({
  /** Price an existing quote's edit with its own date and parameters. */
  quoteId: ZRecordId.nullable().default(null),
  zip: z.string().trim().max(10).default(''),
  ...pricingFields,
});
export type QuoteCalcRequest = z.infer<typeof ZQuoteCalcRequest>;

export const ZVisitPrice = z.object({
  priceCents: z.number().int(),
  discountCents: z.number().int(),
  netCents: z.number().int(),
  taxableCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

/** The calculator's answer (contract/src/pricing.ts `QuotePriceBreakdown`). */
export const ZQuotePriceBreakdown = z.object({
  baseMinutes: z.number().int(),
  itemMinutes: z.number().int(),
  addonMinutes: z.number().int(),
  feeMinutes: z.number().int(),
  labourMinutes: z.number().int(),
  teamSize: z.number().int(),
  inHomeMinutes: z.number().int(),
  travelMinutes: z.number().int(),
  pricePerMinuteCents: z.number().int(),
  hourlyRateCents: z.number().int(),
  lines: z.array(
    z.object({
      kind: z.enum(['base', ...PRICE_LINE_KINDS]),
      quantity: z.number().int(),
      minutesEach: z.number().int(),
      totalMinutes: z.number().int(),
      labourCents: z.number().int(),
      fixedCents: z.number().int(),
      amountCents: z.number().int(),
      taxable: z.boolean(),
    }),
  ),
  labourCents: z.number().int(),
  fixedChargesCents: z.number().int(),
  calculatedPriceCents: z.number().int(),
  taxableSubtotalCents: z.number().int(),
  rangeLowCents: z.number().int(),
  rangeHighCents: z.number().int(),
  flatRateCents: z.number().int().nullable(),
  basePriceCents: z.number().int(),
  couponDiscountCents: z.number().int(),
  discountCents: z.number().int(),
  totalDiscountCents: z.number().int(),
  maxDiscountCents: z.number().int(),
  discountExceedsMax: z.boolean(),
  frequency: z.enum(JOB_FREQUENCIES),
  recurringDiscountBps: z.number().int(),
  recurringDiscountCents: z.number().int(),
  firstVisit: ZVisitPrice,
  recurringVisit: ZVisitPrice.nullable(),
  finalOfferCents: z.number().int(),
});

/** The parameters a quote is priced with (copied into the quote when it is made). */
export const ZQuotePricingParameters = z.object({
  minutesPerPersonPer1000Sqft: z.number().int(),
  priceRangeVarianceBps: z.number().int(),
  maxDiscountBps: z.number().int(),
  salesTaxBps: z.number().int(),
  defaultTeamSize: z.number().int(),
  defaultPricePerMinuteCents: z.number().int(),
});
export type QuotePricingParameters = z.infer<typeof ZQuotePricingParameters>;

/** A price list entry with the rate a quote uses. */
export const ZQuotePriceItem = z.object({
  priceItemId: z.number().int(),
  kind: z.enum(PRICE_LINE_KINDS),
  nameEn: z.string(),
  nameZh: z.string(),
  taxable: z.boolean(),
  minutesEach: z.number().int(),
  unitPriceCents: z.number().int(),
});
export type QuotePriceItem = z.infer<typeof ZQuotePriceItem>;

export const ZQuoteCalcContextRequest = z.object({ quoteId: ZRecordId.nullable().default(null) });

/** Everything the form needs to run calculateQuotePrice live. */
export const ZQuoteCalcContext = z.object({
  quoteDate: z.string(),
  parameters: ZQuotePricingParameters,
  /** Active items with the rate in force on the quote date (an edited quote's lines keep their copied rate). */
  priceItems: z.array(ZQuotePriceItem),
  recurringDiscountBps: z.record(z.enum(JOB_FREQUENCIES), z.number().int()),
});
export type QuoteCalcContext = z.infer<typeof ZQuoteCalcContext>;

/** A priced line of a quote: the price list entry, its copied rate, quantity and amount. */
export const ZQuoteLine = ZQuotePriceItem.extend({
  quantity: z.number().int(),
  totalMinutes: z.number().int(),
  amountCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof ZQuoteLine>;

export const ZQuoteCalcResponse = z.object({
  breakdown: ZQuotePriceBreakdown,
  zone: ZColoredRef.nullable(),
  lines: z.array(ZQuoteLine),
});
export type QuoteCalcResponse = z.infer<typeof ZQuoteCalcResponse>;

// ---- Duplicate warning ----

export const ZQuoteDuplicatesRequest = z.object({
  phone: z.string().trim().max(32).default(''),
  address: z.string().trim().max(160).default(''),
  zip: z.string().trim().max(10).default(''),
  /** Leave this quote out (when editing it). */
  excludeQuoteId: ZRecordId.nullable().default(null),
});

export const DUPLICATE_MATCHES = ['phone', 'address'] as const;
export const ZDuplicates = z.object({
  customers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone1: z.string(),
      address1: z.string(),
      city: z.string(),
      zip: z.string(),
      status: z.string(),
      matchedOn: z.array(z.enum(DUPLICATE_MATCHES)),
    }),
  ),
  quotes: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      customerName: z.string(),
      phone1: z.string(),
      address1: z.string(),
      zip: z.string(),
      status: z.enum(QUOTE_STATUSES),
      quoteDate: z.string(),
      matchedOn: z.array(z.enum(DUPLICATE_MATCHES)),
    }),
  ),
});
export type Duplicates = z.infer<typeof ZDuplicates>;

// ---- The quote ----

export const ZQuote = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  quoteDate: z.string(),
  status: z.enum(QUOTE_STATUSES),
  statusReason: z.string(),
  statusChangedAt: z.string().nullable(),
  customer: ZRef.nullable(),
  customerName: z.string(),
  phone1: z.string(),
  phone2: z.string(),
  phone3: z.string(),
  email: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  county: z.string(),
  zip: z.string(),
  country: z.string(),
  zone: ZColoredRef.nullable(),
  language: z.enum(LOCALES),
  source: z.enum(CUSTOMER_SOURCES).nullable(),
  channel: z.string(),
  customerNote: z.string(),
  locationType: z.enum(LOCATION_TYPES),
  houseType: z.enum(HOUSE_TYPES),
  jobLocation: z.string(),
  jobNote: z.string(),
  occupants: z.number().int().nullable(),
  houseSizeSqft: z.number().int(),
  housingArea: z.string(),
  quoteType: z.enum(QUOTE_TYPES),
  frequency: z.enum(JOB_FREQUENCIES),
  teamSize: z.number().int(),
  pricePerMinuteCents: z.number().int(),
  travelMinutes: z.number().int(),
  couponCode: z.string(),
  couponDiscountCents: z.number().int(),
  discountCents: z.number().int(),
  flatRateCents: z.number().int().nullable(),
  /** Stored figures, recomputed by the server on every save. */
  calculatedPriceCents: z.number().int(),
  rangeLowCents: z.number().int(),
  rangeHighCents: z.number().int(),
  inHomeMinutes: z.number().int(),
  totalMinutes: z.number().int(),
  finalOfferCents: z.number().int(),
  lines: z.array(ZQuoteLine),
  breakdown: ZQuotePriceBreakdown,
  parameters: ZQuotePricingParameters,
  teamNote: z.string(),
  preferredTeam: ZColoredRef.nullable(),
  card: ZCardDetails.nullable(),
  /** The quote disclaimer in the customer's language, for the print / send view. */
  disclaimer: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quote = z.infer<typeof ZQuote>;

export const ZQuoteSaveResponse = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  zone: ZColoredRef.nullable(),
  finalOfferCents: z.number().int(),
  /** Existing customers and quotes with the same phone or address: a warning, not a refusal. */
  duplicates: ZDuplicates,
});
export type QuoteSaveResponse = z.infer<typeof ZQuoteSaveResponse>;

export const ZQuoteListRequest = ZListRequest.extend({
  /** Reference, name, phone, address or zip (contains). */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(QUOTE_STATUSES).optional(),
  source: z.enum(CUSTOMER_SOURCES).optional(),
  channel: z.string().trim().max(64).optional(),
  /** Quote dates (business dates), inclusive. */
  dateFrom: ZDate.optional(),
  dateTo: ZDate.optional(),
  createdBy: ZRecordId.optional(),
});
export type QuoteListRequest = z.infer<typeof ZQuoteListRequest>;

export const ZQuoteListItem = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reference: z.string(),
  quoteDate: z.string(),
  status: z.enum(QUOTE_STATUSES),
  statusReason: z.string(),
  customerName: z.string(),
  phone1: z.string(),
  /** The address a quote is sent to by default. */
  email: z.string(),
  address1: z.string(),
  city: z.string(),
  zip: z.string(),
  zone: ZColoredRef.nullable(),
  source: z.enum(CUSTOMER_SOURCES).nullable(),
  channel: z.string(),
  frequency: z.enum(JOB_FREQUENCIES),
  finalOfferCents: z.number().int(),
  customerId: z.number().int().nullable(),
  createdBy: ZRef.nullable(),
  createdAt: z.string(),
});
export type QuoteListItem = z.infer<typeof ZQuoteListItem>;
export const ZQuoteListResponse = listResponseOf(ZQuoteListItem);

export const ZQuoteChangeStatusRequest = z
  .object({
    id: ZRecordId,
    version: ZVersion,
    status: z.enum(QUOTE_STATUSES),
    reason: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'not_sold' && v.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reasonRequired' });
  });
export type QuoteChangeStatusRequest = z.infer<typeof ZQuoteChangeStatusRequest>;

export const ZQuoteChangeStatusResponse = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  /** The customer created or linked when the quote was sold. */
  customerId: z.number().int().nullable(),
  locationId: z.number().int().nullable(),
});

export const ZQuoteHistoryEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(['created', 'modified', 'status_changed', 'sent']),
  user: z.string().nullable(),
  fromStatus: z.enum(QUOTE_STATUSES).nullable(),
  toStatus: z.enum(QUOTE_STATUSES).nullable(),
  reason: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type QuoteHistoryEntry = z.infer<typeof ZQuoteHistoryEntry>;
export const ZQuoteHistoryResponse = z.array(ZQuoteHistoryEntry);
