import { z } from 'zod';
import { ZDate } from '../customer-fields';
import { requiredText, ZCents } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import { mulDivFloor } from '../pricing';

/** Campaign Management (`/marketing/channellist`, module `/campaign`): spec §3 "Campaign". */

export const CAMPAIGN_CATEGORIES = ['online', 'print', 'direct_mail', 'referral', 'event', 'partner', 'other'] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];
export const CAMPAIGN_AUDIT_STATUSES = ['pending', 'approved', 'failed'] as const;
export type CampaignAuditStatus = (typeof CAMPAIGN_AUDIT_STATUSES)[number];
/** percent: value in basis points of the price; fixed: value in cents. */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The action key that approves or fails a campaign (never the campaign's last editor). */
export const CAMPAIGN_APPROVE_KEY = 'marketing:campaigns:approve';

/** Letters, digits and dashes; compared without regard to case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const CAMPAIGN_COST_MAX_CENTS = 100_000_000;

export const ZCampaign = z.object({
  id: z.number().int(),
  category: z.enum(CAMPAIGN_CATEGORIES),
  sourceName: z.string(),
  couponCode: z.string(),
  couponKind: z.enum(COUPON_KINDS),
  couponValue: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  costCents: z.number().int(),
  usageLimit: z.number().int().nullable(),
  minSubtotalCents: z.number().int(),
  active: z.boolean(),
  auditStatus: z.enum(CAMPAIGN_AUDIT_STATUSES),
  auditReason: z.string(),
  auditedByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof ZCampaign>;

export const ZCampaignListRequest = ZListRequest.extend({
  /** Text in the source name or the coupon code. */
  keyword: z.string().trim().max(64).optional(),
  category: z.enum(CAMPAIGN_CATEGORIES).optional(),
  auditStatus: z.enum(CAMPAIGN_AUDIT_STATUSES).optional(),
  active: z.boolean().nullish(),
});
export type CampaignListRequest = z.infer<typeof ZCampaignListRequest>;

const campaignObject = z.object({
  category: z.enum(CAMPAIGN_CATEGORIES),
  sourceName: requiredText(64),
  couponCode: z
    .string()
    .trim()
    .max(32)
    .refine((code) => code === '' || COUPON_CODE_PATTERN.test(code), { error: 'rule.couponCodeFormat' })
    .default(''),
  couponKind: z.enum(COUPON_KINDS).default('percent'),
  /** Basis points (1..10000) for a percentage, cents for a fixed amount. */
  couponValue: z.number().int().min(0).max(100_000_000).default(0),
  startDate: ZDate,
  endDate: ZDate,
  costCents: ZCents(CAMPAIGN_COST_MAX_CENTS).default(0),
  /** How many quotes and jobs may use the coupon in all (null: no limit). */
  usageLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** The smallest price before discounts the coupon applies to. */
  minSubtotalCents: ZCents(CAMPAIGN_COST_MAX_CENTS).default(0),
  active: z.boolean().default(true),
});

type CampaignFields = z.infer<typeof campaignObject>;
/** Cross-field rules, each naming its field. */
function campaignRules(value: CampaignFields, ctx: z.RefinementCtx) {
  if (value.endDate < value.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  if (value.couponCode !== '' && value.couponValue <= 0)
    ctx.addIssue({ code: 'custom', path: ['couponValue'], message: 'rule.couponValueRequired' });
  if (value.couponKind === 'percent' && value.couponValue > 10_000)
    ctx.addIssue({ code: 'custom', path: ['couponValue'], message: 'rule.couponPercentMax' });
}

export const ZCampaignAddRequest = campaignObject.superRefine(campaignRules);
export type CampaignAddRequest = z.infer<typeof ZCampaignAddRequest>;
export const ZCampaignModifyRequest = campaignObject.extend({ id: ZRecordId, version: ZVersion }).superRefine(campaignRules);
export type CampaignModifyRequest = z.infer<typeof ZCampaignModifyRequest>;

export const ZCampaignAuditRequest = z
  .object({
    id: ZRecordId,
    version: ZVersion,
    decision: z.enum(['approved', 'failed']),
    reason: z.string().trim().max(500).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'failed' && value.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'rule.failReasonRequired' });
  });
export type CampaignAuditRequest = z.infer<typeof ZCampaignAuditRequest>;

/** Checks a coupon code for a service date and a base price (the quote form's live check). */
export const ZCouponCheckRequest = z.object({
  couponCode: z.string().trim().min(1, { error: 'rule.required' }).max(32),
  serviceDate: ZDate,
  basePriceCents: ZCents(1_000_000_000).default(0),
});
export type CouponCheckRequest = z.infer<typeof ZCouponCheckRequest>;
export const ZCouponCheck = z.object({
  campaignId: z.number().int(),
  sourceName: z.string(),
  couponKind: z.enum(COUPON_KINDS),
  couponValue: z.number().int(),
  discountCents: z.number().int(),
});
export type CouponCheck = z.infer<typeof ZCouponCheck>;

/** Campaign results for a date range (by quote date). */
export const CAMPAIGN_STATS_SORT_FIELDS = [
  'sourceName',
  'costCents',
  'leads',
  'sold',
  'conversionBps',
  'revenueCents',
  'costPerSoldCents',
  'returnBps',
] as const;
export const ZCampaignStatsRequest = z
  .object({
    dateFrom: ZDate,
    dateTo: ZDate,
    sort: z.object({ field: z.enum(CAMPAIGN_STATS_SORT_FIELDS), order: z.enum(['ascend', 'descend']) }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.dateTo < value.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.endBeforeStart' });
  });
export type CampaignStatsRequest = z.infer<typeof ZCampaignStatsRequest>;
export const ZCampaignStatsRow = z.object({
  campaignId: z.number().int(),
  sourceName: z.string(),
  category: z.enum(CAMPAIGN_CATEGORIES),
  couponCode: z.string(),
  costCents: z.number().int(),
  leads: z.number().int(),
  sold: z.number().int(),
  /** sold ÷ leads in basis points; null without leads. */
  conversionBps: z.number().int().nullable(),
  /** Jobs of the customers its sold quotes made, completed or closed so far. */
  revenueCents: z.number().int(),
  costPerSoldCents: z.number().int().nullable(),
  /** (revenue − cost) ÷ cost in basis points; null when the campaign cost nothing. */
  returnBps: z.number().int().nullable(),
});
export type CampaignStatsRow = z.infer<typeof ZCampaignStatsRow>;

/** The figures derived from the counts, the same on the screen and in the export. */
export function campaignRatios(row: { costCents: number; leads: number; sold: number; revenueCents: number }) {
  return {
    conversionBps: row.leads === 0 ? null : mulDivFloor(row.sold, 10_000, row.leads),
    costPerSoldCents: row.sold === 0 ? null : Math.round(row.costCents / row.sold),
    returnBps: row.costCents === 0 ? null : Math.round(((row.revenueCents - row.costCents) * 10_000) / row.costCents),
  };
}

/** What a coupon check needs to know of its campaign. */
export interface CouponCampaign {
  auditStatus: CampaignAuditStatus;
  active: boolean;
  startDate: string;
  endDate: string;
  couponKind: CouponKind;
  couponValue: number;
  /** null: no limit. */
  usageLimit?: number | null;
  minSubtotalCents?: number;
}

/** Why a coupon does not apply on a service date; null when it does. Keys of the shared messages. */
export type CouponRefusal =
  | 'coupon.unknown'
  | 'coupon.notApproved'
  | 'coupon.inactive'
  | 'coupon.notStarted'
  | 'coupon.ended'
  | 'coupon.usedUp'
  | 'coupon.belowMinimum';

/** What the usage and minimum checks need: uses by other quotes and jobs, and the price before discounts. */
export interface CouponUse {
  usedCount: number;
  basePriceCents: number;
}

/**
 * The shared validity rule (docs/business-rules.md "Coupons"): a coupon applies only while its campaign
 * is approved, active and within its dates (inclusive) on the service date; with `use`, also while its
 * uses by other records are below the usage limit and the price reaches the campaign's minimum.
 */
export function couponRefusal(campaign: CouponCampaign | null, serviceDate: string, use?: CouponUse): CouponRefusal | null {
  if (!campaign) return 'coupon.unknown';
  if (campaign.auditStatus !== 'approved') return 'coupon.notApproved';
  if (!campaign.active) return 'coupon.inactive';
  if (serviceDate < campaign.startDate) return 'coupon.notStarted';
  if (serviceDate > campaign.endDate) return 'coupon.ended';
  if (use && campaign.usageLimit != null && use.usedCount >= campaign.usageLimit) return 'coupon.usedUp';
  if (use && use.basePriceCents < (campaign.minSubtotalCents ?? 0)) return 'coupon.belowMinimum';
  return null;
}

/**
 * The coupon's value on a price: a percentage rounded down, a fixed amount up to the price. The quote
 * parameters' maximum discount caps coupon and manual discount together (calculateQuotePrice).
 */
export function couponDiscountCents(
  campaign: Pick<CouponCampaign, 'couponKind' | 'couponValue'>,
  basePriceCents: number,
): number {
  const value =
    campaign.couponKind === 'percent'
      ? mulDivFloor(basePriceCents, Math.min(campaign.couponValue, 10_000), 10_000)
      : campaign.couponValue;
  return Math.min(value, basePriceCents);
}

/** The export's query string: the stats request flattened (GET). */
export const ZCampaignStatsExportQuery = z
  .object({
    dateFrom: ZDate,
    dateTo: ZDate,
    sortField: z.enum(CAMPAIGN_STATS_SORT_FIELDS).optional(),
    sortOrder: z.enum(['ascend', 'descend']).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.dateTo < value.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.endBeforeStart' });
  });
export type CampaignStatsExportQuery = z.infer<typeof ZCampaignStatsExportQuery>;
