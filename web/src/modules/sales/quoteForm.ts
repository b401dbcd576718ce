import {
  type CustomerSource,
  centsToDecimalText,
  type HouseType,
  type JobFrequency,
  type Locale,
  type PriceLineInput,
  parseMoneyToCents,
  type Quote,
  type QuoteCalcContext,
  type QuotePriceInput,
  type QuotePriceItem,
  type ZQuoteAddRequest,
} from '@tidyhouse/contract';
import type { z } from 'zod';

/** One price-list line of the form: the item and its quantity as typed. */
export interface QuoteLineValues {
  priceItemId?: number;
  quantity?: string;
}

/** The quote form's values: numbers stay text as typed (DecimalInput), money in dollars. */
export interface QuoteFormValues {
  customerName: string;
  phone1: string;
  phone2: string;
  phone3: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  county: string;
  zip: string;
  country: string;
  language: Locale;
  source: CustomerSource | null;
  channel: string;
  customerNote: string;
  locationType: 'residential' | 'commercial';
  houseType?: HouseType;
  jobLocation: string;
  jobNote: string;
  occupants: string;
  houseSizeSqft: string;
  housingArea: string;
  quoteType: 'fixed' | 'hourly';
  /** Housing details (price-list items). */
  items: QuoteLineValues[];
  /** Add-ons and fees. */
  extras: QuoteLineValues[];
  frequency: JobFrequency;
  teamSize: string;
  pricePerMinute: string;
  travelMinutes: string;
  couponCode: string;
  couponDiscount: string;
  discount: string;
  flatRate: string;
  teamNote: string;
  preferredTeamId: number | null;
}

export type QuoteRequest = z.input<typeof ZQuoteAddRequest>;

export const EMPTY_QUOTE: QuoteFormValues = {
  customerName: '',
  phone1: '',
  phone2: '',
  phone3: '',
  email: '',
  address1: '',
  address2: '',
  city: '',
  state: 'CA',
  county: '',
  zip: '',
  country: 'US',
  language: 'en',
  source: null,
  channel: '',
  customerNote: '',
  locationType: 'residential',
  houseType: undefined,
  jobLocation: '',
  jobNote: '',
  occupants: '',
  houseSizeSqft: '',
  housingArea: '',
  quoteType: 'fixed',
  items: [],
  extras: [],
  frequency: 'one_time',
  teamSize: '',
  pricePerMinute: '',
  travelMinutes: '',
  couponCode: '',
  couponDiscount: '',
  discount: '',
  flatRate: '',
  teamNote: '',
  preferredTeamId: null,
};

/**
 * A whole number from a numeric field's text ('2,000.00' → 2000); null when empty, not a number or
 * not whole: '7.50' is never rounded to 8 (the field's range rule refuses it on save).
 */
export function intFromText(text: string | null | undefined): number | null {
  const cents = parseMoneyToCents(text ?? '');
  if (cents === null || cents < 0 || cents % 100 !== 0) return null;
  return cents / 100;
}

/** Cents from a dollar field's text; null when empty or not an amount. */
export function centsFromText(text: string | null | undefined): number | null {
  const cents = parseMoneyToCents(text ?? '');
  return cents === null || cents < 0 ? null : cents;
}

const intText = (value: number | null | undefined) => (value === null || value === undefined ? '' : `${value}.00`);
const moneyText = (cents: number | null | undefined) => (cents ? centsToDecimalText(cents) : '');

/** The lines the form holds, in order, with a valid item; an empty quantity is 1 (the range rule refuses 0 or 100 on save). */
export function formLines(values: Partial<QuoteFormValues>): { priceItemId: number; quantity: number }[] {
  return [...(values.items ?? []), ...(values.extras ?? [])]
    .filter((line): line is { priceItemId: number; quantity?: string } => typeof line?.priceItemId === 'number')
    .map((line) => ({ priceItemId: line.priceItemId, quantity: intFromText(line.quantity) ?? 1 }));
}

/** The calculator's input from the form, with the rates of the calculation context (the server does the same). */
export function toPriceInput(values: Partial<QuoteFormValues>, context: QuoteCalcContext): QuotePriceInput {
  const byId = new Map<number, QuotePriceItem>(context.priceItems.map((item) => [item.priceItemId, item]));
  const lines: PriceLineInput[] = [];
  for (const line of formLines(values)) {
    const item = byId.get(line.priceItemId);
    if (!item) continue;
    lines.push({
      kind: item.kind,
      quantity: line.quantity,
      minutesEach: item.minutesEach,
      unitPriceCents: item.unitPriceCents,
      taxable: item.taxable,
    });
  }
  const teamSize = intFromText(values.teamSize);
  return {
    houseSizeSqft: intFromText(values.houseSizeSqft) ?? 0,
    lines,
    teamSize: teamSize && teamSize >= 1 ? teamSize : context.parameters.defaultTeamSize,
    pricePerMinuteCents: centsFromText(values.pricePerMinute) ?? context.parameters.defaultPricePerMinuteCents,
    travelMinutes: intFromText(values.travelMinutes) ?? 0,
    frequency: values.frequency ?? 'one_time',
    couponDiscountCents: centsFromText(values.couponDiscount) ?? 0,
    discountCents: centsFromText(values.discount) ?? 0,
    flatRateCents: centsFromText(values.flatRate),
  };
}

/**
 * The /quote/add (or modify) body from the form's values. Never a card field: a card is entered
 * through the card gateway on the customer once the quote is sold (the server refuses card fields).
 */
export function toQuoteRequest(values: QuoteFormValues): QuoteRequest {
  const teamSize = intFromText(values.teamSize);
  return {
    customerName: values.customerName,
    phone1: values.phone1,
    phone2: values.phone2 ?? '',
    phone3: values.phone3 ?? '',
    email: values.email ?? '',
    address1: values.address1,
    address2: values.address2 ?? '',
    city: values.city ?? '',
    state: values.state ?? '',
    county: values.county ?? '',
    zip: values.zip,
    country: values.country || 'US',
    language: values.language,
    source: values.source ?? null,
    channel: values.channel ?? '',
    customerNote: values.customerNote ?? '',
    locationType: values.locationType,
    houseType: values.houseType as HouseType,
    jobLocation: values.jobLocation ?? '',
    jobNote: values.jobNote ?? '',
    occupants: intFromText(values.occupants),
    houseSizeSqft: intFromText(values.houseSizeSqft) ?? 0,
    housingArea: values.housingArea ?? '',
    quoteType: values.quoteType,
    lines: formLines(values),
    frequency: values.frequency,
    teamSize: teamSize && teamSize >= 1 ? teamSize : null,
    pricePerMinuteCents: centsFromText(values.pricePerMinute),
    travelMinutes: intFromText(values.travelMinutes) ?? 0,
    couponCode: values.couponCode ?? '',
    couponDiscountCents: centsFromText(values.couponDiscount) ?? 0,
    discountCents: centsFromText(values.discount) ?? 0,
    flatRateCents: centsFromText(values.flatRate),
    teamNote: values.teamNote ?? '',
    preferredTeamId: values.preferredTeamId ?? null,
  };
}

/** The form's values of a saved quote (editing a pending quote). */
export function fromQuote(quote: Quote): QuoteFormValues {
  const lineValues = (kinds: string[]) =>
    quote.lines
      .filter((line) => kinds.includes(line.kind))
      .map((line) => ({ priceItemId: line.priceItemId, quantity: intText(line.quantity) }));
  return {
    customerName: quote.customerName,
    phone1: quote.phone1,
    phone2: quote.phone2,
    phone3: quote.phone3,
    email: quote.email,
    address1: quote.address1,
    address2: quote.address2,
    city: quote.city,
    state: quote.state,
    county: quote.county,
    zip: quote.zip,
    country: quote.country,
    language: quote.language,
    source: quote.source,
    channel: quote.channel,
    customerNote: quote.customerNote,
    locationType: quote.locationType,
    houseType: quote.houseType,
    jobLocation: quote.jobLocation,
    jobNote: quote.jobNote,
    occupants: intText(quote.occupants),
    houseSizeSqft: intText(quote.houseSizeSqft),
    housingArea: quote.housingArea,
    quoteType: quote.quoteType,
    items: lineValues(['item']),
    extras: lineValues(['addon', 'fee']),
    frequency: quote.frequency,
    teamSize: intText(quote.teamSize),
    pricePerMinute: centsToDecimalText(quote.pricePerMinuteCents),
    travelMinutes: intText(quote.travelMinutes),
    couponCode: quote.couponCode,
    couponDiscount: moneyText(quote.couponDiscountCents),
    discount: moneyText(quote.discountCents),
    flatRate: quote.flatRateCents === null ? '' : centsToDecimalText(quote.flatRateCents),
    teamNote: quote.teamNote,
    preferredTeamId: quote.preferredTeam?.id ?? null,
  };
}

/** A zip is complete when it has its five digits (ZIP+4 accepted). */
export const isCompleteZip = (zip: string | undefined) => /^\d{5}(-\d{4})?$/.test((zip ?? '').trim());
