import { z } from 'zod';
import { requiredText, whenMissing, ZColor, ZUsZip } from '../fields';
import { ZRecordId, ZVersion } from '../ids';
import { ZListRequest } from '../list';
import type { Titles } from '../menu';

/**
 * Zone Management (`/sys/region`, module `/zone`). A zone lists primary, secondary and exception ZIP
 * codes. A ZIP is primary in at most one active zone; lookup answers the zone where a ZIP is primary,
 * else one where it is secondary, never one where it is an exception.
 */

export const ZIP_KINDS = ['primary', 'secondary', 'exception'] as const;
export type ZipKind = (typeof ZIP_KINDS)[number];
export const ZIP_KIND_TITLES: Record<ZipKind, Titles> = {
  primary: { en: 'Primary ZIP codes', zh: '主要邮编' },
  secondary: { en: 'Secondary ZIP codes', zh: '次要邮编' },
  exception: { en: 'Exception ZIP codes', zh: '排除邮编' },
};
/** At most this many ZIP codes in one list. */
export const ZONE_ZIPS_MAX = 300;

export const ZZoneListRequest = ZListRequest.extend({
  /** Text in the name. */
  name: z.string().trim().max(64).optional(),
  /** Start of the code. */
  code: z.string().trim().max(16).optional(),
  active: z.boolean().nullish(),
  /** Zones whose lists (any kind) contain this ZIP; fewer than 5 digits match the start. */
  zip: z
    .string()
    .trim()
    .regex(/^\d{0,5}(-\d{4})?$/, { error: 'rule.usZip' })
    .transform((v) => v.slice(0, 5))
    .optional(),
});
export type ZoneListRequest = z.infer<typeof ZZoneListRequest>;

export const ZZone = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  code: z.string(),
  active: z.boolean(),
  primaryZips: z.array(z.string()),
  secondaryZips: z.array(z.string()),
  exceptionZips: z.array(z.string()),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Zone = z.infer<typeof ZZone>;

/** ZIP+4 input keeps its 5-digit part; repeats are dropped; the list is sorted. */
const zipList = z
  .array(ZUsZip)
  .max(ZONE_ZIPS_MAX)
  .transform((zips) => [...new Set(zips)].sort());

const zoneFields = {
  name: requiredText(64),
  color: ZColor,
  code: z
    .string({ error: 'rule.zoneCode' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{1,16}$/, { error: 'rule.zoneCode' }),
  active: z.boolean(),
  primaryZips: zipList,
  secondaryZips: zipList,
  exceptionZips: zipList,
};

type ZoneLists = Record<`${ZipKind}Zips`, string[]>;
/** A ZIP may be in only one list of a zone. */
function oneListPerZip(zone: ZoneLists, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const kind of ZIP_KINDS) {
    zone[`${kind}Zips`].forEach((zip, index) => {
      if (seen.has(zip)) ctx.addIssue({ code: 'custom', path: [`${kind}Zips`, index], message: 'rule.zipInTwoLists' });
      seen.add(zip);
    });
  }
}

/** A new zone: active unless said otherwise, lists empty unless given. */
export const ZZoneAddRequest = z
  .object({
    ...zoneFields,
    active: zoneFields.active.default(true),
    primaryZips: zipList.default([]),
    secondaryZips: zipList.default([]),
    exceptionZips: zipList.default([]),
  })
  .superRefine(oneListPerZip);
export type ZoneAddRequest = z.infer<typeof ZZoneAddRequest>;
/** Every field is sent: an omitted list is an error, never a silent clearing. */
export const ZZoneModifyRequest = z.object({ id: ZRecordId, version: ZVersion, ...zoneFields }).superRefine(oneListPerZip);
export type ZoneModifyRequest = z.infer<typeof ZZoneModifyRequest>;

export const ZZoneLookupRequest = z.object({
  zip: z
    .string({ error: whenMissing('validation.zipRequired') })
    .trim()
    .min(1, { error: 'validation.zipRequired' })
    .pipe(ZUsZip),
});
export type ZoneLookupRequest = z.infer<typeof ZZoneLookupRequest>;

/** The zone a ZIP belongs to and how, or null when no active zone serves it. */
export const ZZoneLookupResult = z
  .object({
    zip: z.string(),
    match: z.enum(['primary', 'secondary']),
    zone: z.object({ id: z.number().int(), name: z.string(), code: z.string(), color: z.string() }),
  })
  .nullable();
export type ZoneLookupResult = z.infer<typeof ZZoneLookupResult>;

/** Active zones for selects and colour legends. */
export const ZZoneOption = z.object({ id: z.number().int(), name: z.string(), code: z.string(), color: z.string() });
export type ZoneOption = z.infer<typeof ZZoneOption>;
