/**
 * The quote price calculation (docs/business-rules.md "Quote pricing"): ONE pure function, used by
 * the web for the live breakdown and recomputed by the server on every save (the client's figures
 * are never trusted). Money is integer cents, rates basis points, durations minutes; every division
 * rounds half up explicitly and goes through BigInt, so no float ever touches money.
 */

export const JOB_FREQUENCIES = ['one_time', 'weekly', 'biweekly', 'every_four_weeks', 'monthly'] as const;
export type JobFrequency = (typeof JOB_FREQUENCIES)[number];

/**
 * Recurring service is cheaper per visit than a one-time clean (the house stays clean between
 * visits). The first visit of any frequency is priced as a one-time clean; every later visit gets
 * this discount off the calculated price, rounded down. Not a discretionary discount: not counted in the cap.
 */
export const RECURRING_DISCOUNT_BPS: Readonly<Record<JobFrequency, number>> = {
  one_time: 0,
  weekly: 2000,
  biweekly: 1500,
  every_four_weeks: 1000,
  monthly: 1000,
};

export const PRICE_LINE_KINDS = ['item', 'addon', 'fee'] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];

/** One priced line of the quote: a housing detail item, an add-on or a fee, with its rate. */
export interface PriceLineInput {
  kind: PriceLineKind;
  quantity: number;
  /** In-home minutes of one unit (rate in force on the quote date). */
  minutesEach: number;
  /** Fixed charge of one unit, on top of its minutes (rate in force on the quote date). */
  unitPriceCents: number;
  taxable: boolean;
}

/** Settings the calculation reads (quote parameters and the business's sales tax). */
export interface PricingParameters {
  minutesPerPersonPer1000Sqft: number;
  priceRangeVarianceBps: number;
  maxDiscountBps: number;
  salesTaxBps: number;
}

export interface QuotePriceInput {
  houseSizeSqft: number;
  lines: readonly PriceLineInput[];
  teamSize: number;
  pricePerMinuteCents: number;
  /** Driving time to the house: shown and scheduled, never billed. */
  travelMinutes: number;
  frequency: JobFrequency;
  /** Coupon value: first visit only. */
  couponDiscountCents: number;
  /** Manual discount: every visit. */
  discountCents: number;
  /** A negotiated price per visit that replaces the calculated price. */
  flatRateCents: number | null;
}

export interface PricedLine {
  kind: 'base' | PriceLineKind;
  quantity: number;
  minutesEach: number;
  totalMinutes: number;
  /** totalMinutes × price per minute. */
  labourCents: number;
  /** quantity × unit price. */
  fixedCents: number;
  amountCents: number;
  taxable: boolean;
}

export interface VisitPrice {
  /** Price before discounts: the calculated price, or the flat rate. */
  priceCents: number;
  /** Every discount of this visit (recurring, coupon, manual). */
  discountCents: number;
  netCents: number;
  /** The taxable part of the net price (taxable lines' share). */
  taxableCents: number;
  taxCents: number;
  totalCents: number;
}

export interface QuotePriceBreakdown {
  baseMinutes: number;
  itemMinutes: number;
  addonMinutes: number;
  feeMinutes: number;
  /** Person-minutes of work: base + items + add-ons + fees. */
  labourMinutes: number;
  teamSize: number;
  /** Time on site: labour ÷ team size, rounded up. */
  inHomeMinutes: number;
  travelMinutes: number;
  pricePerMinuteCents: number;
  hourlyRateCents: number;
  lines: PricedLine[];
  labourCents: number;
  fixedChargesCents: number;
  /** Sum of the lines: the price the calculator arrives at for one visit. */
  calculatedPriceCents: number;
  taxableSubtotalCents: number;
  rangeLowCents: number;
  rangeHighCents: number;
  flatRateCents: number | null;
  /** What discounts apply to: the flat rate when there is one, else the calculated price. */
  basePriceCents: number;
  couponDiscountCents: number;
  discountCents: number;
  /** Coupon + manual discount (the discretionary part the cap limits). */
  totalDiscountCents: number;
  /** The largest discretionary discount allowed: base price × maximum discount, rounded down. */
  maxDiscountCents: number;
  discountExceedsMax: boolean;
  frequency: JobFrequency;
  recurringDiscountBps: number;
  recurringDiscountCents: number;
  firstVisit: VisitPrice;
  /** Every visit after the first; null for a one-time clean. */
  recurringVisit: VisitPrice | null;
  /** The price offered: the first visit's total, tax included. */
  finalOfferCents: number;
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** a ÷ b rounded half up, for non-negative integers (b > 0). */
export function divRoundHalfUp(a: number, b: number): number {
  return mulDivRoundHalfUp(a, 1, b);
}

/** a × b ÷ c rounded half up, exact for non-negative integers of any size (c > 0). */
export function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** a × b ÷ c rounded down (for caps that must never be exceeded). */
export function mulDivFloor(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * The maximum-discount rule (quote parameters' maximum discount): coupon + manual discount may be at
 * most the price before discounts × the maximum, rounded down. Quotes and jobs both apply it.
 */
export function maxDiscountOf(basePriceCents: number, maxDiscountBps: number): number {
  return mulDivFloor(basePriceCents, Math.min(maxDiscountBps, 10_000), 10_000);
}

function visitPrice(
  priceCents: number,
  discountCents: number,
  taxableSubtotalCents: number,
  calculatedPriceCents: number,
  salesTaxBps: number,
): VisitPrice {
  const applied = Math.min(discountCents, priceCents);
  const netCents = priceCents - applied;
  // Discounts and a flat rate scale every line alike, so the taxable lines keep their share.
  const taxableCents = calculatedPriceCents > 0 ? mulDivRoundHalfUp(taxableSubtotalCents, netCents, calculatedPriceCents) : 0;
  const taxCents = mulDivRoundHalfUp(taxableCents, salesTaxBps, 10_000);
  return { priceCents, discountCents: applied, netCents, taxableCents, taxCents, totalCents: netCents + taxCents };
}

/** The price of a quote: see docs/business-rules.md for the formula and worked examples. */
export function calculateQuotePrice(input: QuotePriceInput, params: PricingParameters): QuotePriceBreakdown {
  for (const [name, value] of Object.entries({
    houseSizeSqft: input.houseSizeSqft,
    pricePerMinuteCents: input.pricePerMinuteCents,
    travelMinutes: input.travelMinutes,
    couponDiscountCents: input.couponDiscountCents,
    discountCents: input.discountCents,
    minutesPerPersonPer1000Sqft: params.minutesPerPersonPer1000Sqft,
    priceRangeVarianceBps: params.priceRangeVarianceBps,
    maxDiscountBps: params.maxDiscountBps,
    salesTaxBps: params.salesTaxBps,
  })) {
    assertCount(name, value);
  }
  if (input.flatRateCents !== null) assertCount('flatRateCents', input.flatRateCents);
  if (!Number.isSafeInteger(input.teamSize) || input.teamSize < 1) throw new RangeError('teamSize must be at least 1');
  const ppm = input.pricePerMinuteCents;

  const baseMinutes = mulDivRoundHalfUp(params.minutesPerPersonPer1000Sqft, input.houseSizeSqft, 1000);
  const lines: PricedLine[] = [
    {
      kind: 'base',
      quantity: 1,
      minutesEach: baseMinutes,
      totalMinutes: baseMinutes,
      labourCents: baseMinutes * ppm,
      fixedCents: 0,
      amountCents: baseMinutes * ppm,
      taxable: false,
    },
  ];
  const minutesByKind: Record<PriceLineKind, number> = { item: 0, addon: 0, fee: 0 };
  for (const line of input.lines) {
    assertCount('quantity', line.quantity);
    assertCount('minutesEach', line.minutesEach);
    assertCount('unitPriceCents', line.unitPriceCents);
    const totalMinutes = line.quantity * line.minutesEach;
    const labourCents = totalMinutes * ppm;
    const fixedCents = line.quantity * line.unitPriceCents;
    minutesByKind[line.kind] += totalMinutes;
    lines.push({
      kind: line.kind,
      quantity: line.quantity,
      minutesEach: line.minutesEach,
      totalMinutes,
      labourCents,
      fixedCents,
      amountCents: labourCents + fixedCents,
      taxable: line.taxable,
    });
  }

  const labourMinutes = baseMinutes + minutesByKind.item + minutesByKind.addon + minutesByKind.fee;
  const inHomeMinutes = Math.ceil(labourMinutes / input.teamSize);
  const labourCents = lines.reduce((sum, l) => sum + l.labourCents, 0);
  const fixedChargesCents = lines.reduce((sum, l) => sum + l.fixedCents, 0);
  const calculatedPriceCents = labourCents + fixedChargesCents;
  const taxableSubtotalCents = lines.reduce((sum, l) => sum + (l.taxable ? l.amountCents : 0), 0);
  const variance = mulDivRoundHalfUp(calculatedPriceCents, params.priceRangeVarianceBps, 10_000);

  const basePriceCents = input.flatRateCents ?? calculatedPriceCents;
  const totalDiscountCents = input.couponDiscountCents + input.discountCents;
  const maxDiscountCents = maxDiscountOf(basePriceCents, params.maxDiscountBps);

  const firstVisit = visitPrice(
    basePriceCents,
    totalDiscountCents,
    taxableSubtotalCents,
    calculatedPriceCents,
    params.salesTaxBps,
  );

  // A flat rate is the negotiated price of every visit: the recurring discount does not apply to it.
  const recurringDiscountBps = input.flatRateCents === null ? RECURRING_DISCOUNT_BPS[input.frequency] : 0;
  // Rounded down like the cap: a percentage discount never exceeds its percentage, so a recurring
  // discount of the cap's percentage never shows a cent more than the maximum (15 % of $287.45 is
  // $43.1175: $43.11, not $43.12).
  const recurringDiscountCents = mulDivFloor(basePriceCents, recurringDiscountBps, 10_000);
  const recurringVisit =
    input.frequency === 'one_time'
      ? null
      : visitPrice(
          basePriceCents,
          recurringDiscountCents + input.discountCents,
          taxableSubtotalCents,
          calculatedPriceCents,
          params.salesTaxBps,
        );

  return {
    baseMinutes,
    itemMinutes: minutesByKind.item,
    addonMinutes: minutesByKind.addon,
    feeMinutes: minutesByKind.fee,
    labourMinutes,
    teamSize: input.teamSize,
    inHomeMinutes,
    travelMinutes: input.travelMinutes,
    pricePerMinuteCents: ppm,
    hourlyRateCents: ppm * 60,
    lines,
    labourCents,
    fixedChargesCents,
    calculatedPriceCents,
    taxableSubtotalCents,
    rangeLowCents: Math.max(0, calculatedPriceCents - variance),
    rangeHighCents: calculatedPriceCents + variance,
    flatRateCents: input.flatRateCents,
    basePriceCents,
    couponDiscountCents: input.couponDiscountCents,
    discountCents: input.discountCents,
    totalDiscountCents,
    maxDiscountCents,
    discountExceedsMax: totalDiscountCents > maxDiscountCents,
    frequency: input.frequency,
    recurringDiscountBps,
    recurringDiscountCents,
    firstVisit,
    recurringVisit,
    finalOfferCents: firstVisit.totalCents,
  };
}
