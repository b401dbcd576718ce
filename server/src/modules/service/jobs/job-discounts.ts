import { calculateJobCosting, type Locale, maxDiscountOf } from '@tidyhouse/contract';
import type { Db } from '../../../platform/database';
import { checkCoupon } from '../../marketing/campaigns/campaigns.service';
import { assertDiscountAllowed } from '../../sales/quote-pricing';
import { quoteParameters } from '../../system/settings.tables';

/**
 * Coupon and hand discount of a job (docs/business-rules.md "Coupons and discounts on jobs"), the same
 * rules as a quote: a coupon code's value comes from its campaign (marketing's `checkCoupon`: dates,
 * approval, usage limit, minimum price), never from the client, limited to what the maximum discount
 * leaves after the hand discount; coupon + discount may not exceed the maximum discount
 * (`maxDiscountOf`) unless the user holds `job:discount:override`.
 */
export interface JobDiscountInput {
  /** The job being changed (its own use of the coupon is not counted); absent for a new job. */
  jobId?: number;
  /** The quote the job came from: a sold quote and its job carrying the same code are one use. */
  quoteId?: number | null;
  couponCode: string;
  /** The coupon amount typed in: kept only when there is no code (older jobs, hand coupons). */
  couponCents: number;
  discountCents: number;
  /** The date the coupon must be valid on: the service date, or today for a job without one. */
  pricingDate: string;
  /** Revenue before discounts: the lines' amounts or the flat rate. */
  basePriceCents: number;
  /**
   * What the job held before: an unchanged code on the same date and the same base keeps its value
   * without a new check; a new base (lines, price per minute, flat rate) values the code again.
   */
  previous?: { couponCode: string; couponCents: number; pricingDate: string; basePriceCents: number };
  mayOverride: boolean;
  locale: Locale;
}

export async function maxDiscountBpsOf(tx: Db): Promise<number> {
  const [params] = await tx.select({ bps: quoteParameters.maxDiscountBps }).from(quoteParameters).limit(1);
  return params?.bps ?? 0;
}

/** The base price the cap and a percentage coupon apply to, from lines or a flat rate (no discounts). */
export function basePriceOf(
  lines: readonly { quantity: number; minutesEach: number; unitPriceCents: number; taxable: boolean; free: boolean }[],
  pricePerMinuteCents: number,
  flatRateCents: number | null,
): number {
  return calculateJobCosting({
    lines,
    pricePerMinuteCents,
    flatRateCents,
    couponCents: 0,
    discountCents: 0,
    salesTaxBps: 0,
    members: [],
  }).revenueCents;
}

/** The coupon and discount to store, or 10001 on couponCode (refused coupon) / 10010 (over the cap). */
export async function settleJobDiscounts(
  tx: Db,
  input: JobDiscountInput,
): Promise<{ couponCode: string; couponCents: number; discountCents: number }> {
  const couponCode = input.couponCode.trim();
  const maxDiscountBps = await maxDiscountBpsOf(tx);
  const maxDiscountCents = maxDiscountOf(input.basePriceCents, maxDiscountBps);
  let couponCents = input.couponCents;
  if (couponCode !== '') {
    const prev = input.previous;
    const unchanged =
      prev !== undefined &&
      prev.couponCode.toLowerCase() === couponCode.toLowerCase() &&
      prev.pricingDate === input.pricingDate &&
      prev.basePriceCents === input.basePriceCents;
    const value = unchanged
      ? prev.couponCents
      : (
          await checkCoupon(tx, {
            couponCode,
            serviceDate: input.pricingDate,
            basePriceCents: input.basePriceCents,
            holder: { jobId: input.jobId, quoteId: input.quoteId ?? undefined },
          })
        ).discountCents;
    couponCents = Math.min(value, Math.max(0, maxDiscountCents - input.discountCents));
  }
  const totalDiscountCents = couponCents + input.discountCents;
  if (!input.mayOverride) {
    assertDiscountAllowed(
      {
        discountExceedsMax: totalDiscountCents > maxDiscountCents,
        totalDiscountCents,
        maxDiscountCents,
        basePriceCents: input.basePriceCents,
      },
      { maxDiscountBps },
      input.locale,
    );
  }
  return { couponCode, couponCents, discountCents: input.discountCents };
}

/**
 * A write that changes a job's base without touching its coupon fields (new lines): a coupon code is
 * valued again on the new base as if typed in (a percentage of the new base, the cap, a code that no
 * longer qualifies refused on couponCode). Returns the columns to store; none without a code or a change.
 */
export async function revalueJobCoupon(
  tx: Db,
  job: { id: number; quoteId: number | null; couponCode: string; couponCents: number; discountCents: number },
  base: { beforeCents: number; afterCents: number; pricingDate: string },
  rule: { mayOverride: boolean; locale: Locale },
): Promise<{ couponCents?: number }> {
  if (job.couponCode.trim() === '' || base.beforeCents === base.afterCents) return {};
  const settled = await settleJobDiscounts(tx, {
    jobId: job.id,
    quoteId: job.quoteId,
    couponCode: job.couponCode,
    couponCents: job.couponCents,
    discountCents: job.discountCents,
    pricingDate: base.pricingDate,
    basePriceCents: base.afterCents,
    ...rule,
  });
  return { couponCents: settled.couponCents };
}
