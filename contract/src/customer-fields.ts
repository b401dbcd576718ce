import { z } from 'zod';
import { isIsoDate } from './dates';
import { whenMissing } from './fields';
import { ZRecordId } from './ids';
import { normalizePhone } from './phone';

/** Field schemas of the customer and sales records: references, money, phones as typed, US addresses. */

/** A calendar date `YYYY-MM-DD` (service dates, business dates). */
export const ZDate = z.string({ error: 'rule.date' }).refine(isIsoDate, { error: 'rule.date' });

/** A reference to another record with the name to show (team, employee, user). */
export const ZRef = z.object({ id: z.number().int(), name: z.string() });
/** A reference with its colour (zone, team). */
export const ZColoredRef = ZRef.extend({ color: z.string() });
export type ColoredRef = z.infer<typeof ZColoredRef>;

/** Integer cents, never negative, at most $10,000,000. */
export const ZAmountCents = z.number().int().min(0).max(1_000_000_000);

/** Optional free text: the web sends '' for an empty input; absent means ''. */
export const optionalText = (max: number) => z.string().trim().max(max).default('');

/** A positive id, or null / absent for none. */
export const ZOptionalId = ZRecordId.nullable().default(null);

/**
 * A phone: digits and the usual punctuation, 7 to 15 digits, an optional extension (`x12`, `ext. 12`,
 * `#12`); stored normalized (`(650) 555-0142 x12`, see phone.ts).
 */
export const ZPhoneText = z
  .string()
  .trim()
  .max(32)
  .regex(/^[0-9+()\-.\s]*((x|ext\.?|#)\s*\d{1,6})?$/i, { error: 'may hold only digits, spaces and + ( ) - .' })
  .refine((v) => v === '' || (phoneDigits(v).length >= 7 && phoneDigits(v).length <= 15), {
    error: 'must have 7 to 15 digits',
  })
  .transform(normalizePhone);

/** The digits of a phone number without its extension. */
function phoneDigits(text: string): string {
  return digitsOf(text.split(/x|ext|#/i)[0] ?? '');
}

export const ZEmail = z
  .string()
  .trim()
  .max(160)
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'must be an e-mail address' })
  .default('');

/** US ZIP code, 5 digits (ZIP+4 accepted and cut to 5). */
export const ZZipCode = z
  .string({ error: whenMissing('validation.zipRequired') })
  .trim()
  .min(1, { error: 'validation.zipRequired' })
  .regex(/^\d{5}(-\d{4})?$/, { error: 'rule.usZip' })
  .transform((v) => v.slice(0, 5));

export const ZStateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2})?$/, { error: 'must be a two-letter state code' })
  .default('CA');

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** Search key of a phone number: its last 10 digits (a leading country code 1 dropped). */
export function phoneKey(text: string): string {
  const digits = phoneDigits(text);
  return digits.length > 10 ? digits.slice(-10) : digits;
}

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  circle: 'cir',
  highway: 'hwy',
  parkway: 'pkwy',
  way: 'way',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  apartment: 'apt',
  suite: 'ste',
  unit: 'unit',
};

/**
 * A comparable form of a street address for duplicate checks: lower case, punctuation dropped,
 * common words abbreviated ("123 Main Street" and "123 main st." give the same key), with the zip.
 */
export function addressKey(address1: string, zip: string): string {
  const words = address1
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => STREET_WORDS[w] ?? w);
  if (words.length === 0) return '';
  return `${zip.trim().slice(0, 5)} ${words.join(' ')}`.slice(0, 160);
}
