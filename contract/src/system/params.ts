import { z } from 'zod';
import { ZTimeOfDay } from '../calendar';
import { SECRET_KEY_PATTERN } from '../cards';
import {
  requiredText,
  textOrEmpty,
  whenMissing,
  ZBps,
  ZEmailOrEmpty,
  ZPhone,
  ZTimeZone,
  ZUsState,
  ZUsStateOrEmpty,
  ZUsZip,
  ZUsZipOrEmpty,
} from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import type { Titles } from '../menu';
import { NUMBER_RANGES } from '../number-ranges';

/** Location Parameters (`/sys/positionparameter`, module `/sysParam`). */

// ---- Business profile -------------------------------------------------------------------------

/** Sales tax at most 25 % (2500 basis points). */
export const SALES_TAX_BPS_MAX = 2500;

const profileFields = {
  name: requiredText(128),
  /** The employer's legal entity name for wage statements (empty: the business name); unchanged when left out. */
  legalName: textOrEmpty(160).optional(),
  street: z
    .string({ error: whenMissing('validation.addressRequired') })
    .trim()
    .min(1, { error: 'validation.addressRequired' })
    .max(160),
  suite: textOrEmpty(64),
  city: requiredText(80),
  state: ZUsState,
  zip: z
    .string({ error: whenMissing('validation.zipRequired') })
    .trim()
    .min(1, { error: 'validation.zipRequired' })
    .pipe(ZUsZip),
  phone: ZPhone,
  email: ZEmailOrEmpty,
  timeZone: ZTimeZone,
  /** Sales tax rate in basis points (825 = 8.25 %), 0 to 2500. */
  salesTaxBps: ZBps(0, SALES_TAX_BPS_MAX),
  /** Business hours (local wall-clock `HH:mm`): the schedule board's day, and the hours jobs must fit in. */
  openingTime: ZTimeOfDay,
  closingTime: ZTimeOfDay,
};

export const ZBusinessProfileDetail = z.object({
  name: z.string(),
  legalName: z.string(),
  street: z.string(),
  suite: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
  salesTaxBps: z.number().int(),
  openingTime: z.string(),
  closingTime: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type BusinessProfileDetail = z.infer<typeof ZBusinessProfileDetail>;

export const ZBusinessProfileModifyRequest = z.object({ version: ZVersion, ...profileFields }).superRefine((profile, ctx) => {
  if (profile.closingTime <= profile.openingTime) {
    ctx.addIssue({ code: 'custom', message: 'validation.closingNotAfterOpening', path: ['closingTime'] });
  }
});
export type BusinessProfileModifyRequest = z.infer<typeof ZBusinessProfileModifyRequest>;

// ---- Quote parameters (spec §9) ---------------------------------------------------------------

/** The eight quote parameters of spec §9: units in the names, ranges enforced on save. */
export const QUOTE_PARAM_LIMITS = {
  /** Labour minutes one person needs per 1000 sq ft. */
  minutesPerPersonPer1000Sqft: { min: 1, max: 600 },
  /** Calculated range = price ± this (basis points; 1000 = 10 %). */
  priceRangeVarianceBps: { min: 0, max: 5000 },
  /** Largest discount a quote may give (basis points; 10000 = 100 %). */
  maxDiscountBps: { min: 0, max: 10000 },
  defaultTeamSize: { min: 1, max: 10 },
  /** Price of one labour minute (cents; 95 = $0.95). */
  defaultPricePerMinuteCents: { min: 1, max: 10000 },
  /** Overtime pay multiplier (basis points; 15000 = 1.5×). */
  overtimeMultiplierBps: { min: 10000, max: 30000 },
  /** Clean time a team aims at per day (minutes; 360 = 6 h). */
  dailyCleanMinutesGoal: { min: 0, max: 1440 },
  /** Revenue aimed at per day (cents; 300000 = $3,000). */
  dailyRevenueGoalCents: { min: 0, max: 100_000_000 },
  /** Invoices are due this many days after issue (0 = due on receipt; docs/business-rules.md "Invoices and balances"). */
  paymentTermsDays: { min: NUMBER_RANGES.paymentTermsDays.min, max: NUMBER_RANGES.paymentTermsDays.max },
  /** A cleaner's phone session idles out after this many hours (issue 21; docs/business-rules.md "Field app"). */
  fieldSessionIdleHours: { min: 1, max: 168 },
} as const;
export type QuoteParamName = keyof typeof QUOTE_PARAM_LIMITS;

export const QUOTE_PARAM_TITLES: Record<QuoteParamName, Titles> = {
  minutesPerPersonPer1000Sqft: { en: 'Minutes per person per 1000 SF', zh: '每人每千平方英尺分钟数' },
  priceRangeVarianceBps: { en: 'Price range variance (%)', zh: '价格区间浮动（%）' },
  maxDiscountBps: { en: 'Maximum discount (%)', zh: '最大折扣（%）' },
  defaultTeamSize: { en: 'Default team size', zh: '默认团队人数' },
  defaultPricePerMinuteCents: { en: 'Default price per minute ($)', zh: '默认每分钟价格（$）' },
  overtimeMultiplierBps: { en: 'Overtime multiplier (×)', zh: '加班倍数（×）' },
  dailyCleanMinutesGoal: { en: 'Daily clean-hours goal (h)', zh: '每日清洁时长目标（小时）' },
  dailyRevenueGoalCents: { en: 'Daily revenue goal ($)', zh: '每日营收目标（$）' },
  paymentTermsDays: { en: 'Payment terms (days)', zh: '付款期限（天）' },
  fieldSessionIdleHours: { en: 'Field app idle sign-out (h)', zh: '外勤应用闲置登出（小时）' },
};

const intIn = (name: QuoteParamName) => z.number().int().min(QUOTE_PARAM_LIMITS[name].min).max(QUOTE_PARAM_LIMITS[name].max);

const quoteParamFields = {
  minutesPerPersonPer1000Sqft: intIn('minutesPerPersonPer1000Sqft'),
  priceRangeVarianceBps: intIn('priceRangeVarianceBps'),
  maxDiscountBps: intIn('maxDiscountBps'),
  defaultTeamSize: intIn('defaultTeamSize'),
  defaultPricePerMinuteCents: intIn('defaultPricePerMinuteCents'),
  overtimeMultiplierBps: intIn('overtimeMultiplierBps'),
  dailyCleanMinutesGoal: intIn('dailyCleanMinutesGoal'),
  dailyRevenueGoalCents: intIn('dailyRevenueGoalCents'),
  paymentTermsDays: intIn('paymentTermsDays'),
  fieldSessionIdleHours: intIn('fieldSessionIdleHours'),
};

export const ZQuoteParams = z.object({ ...quoteParamFields, version: z.number().int(), updatedAt: z.string() });
export type QuoteParams = z.infer<typeof ZQuoteParams>;
export const ZQuoteParamsModifyRequest = z.object({ version: ZVersion, ...quoteParamFields });
export type QuoteParamsModifyRequest = z.infer<typeof ZQuoteParamsModifyRequest>;

/** What the quote calculator (and other screens) read: the quote parameters, sales tax and time zone. */
export const ZQuoteSettings = z.object({
  ...quoteParamFields,
  salesTaxBps: z.number().int(),
  timeZone: z.string(),
  /** Today in the business time zone. */
  today: z.string(),
});
export type QuoteSettings = z.infer<typeof ZQuoteSettings>;

// ---- Payment vendor parameters (spec §3) ------------------------------------------------------

export const CARD_TYPES = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_TYPE_TITLES: Record<CardType, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

const remitToFields = {
  remitToName: textOrEmpty(128),
  remitToStreet: textOrEmpty(160),
  remitToCity: textOrEmpty(80),
  remitToState: ZUsStateOrEmpty,
  remitToZip: ZUsZipOrEmpty,
};

/** The access key is never answered: only masked (•••••42) and whether one is stored. */
export const ZPaymentParams = z.object({
  accountId: z.string(),
  apiAccessKeyMasked: z.string(),
  hasApiKey: z.boolean(),
  cardTypes: z.array(z.enum(CARD_TYPES)),
  remitToName: z.string(),
  remitToStreet: z.string(),
  remitToCity: z.string(),
  remitToState: z.string(),
  remitToZip: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type PaymentParams = z.infer<typeof ZPaymentParams>;

export const ZPaymentParamsModifyRequest = z.object({
  version: ZVersion,
  accountId: textOrEmpty(96),
  /**
   * A new key replaces the stored one; omitted or empty keeps it. Only a secret or restricted key
   * can charge: a publishable key (pk_…) would make every charge fail as "unreachable".
   */
  apiAccessKey: z
    .string()
    .trim()
    .max(256)
    .refine((k) => k === '' || SECRET_KEY_PATTERN.test(k), { error: 'rule.secretKeyKind' })
    .optional(),
  cardTypes: z
    .array(z.enum(CARD_TYPES))
    .max(CARD_TYPES.length)
    .transform((v) => CARD_TYPES.filter((c) => v.includes(c))),
  ...remitToFields,
});
export type PaymentParamsModifyRequest = z.infer<typeof ZPaymentParamsModifyRequest>;

// ---- Disclaimers ------------------------------------------------------------------------------

export const DISCLAIMER_PURPOSES = ['quote', 'invoice', 'gift_certificate'] as const;
export type DisclaimerPurpose = (typeof DISCLAIMER_PURPOSES)[number];
export const DISCLAIMER_PURPOSE_TITLES: Record<DisclaimerPurpose, Titles> = {
  quote: { en: 'Quote', zh: '报价单' },
  invoice: { en: 'Invoice', zh: '发票' },
  gift_certificate: { en: 'Gift certificate', zh: '礼品券' },
};

export const ZDisclaimerListRequest = ZListRequest.extend({
  purpose: z.enum(DISCLAIMER_PURPOSES).nullish(),
  /** Text in the name. */
  name: z.string().trim().max(96).optional(),
  active: z.boolean().nullish(),
});
export type DisclaimerListRequest = z.infer<typeof ZDisclaimerListRequest>;

export const ZDisclaimer = z.object({
  id: z.number().int(),
  purpose: z.enum(DISCLAIMER_PURPOSES),
  name: z.string(),
  textEn: z.string(),
  textZh: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Disclaimer = z.infer<typeof ZDisclaimer>;

const disclaimerFields = {
  purpose: z.enum(DISCLAIMER_PURPOSES),
  name: requiredText(96),
  textEn: requiredText(10_000),
  textZh: requiredText(10_000),
  active: z.boolean(),
};
export const ZDisclaimerAddRequest = z.object({ ...disclaimerFields, active: z.boolean().default(true) });
export type DisclaimerAddRequest = z.infer<typeof ZDisclaimerAddRequest>;
export const ZDisclaimerModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...disclaimerFields,
});
export type DisclaimerModifyRequest = z.infer<typeof ZDisclaimerModifyRequest>;

/** The active disclaimers of one purpose, for quotes, invoices and gift certificates. */
export const ZDisclaimerOptionsRequest = z.object({ purpose: z.enum(DISCLAIMER_PURPOSES) });
