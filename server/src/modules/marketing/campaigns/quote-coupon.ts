import type { Db } from '../../../platform/database';
import { type PricedQuote, type PricingBasis, priceQuote } from '../../sales/quote-pricing';
import { type CouponHolder, campaignOfChannel, checkCoupon } from './campaigns.service';

type CouponInput = Parameters<typeof priceQuote>[1] & { couponCode: string; channel: string };

/**
 * Prices a quote with its coupon: the code must be valid on the quote date (10001 on couponCode
 * otherwise) and its value comes from the campaign, never from the client, limited to what the maximum
 * discount leaves after the manual discount. Without a code the entered coupon amount stands as before.
 * The quote links to the coupon's campaign, else to the campaign its channel names. `holder` is the quote
 * being saved (its own use is not counted against the coupon's usage limit).
 */
export async function priceQuoteWithCoupon(
  db: Db,
  input: CouponInput,
  basis: PricingBasis,
  holder: CouponHolder = {},
): Promise<{ priced: PricedQuote; couponDiscountCents: number; campaignId: number | null }> {
  if (input.couponCode.trim() === '') {
    const priced = await priceQuote(db, input, basis);
    return { priced, couponDiscountCents: input.couponDiscountCents, campaignId: await campaignOfChannel(db, input.channel) };
  }
  const unpriced = await priceQuote(db, { ...input, couponDiscountCents: 0 }, basis);
  const coupon = await checkCoupon(db, {
    couponCode: input.couponCode,
    serviceDate: basis.quoteDate,
    basePriceCents: unpriced.breakdown.basePriceCents,
    holder,
  });
  const room = Math.max(0, unpriced.breakdown.maxDiscountCents - input.discountCents);
  const couponDiscountCents = Math.min(coupon.discountCents, room);
  const priced = await priceQuote(db, { ...input, couponDiscountCents }, basis);
  return { priced, couponDiscountCents, campaignId: coupon.campaignId };
}
