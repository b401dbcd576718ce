import { z } from 'zod';
import { optionalText, ZColoredRef, ZPhoneText, ZRef, ZStateCode, ZZipCode } from './customer-fields';
import { whenMissing } from './fields';
import { ZRecordId, ZVersion } from './ids';
import { listResponseOf, ZListRequest } from './list';
import { NUMBER_RANGES, rangedInt } from './number-ranges';

/** Service locations of a customer (spec §3 Customer "Locations") and the Customer Key List. */

export const HOUSE_TYPES = ['house', 'apartment', 'condo', 'townhouse', 'office', 'other'] as const;
export type HouseType = (typeof HOUSE_TYPES)[number];

/** Where a location's physical key is. */
export const KEY_LOCATIONS = ['office_safe', 'with_team', 'with_customer'] as const;
export type KeyLocation = (typeof KEY_LOCATIONS)[number];

export const CODE_FIELDS = ['key', 'alarm', 'gate'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

export const ZHouseType = z.enum(HOUSE_TYPES, { error: 'validation.houseTypeRequired' });

export const ZAddress1 = z
  .string({ error: whenMissing('validation.addressRequired') })
  .trim()
  .min(1, { error: 'validation.addressRequired' })
  .max(160);

/**
 * A code field of a save: null (or absent) keeps the stored code, '' clears it, text replaces it.
 * Codes are answered masked only, so the form never holds the stored value.
 */
const codeInput = z.string().trim().max(32).nullable().default(null);

export const ZLocationFields = z.object({
  name: z
    .string({ error: whenMissing('validation.locationNameRequired') })
    .trim()
    .min(1, { error: 'validation.locationNameRequired' })
    .max(96),
  address1: ZAddress1,
  address2: optionalText(80),
  city: optionalText(80),
  state: ZStateCode,
  zip: ZZipCode,
  primaryContact: z
    .string({ error: whenMissing('validation.primaryContactRequired') })
    .trim()
    .min(1, { error: 'validation.primaryContactRequired' })
    .max(96),
  contactPhone: ZPhoneText.default(''),
  houseType: ZHouseType,
  sqft: rangedInt(NUMBER_RANGES.locationSqft).nullable().default(null),
  /** Entry instructions that are not secret (park in the driveway, side door). */
  accessNotes: optionalText(1000),
  /** The customer's main address (shown in lists); the first location is primary. */
  isPrimary: z.boolean().default(false),
  keyCode: codeInput,
  alarmCode: codeInput,
  gateCode: codeInput,
});
export type LocationFields = z.infer<typeof ZLocationFields>;

export const ZLocationAddRequest = ZLocationFields.extend({ customerId: ZRecordId });
export type LocationAddRequest = z.infer<typeof ZLocationAddRequest>;

export const ZLocationModifyRequest = ZLocationFields.extend({
  id: ZRecordId,
  version: ZVersion,
});
export type LocationModifyRequest = z.infer<typeof ZLocationModifyRequest>;

export const ZLocationListRequest = z.object({ customerId: ZRecordId });

/** Key custody of a location. */
export const ZKeyCustody = z.object({
  keyTag: z.string(),
  keyLocation: z.enum(KEY_LOCATIONS).nullable(),
  keyHolder: ZRef.nullable(),
  keyCheckedOutAt: z.string().nullable(),
});

export const ZLocation = z.object({
  id: z.number().int(),
  version: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  zone: ZColoredRef.nullable(),
  primaryContact: z.string(),
  contactPhone: z.string(),
  houseType: z.enum(HOUSE_TYPES),
  sqft: z.number().int().nullable(),
  accessNotes: z.string(),
  isPrimary: z.boolean(),
  /** Masked ("••••42"), '' when there is none. */
  keyCode: z.string(),
  alarmCode: z.string(),
  gateCode: z.string(),
  ...ZKeyCustody.shape,
  updatedAt: z.string(),
});
export type Location = z.infer<typeof ZLocation>;

export const ZLocationListResponse = z.object({ list: z.array(ZLocation), total: z.number().int() });

// ---- Customer Key List (/customerKey/*) ----

export const ZKeyListRequest = ZListRequest.extend({
  /** Customer name, location name, address or key tag (prefix / contains). */
  keyword: z.string().trim().max(100).optional(),
  keyLocation: z.enum(KEY_LOCATIONS).optional(),
  /** Only locations whose key is held by this employee. */
  holderId: ZRecordId.optional(),
  zoneId: ZRecordId.optional(),
  /** true: only locations with a key tag; false: only those without. */
  hasKey: z.boolean().optional(),
});
export type KeyListRequest = z.infer<typeof ZKeyListRequest>;

export const ZKeyListItem = z.object({
  locationId: z.number().int(),
  version: z.number().int(),
  customer: ZRef,
  locationName: z.string(),
  address1: z.string(),
  city: z.string(),
  zip: z.string(),
  zone: ZColoredRef.nullable(),
  keyCode: z.string(),
  alarmCode: z.string(),
  gateCode: z.string(),
  ...ZKeyCustody.shape,
});
export type KeyListItem = z.infer<typeof ZKeyListItem>;
export const ZKeyListResponse = listResponseOf(ZKeyListItem);

/**
 * Key custody change: tag, where the key is, and who holds it. `with_team` is a check-out and
 * needs the employee; `office_safe` is a check-in; null means the business holds no key.
 */
export const ZKeyModifyRequest = z
  .object({
    locationId: ZRecordId,
    version: ZVersion,
    keyTag: optionalText(32),
    keyLocation: z.enum(KEY_LOCATIONS).nullable(),
    holderId: ZRecordId.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.keyLocation === 'with_team' && v.holderId === null)
      ctx.addIssue({ code: 'custom', path: ['holderId'], message: 'validation.employeeRequired' });
    if (v.keyLocation !== null && v.keyTag === '')
      ctx.addIssue({ code: 'custom', path: ['keyTag'], message: 'validation.keyTagRequired' });
  });
export type KeyModifyRequest = z.infer<typeof ZKeyModifyRequest>;

export const ZKeyRevealRequest = z.object({ locationId: ZRecordId, field: z.enum(CODE_FIELDS) });
export const ZKeyRevealResponse = z.object({ locationId: z.number().int(), field: z.enum(CODE_FIELDS), value: z.string() });

export const ZKeyHistoryRequest = z.object({ locationId: ZRecordId });
export const ZKeyEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(['check_out', 'check_in', 'to_customer', 'released', 'retagged']),
  keyTag: z.string(),
  keyLocation: z.enum(KEY_LOCATIONS).nullable(),
  holder: ZRef.nullable(),
  actor: z.string().nullable(),
});
export type KeyEvent = z.infer<typeof ZKeyEvent>;
export const ZKeyHistoryResponse = z.array(ZKeyEvent);
