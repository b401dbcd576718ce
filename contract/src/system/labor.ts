import { z } from 'zod';
import { requiredText, ZCents } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import { NUMBER_RANGES, rangedInt } from '../number-ranges';

/** Labor Management (`/sys/labortype`, module `/laborType`). Pay rates and wages refer to labor types. */

/** At most $1,000.00 an hour. */
export const HOURLY_RATE_CENTS_MAX = 100_000;

export const ZLaborTypeListRequest = ZListRequest.extend({
  /** Text in the English or Chinese name. */
  name: z.string().trim().max(64).optional(),
  active: z.boolean().nullish(),
  isPaid: z.boolean().nullish(),
});
export type LaborTypeListRequest = z.infer<typeof ZLaborTypeListRequest>;

export const ZLaborType = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameZh: z.string(),
  defaultHourlyRateCents: z.number().int(),
  isPaid: z.boolean(),
  /** Time of this type counts as in-home (cleaning) time, against travel, training and office time. */
  countsAsInHome: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type LaborType = z.infer<typeof ZLaborType>;

const laborFields = {
  nameEn: requiredText(64),
  nameZh: requiredText(64),
  defaultHourlyRateCents: ZCents(HOURLY_RATE_CENTS_MAX),
  isPaid: z.boolean(),
  countsAsInHome: z.boolean(),
  active: z.boolean(),
  sortOrder: rangedInt(NUMBER_RANGES.sortOrder),
};
export const ZLaborTypeAddRequest = z.object({
  ...laborFields,
  isPaid: laborFields.isPaid.default(true),
  countsAsInHome: laborFields.countsAsInHome.default(false),
  active: laborFields.active.default(true),
  sortOrder: laborFields.sortOrder.default(0),
});
export type LaborTypeAddRequest = z.infer<typeof ZLaborTypeAddRequest>;
export const ZLaborTypeModifyRequest = z.object({
  id: ZRecordId,
  version: ZVersion,
  ...laborFields,
});
export type LaborTypeModifyRequest = z.infer<typeof ZLaborTypeModifyRequest>;

/** Active labor types for other screens' selects (pay rates, time cards). */
export const ZLaborTypeOption = ZLaborType.pick({
  id: true,
  nameEn: true,
  nameZh: true,
  isPaid: true,
  countsAsInHome: true,
}).extend({
  /** null for a caller without PAY_MANAGE_KEY (any role reads the options; the rate is pay). */
  defaultHourlyRateCents: z.number().int().nullable(),
});
export type LaborTypeOption = z.infer<typeof ZLaborTypeOption>;
