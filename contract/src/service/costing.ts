import { mulDivRoundHalfUp } from '../pricing';

/**
 * Job costing (docs/business-rules.md "Job costing"): ONE pure function, run by the web for the live
 * figures of the pricing tab and by the server on every save (it stores only its own result). Money
 * is integer cents, rates basis points, durations minutes; every division rounds half up via BigInt.
 */

export interface CostingLine {
  quantity: number;
  /** In-home (person-)minutes of one unit. */
  minutesEach: number;
  /** Fixed charge of one unit, on top of its minutes at the price per minute. */
  unitPriceCents: number;
  taxable: boolean;
  /** A line given at no charge (with a reason): its time counts, its amount is 0. */
  free: boolean;
}

export interface CostingMember {
  /** Minutes the member is planned on the job (the job's duration on site). */
  plannedMinutes: number;
  /** The member's hourly cost on the service date (pay-rate history), cents per hour. */
  hourlyRateCents: number;
}

export interface CostingInput {
  lines: readonly CostingLine[];
  pricePerMinuteCents: number;
  /** A negotiated price that replaces the sum of the lines (null: none). */
  flatRateCents: number | null;
  couponCents: number;
  discountCents: number;
  salesTaxBps: number;
  members: readonly CostingMember[];
}

export interface Costing {
  /** Each line's amount, in input order: quantity × (minutes each × price per minute + unit price), 0 when free. */
  lineAmountsCents: number[];
  /** Person-minutes of all lines (free ones included). */
  lineMinutes: number;
  /** Sum of the line amounts, or the flat rate. */
  revenueCents: number;
  /** Coupon + discount, never more than the revenue. */
  discountsCents: number;
  subtotalCents: number;
  /** The taxable lines' share of the subtotal. */
  taxableCents: number;
  taxesCents: number;
  projectedLaborCents: number;
  invoiceTotalCents: number;
  /** Subtotal − projected labor (taxes are passed on, not earned). */
  profitLossCents: number;
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** The costing of one job: see docs/business-rules.md for the formula and worked examples. */
export function calculateJobCosting(input: CostingInput): Costing {
  assertCount('pricePerMinuteCents', input.pricePerMinuteCents);
  assertCount('couponCents', input.couponCents);
  assertCount('discountCents', input.discountCents);
  assertCount('salesTaxBps', input.salesTaxBps);
  if (input.flatRateCents !== null) assertCount('flatRateCents', input.flatRateCents);

  let lineMinutes = 0;
  let linesCents = 0;
  let taxableLinesCents = 0;
  const lineAmountsCents = input.lines.map((line) => {
    assertCount('quantity', line.quantity);
    assertCount('minutesEach', line.minutesEach);
    assertCount('unitPriceCents', line.unitPriceCents);
    const minutes = line.quantity * line.minutesEach;
    lineMinutes += minutes;
    const amount = line.free ? 0 : minutes * input.pricePerMinuteCents + line.quantity * line.unitPriceCents;
    linesCents += amount;
    if (line.taxable) taxableLinesCents += amount;
    return amount;
  });

  const revenueCents = input.flatRateCents ?? linesCents;
  const discountsCents = Math.min(input.couponCents + input.discountCents, revenueCents);
  const subtotalCents = revenueCents - discountsCents;
  // A flat rate and discounts scale every line alike, so the taxable lines keep their share.
  const taxableCents = linesCents > 0 ? mulDivRoundHalfUp(taxableLinesCents, subtotalCents, linesCents) : 0;
  // Rounded once per invoice, half up.
  const taxesCents = mulDivRoundHalfUp(taxableCents, input.salesTaxBps, 10_000);

  let projectedLaborCents = 0;
  for (const member of input.members) {
    assertCount('plannedMinutes', member.plannedMinutes);
    assertCount('hourlyRateCents', member.hourlyRateCents);
    projectedLaborCents += mulDivRoundHalfUp(member.plannedMinutes, member.hourlyRateCents, 60);
  }

  return {
    lineAmountsCents,
    lineMinutes,
    revenueCents,
    discountsCents,
    subtotalCents,
    taxableCents,
    taxesCents,
    projectedLaborCents,
    invoiceTotalCents: subtotalCents + taxesCents,
    profitLossCents: subtotalCents - projectedLaborCents,
  };
}
