import {
  calculateQuotePrice,
  formatCents,
  type Locale,
  type QuoteCalcContext,
  type QuoteCalcRequest,
  type QuoteLine,
  type QuotePriceBreakdown,
  type QuotePriceItem,
  type QuotePricingParameters,
  RECURRING_DISCOUNT_BPS,
} from '@tidyhouse/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import { businessToday, priceItemsOn, pricingParameters, zoneOfZip } from '../customers/lookups';
import { quoteLines, quotes } from './sales.tables';

/**
 * The server side of quote pricing: the same pure function the web runs (contract/src/pricing.ts),
 * fed with the parameters and price list rates of the quote's date, never with client figures.
 */

type QuoteRow = typeof quotes.$inferSelect;

/** What a quote is priced with: its date, its parameters and the rates its lines already copied. */
export interface PricingBasis {
  quoteDate: string;
  parameters: QuotePricingParameters;
  /** Rates copied into an existing quote's lines, by price item id. */
  copied: Map<number, QuotePriceItem>;
}

export function parametersOfQuote(row: QuoteRow): QuotePricingParameters {
  return {
    minutesPerPersonPer1000Sqft: row.minutesPerPersonPer1000Sqft,
    priceRangeVarianceBps: row.priceRangeVarianceBps,
    maxDiscountBps: row.maxDiscountBps,
    salesTaxBps: row.salesTaxBps,
    defaultTeamSize: row.defaultTeamSize,
    defaultPricePerMinuteCents: row.defaultPricePerMinuteCents,
  };
}

/** A new quote: today's business date and the current parameters. */
export async function newQuoteBasis(db: Db): Promise<PricingBasis> {
  return { quoteDate: await businessToday(db), parameters: await pricingParameters(db), copied: new Map() };
}

/** An existing quote: its own date, its copied parameters and its lines' copied rates. */
export async function existingQuoteBasis(db: Db, quote: QuoteRow): Promise<PricingBasis> {
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.sortOrder));
  const copied = new Map<number, QuotePriceItem>();
  for (const line of lines) {
    copied.set(line.priceItemId, {
      priceItemId: line.priceItemId,
      kind: line.kind,
      nameEn: line.nameEn,
      nameZh: line.nameZh,
      taxable: line.taxable,
      minutesEach: line.minutesEach,
      unitPriceCents: line.unitPriceCents,
    });
  }
  return { quoteDate: quote.quoteDate, parameters: parametersOfQuote(quote), copied };
}

export async function basisForQuoteId(db: Db, quoteId: number | null): Promise<PricingBasis> {
  if (quoteId === null) return newQuoteBasis(db);
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw notFound('sales.quote');
  return existingQuoteBasis(db, quote);
}

type PricingInput = Pick<
  QuoteCalcRequest,
  | 'houseSizeSqft'
  | 'lines'
  | 'frequency'
  | 'teamSize'
  | 'pricePerMinuteCents'
  | 'travelMinutes'
  | 'couponDiscountCents'
  | 'discountCents'
  | 'flatRateCents'
>;

export interface PricedQuote {
  teamSize: number;
  pricePerMinuteCents: number;
  lines: QuoteLine[];
  breakdown: QuotePriceBreakdown;
}

/** Prices a quote's input on its basis; a price item without a rate on the quote date is 10010. */
export async function priceQuote(db: Db, input: PricingInput, basis: PricingBasis): Promise<PricedQuote> {
  const missing = [...new Set(input.lines.map((l) => l.priceItemId).filter((id) => !basis.copied.has(id)))];
  const rates = new Map(basis.copied);
  for (const item of await priceItemsOn(db, basis.quoteDate, missing)) rates.set(item.priceItemId, item);
  const resolved = input.lines.map((line) => {
    const rate = rates.get(line.priceItemId);
    if (!rate) throw refused('sales.priceItemUnavailable', { id: line.priceItemId, date: basis.quoteDate });
    return { rate, quantity: line.quantity };
  });
  // Both are at least 1 by their schemas (NUMBER_RANGES.quoteTeamSize, the parameter's range): nothing to clamp.
  const teamSize = input.teamSize ?? basis.parameters.defaultTeamSize;
  const pricePerMinuteCents = input.pricePerMinuteCents ?? basis.parameters.defaultPricePerMinuteCents;
  const breakdown = calculateQuotePrice(
    {
      houseSizeSqft: input.houseSizeSqft,
      lines: resolved.map(({ rate, quantity }) => ({
        kind: rate.kind,
        quantity,
        minutesEach: rate.minutesEach,
        unitPriceCents: rate.unitPriceCents,
        taxable: rate.taxable,
      })),
      teamSize,
      pricePerMinuteCents,
      travelMinutes: input.travelMinutes,
      frequency: input.frequency,
      couponDiscountCents: input.couponDiscountCents,
      discountCents: input.discountCents,
      flatRateCents: input.flatRateCents,
    },
    basis.parameters,
  );
  const lines = resolved.map(({ rate, quantity }, index) => {
    const priced = breakdown.lines[index + 1]!;
    return { ...rate, quantity, totalMinutes: priced.totalMinutes, amountCents: priced.amountCents };
  });
  return { teamSize, pricePerMinuteCents, lines, breakdown };
}

/** The discount cap: a larger coupon + discount is refused with 10010 and the figures. */
export function assertDiscountAllowed(
  breakdown: Pick<QuotePriceBreakdown, 'discountExceedsMax' | 'totalDiscountCents' | 'maxDiscountCents' | 'basePriceCents'>,
  parameters: Pick<QuotePricingParameters, 'maxDiscountBps'>,
  locale: Locale,
): void {
  if (!breakdown.discountExceedsMax) return;
  throw refused('sales.discountTooLarge', {
    discount: formatCents(breakdown.totalDiscountCents, locale),
    max: formatCents(breakdown.maxDiscountCents, locale),
    percent: `${(parameters.maxDiscountBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`,
    price: formatCents(breakdown.basePriceCents, locale),
  });
}

export async function calcQuote(db: Db, req: QuoteCalcRequest) {
  const basis = await basisForQuoteId(db, req.quoteId);
  const priced = await priceQuote(db, req, basis);
  return { breakdown: priced.breakdown, lines: priced.lines, zone: await zoneOfZip(db, req.zip.slice(0, 5)) };
}

export async function calcContext(db: Db, quoteId: number | null): Promise<QuoteCalcContext> {
  const basis = await basisForQuoteId(db, quoteId);
  const current = await priceItemsOn(db, basis.quoteDate);
  const merged = new Map(current.map((item) => [item.priceItemId, item]));
  for (const [id, item] of basis.copied) merged.set(id, item);
  return {
    quoteDate: basis.quoteDate,
    parameters: basis.parameters,
    priceItems: [...merged.values()],
    recurringDiscountBps: { ...RECURRING_DISCOUNT_BPS },
  };
}
