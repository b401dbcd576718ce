import { z } from 'zod';
import { requiredText, ZCents, ZIsoDate } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import type { Titles } from '../menu';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';

/**
 * Services & Price List (`/sys/serviceprice`, module `/servicePrice`). An entry's in-home minutes and
 * unit price are dated rates: the rate in force on a day is the one with the latest effective date
 * not after that day. Quotes and jobs copy the figures they were made with.
 */

export const PRICE_ITEM_KINDS = ['item', 'addon', 'fee'] as const;
export type PriceItemKind = (typeof PRICE_ITEM_KINDS)[number];
export const PRICE_ITEM_KIND_TITLES: Record<PriceItemKind, Titles> = {
  item: { en: 'Item', zh: '项目' },
  addon: { en: 'Add-on', zh: '附加项' },
  fee: { en: 'Fee', zh: '费用' },
};

/** At most $100,000.00 a unit and a whole day of minutes. */
export const UNIT_PRICE_CENTS_MAX = 10_000_000;
export const IN_HOME_MINUTES_MAX = NUMBER_RANGES.priceItemMinutes.max;

export const ZPriceRate = z.object({
  effectiveFrom: z.string(),
  inHomeMinutes: z.number().int(),
  unitPriceCents: z.number().int(),
});
export type PriceRate = z.infer<typeof ZPriceRate>;

export const ZPriceItemListRequest = ZListRequest.extend({
  kind: z.enum(PRICE_ITEM_KINDS).nullish(),
  active: z.boolean().nullish(),
  /** Text in the English or Chinese name. */
  name: z.string().trim().max(96).optional(),
});
export type PriceItemListRequest = z.infer<typeof ZPriceItemListRequest>;

export const ZPriceItem = z.object({
  id: z.number().int(),
  kind: z.enum(PRICE_ITEM_KINDS),
  nameEn: z.string(),
  nameZh: z.string(),
  taxable: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** The rate in force today (business time zone); null before the first rate takes effect. */
  current: ZPriceRate.nullable(),
  /** The next scheduled change after today, if any. */
  next: ZPriceRate.nullable(),
});
export type PriceItem = z.infer<typeof ZPriceItem>;

export const RATE_STATUSES = ['past', 'current', 'scheduled'] as const;
export const ZPriceRateHistoryEntry = ZPriceRate.extend({
  id: z.number().int(),
  /** past: replaced by a later rate; current: in force today; scheduled: takes effect later. */
  status: z.enum(RATE_STATUSES),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  /** The name of the user who entered the rate (null for seeded rates or a removed user). */
  createdByName: z.string().nullable(),
});
export const ZPriceItemDetail = ZPriceItem.extend({
  /** Every rate, newest effective date first. */
  rates: z.array(ZPriceRateHistoryEntry),
});
export type PriceItemDetail = z.infer<typeof ZPriceItemDetail>;

const rateFields = {
  effectiveFrom: ZIsoDate,
  inHomeMinutes: rangedInt(NUMBER_RANGES.priceItemMinutes),
  unitPriceCents: ZCents(UNIT_PRICE_CENTS_MAX),
};
const itemFields = {
  kind: z.enum(PRICE_ITEM_KINDS),
  nameEn: requiredText(96),
  nameZh: requiredText(96),
  taxable: z.boolean(),
  active: z.boolean(),
  sortOrder: rangedInt(NUMBER_RANGES.sortOrder),
};

/** A new entry with its first rate. */
export const ZPriceItemAddRequest = z.object({
  ...itemFields,
  taxable: itemFields.taxable.default(false),
  active: itemFields.active.default(true),
  sortOrder: itemFields.sortOrder.default(0),
  ...rateFields,
});
export type PriceItemAddRequest = z.infer<typeof ZPriceItemAddRequest>;

/** The fields that are not dated; minutes and price change through addRate. */
export const ZPriceItemModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...itemFields,
});
export type PriceItemModifyRequest = z.infer<typeof ZPriceItemModifyRequest>;

/**
 * A change of minutes and price from a date (today or later). The same date as a scheduled (future)
 * rate replaces it; a rate already in force (today or before) is never changed.
 */
export const ZPriceRateAddRequest = z.object({ id: ZRecordId, ...rateFields });
export type PriceRateAddRequest = z.infer<typeof ZPriceRateAddRequest>;

/** Cancels a scheduled (future) rate. */
export const ZPriceRateRemoveRequest = z.object({ id: ZRecordId, rateId: ZRecordId });
export type PriceRateRemoveRequest = z.infer<typeof ZPriceRateRemoveRequest>;

/** Every active entry with the rate in force on a date (entries without one then are left out). */
export const ZPriceOnRequest = z.object({ date: ZIsoDate, kind: z.enum(PRICE_ITEM_KINDS).nullish() });
export type PriceOnRequest = z.infer<typeof ZPriceOnRequest>;
export const ZPricedItem = ZPriceRate.extend({
  id: z.number().int(),
  kind: z.enum(PRICE_ITEM_KINDS),
  nameEn: z.string(),
  nameZh: z.string(),
  taxable: z.boolean(),
  sortOrder: z.number().int(),
});
export type PricedItem = z.infer<typeof ZPricedItem>;
