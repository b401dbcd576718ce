import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers are stored and shown one way (issue 8 item 8): a US number as `(650) 555-0142`,
 * with its extension as ` x12`; a number of another country as `+44 20 7946 0958`. Text that is not
 * a possible number is kept as typed (trimmed), so nothing a user typed is lost. Search compares
 * digits (`phoneKey`), so both the typed and the stored form find a record.
 */
export function normalizePhone(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  if (!parsed?.isPossible()) return trimmed;
  const withExtension = { formatExtension: (number: string, extension: string) => `${number} x${extension}` };
  return parsed.countryCallingCode === '1'
    ? parsed.format('NATIONAL', withExtension)
    : parsed.format('INTERNATIONAL', withExtension);
}
