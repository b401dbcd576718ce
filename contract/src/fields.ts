import { z } from 'zod';
import { isIsoDate, isValidTimeZone } from './dates';
import { ZRecordId, ZVersion } from './ids';
import { normalizePhone } from './phone';

/**
 * Field schemas several forms share. None has a default: a modify request sends every field, so an
 * omitted field is an error rather than a silent reset; add requests set their own defaults.
 * (addresses, dates, colours, money). Their messages are rule keys
 * (`rule.usZip`): a form shows them under the field, the server prefixes the field path.
 */

/** Two-letter codes of the US states, DC and the territories with US ZIP codes. */
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;

const US_ZIP = /^\d{5}(-\d{4})?$/;

/**
 * The error of a text's type check that speaks only of a missing value: given as a string schema's own
 * `error`, it would otherwise answer every check of that schema (a too-long text "is required").
 */
export const whenMissing = (error: string) => (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' && issue.input == null ? error : undefined;

/** A required text: trimmed, at least one character, at most `max` (too long says the maximum). */
export const requiredText = (max: number, error = 'rule.required') =>
  z
    .string({ error: whenMissing(error) })
    .trim()
    .min(1, { error })
    .max(max);
/** A text that may be empty ('') but must be sent: trimmed, at most `max`. */
export const textOrEmpty = (max: number) => z.string().trim().max(max);

/** A US ZIP code; ZIP+4 is accepted and only its 5-digit part kept. */
export const ZUsZip = z
  .string({ error: 'rule.usZip' })
  .trim()
  .regex(US_ZIP, { error: 'rule.usZip' })
  .transform((v) => v.slice(0, 5));
/** A US ZIP code or nothing (''). */
export const ZUsZipOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || US_ZIP.test(v), { error: 'rule.usZip' })
  .transform((v) => v.slice(0, 5));

const isState = (v: string) => (US_STATE_CODES as readonly string[]).includes(v);
export const ZUsState = z.string({ error: 'rule.usState' }).trim().toUpperCase().refine(isState, { error: 'rule.usState' });
export const ZUsStateOrEmpty = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isState(v), { error: 'rule.usState' });

/** A US phone number: 10 digits (an optional leading 1) in any usual punctuation. */
export const isUsPhone = (v: string) => /^[\d\s().+-]+$/.test(v) && /^1?\d{10}$/.test(v.replace(/\D/g, ''));
export const ZPhone = z
  .string({ error: whenMissing('validation.phoneRequired') })
  .trim()
  .min(1, { error: 'validation.phoneRequired', abort: true })
  .max(32)
  .refine(isUsPhone, { error: 'rule.phone' })
  .transform(normalizePhone);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ZEmailOrEmpty = z
  .string()
  .trim()
  .max(160)
  .refine((v) => v === '' || EMAIL.test(v), { error: 'rule.email' });

/** A calendar date `YYYY-MM-DD`. */
export const ZIsoDate = z.string({ error: 'rule.date' }).refine(isIsoDate, { error: 'rule.date' });
export const ZTimeZone = z.string({ error: 'rule.timeZone' }).trim().max(64).refine(isValidTimeZone, { error: 'rule.timeZone' });
export const ZColor = z
  .string({ error: 'rule.color' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'rule.color' })
  .transform((v) => v.toLowerCase());

/** Whole cents, never negative; `max` in cents. */
export const ZCents = (max: number) => z.number().int().min(0).max(max);
/** Basis points within a range (100 bps = 1 %). */
export const ZBps = (min: number, max: number) => z.number().int().min(min).max(max);

/** A remove (soft delete) carries the version it read, like modify. */
export const ZIdVersion = z.object({ id: ZRecordId, version: ZVersion });
export type IdVersion = z.infer<typeof ZIdVersion>;
/** Enable / disable (updateState) of a record with an `active` flag. */
export const ZActiveStateRequest = z.object({ id: ZRecordId, active: z.boolean() });
export type ActiveStateRequest = z.infer<typeof ZActiveStateRequest>;

/** An optional list filter: a boolean, or absent / null for "any". */
export const optionalFlag = () => z.boolean().nullish();
/** An optional text filter: trimmed; '' means no filter. */
export const optionalSearch = (max = 64) => z.string().trim().max(max).optional();
