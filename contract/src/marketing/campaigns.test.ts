import { describe, expect, it } from 'vitest';
import { type CouponCampaign, campaignRatios, couponDiscountCents, couponRefusal, ZCampaignAddRequest } from './campaigns';

const campaign: CouponCampaign = {
  auditStatus: 'approved',
  active: true,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  couponKind: 'percent',
  couponValue: 1500,
};

describe('coupon validity', () => {
  it('applies only while approved, active and within its dates, both ends included', () => {
    expect(couponRefusal(campaign, '2026-03-01')).toBeNull();
    expect(couponRefusal(campaign, '2026-03-31')).toBeNull();
    expect(couponRefusal(campaign, '2026-02-28')).toBe('coupon.notStarted');
    expect(couponRefusal(campaign, '2026-04-01')).toBe('coupon.ended');
    expect(couponRefusal({ ...campaign, auditStatus: 'pending' }, '2026-03-10')).toBe('coupon.notApproved');
    expect(couponRefusal({ ...campaign, auditStatus: 'failed' }, '2026-03-10')).toBe('coupon.notApproved');
    expect(couponRefusal({ ...campaign, active: false }, '2026-03-10')).toBe('coupon.inactive');
    expect(couponRefusal(null, '2026-03-10')).toBe('coupon.unknown');
  });

  it('refuses a coupon used up by other records, or on a price below its minimum', () => {
    const limited = { ...campaign, usageLimit: 3, minSubtotalCents: 10_000 };
    expect(couponRefusal(limited, '2026-03-10', { usedCount: 2, basePriceCents: 10_000 })).toBeNull();
    expect(couponRefusal(limited, '2026-03-10', { usedCount: 3, basePriceCents: 10_000 })).toBe('coupon.usedUp');
    expect(couponRefusal(limited, '2026-03-10', { usedCount: 0, basePriceCents: 9_999 })).toBe('coupon.belowMinimum');
    // No limit: any number of uses.
    expect(couponRefusal({ ...limited, usageLimit: null }, '2026-03-10', { usedCount: 500, basePriceCents: 10_000 })).toBeNull();
  });

  it('values a percentage rounded down and a fixed amount up to the price', () => {
    expect(couponDiscountCents(campaign, 28_975)).toBe(4346); // 4346.25
    expect(couponDiscountCents({ couponKind: 'fixed', couponValue: 2000 }, 28_975)).toBe(2000);
    expect(couponDiscountCents({ couponKind: 'fixed', couponValue: 2000 }, 1500)).toBe(1500);
  });

  it('derives conversion, cost per sold customer and return, empty without a base', () => {
    expect(campaignRatios({ costCents: 10_000, leads: 3, sold: 1, revenueCents: 25_000 })).toEqual({
      conversionBps: 3333,
      costPerSoldCents: 10_000,
      returnBps: 15_000,
    });
    expect(campaignRatios({ costCents: 0, leads: 0, sold: 0, revenueCents: 0 })).toEqual({
      conversionBps: null,
      costPerSoldCents: null,
      returnBps: null,
    });
  });

  it('refuses a coupon without a value, a percentage over 100 % and dates in the wrong order, naming the field', () => {
    const base = { category: 'online', sourceName: 'X', startDate: '2026-03-01', endDate: '2026-03-31' };
    const paths = (input: object) => ZCampaignAddRequest.safeParse(input).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...base, couponCode: 'SPRING', couponValue: 0 })).toEqual(['couponValue']);
    expect(paths({ ...base, couponCode: 'SPRING', couponValue: 10_001 })).toEqual(['couponValue']);
    expect(paths({ ...base, endDate: '2026-02-01' })).toEqual(['endDate']);
    expect(paths({ ...base, couponCode: 'no spaces', couponValue: 500 })).toEqual(['couponCode']);
    expect(paths(base)).toBeUndefined();
  });
});
