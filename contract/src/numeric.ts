const PLAIN_NUMBER = /^(\d+(\.\d*)?|\.\d+)$/;
/** US thousands separators, correctly grouped: 1,234 · 1,234,567.89 (not 12,34 nor 1,2). */
const GROUPED_NUMBER = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/** '1,234.56' → '1234.56' when the commas group thousands; any other text is returned as it is. */
export function stripThousandsSeparators(value: string): string {
  return GROUPED_NUMBER.test(value) ? value.replaceAll(',', '') : value;
}

/** A leading minus, kept apart so the form can say "must not be negative" rather than zero it. */
function splitSign(value: string): { negative: boolean; digits: string } {
  return value.startsWith('-') ? { negative: true, digits: value.slice(1).trim() } : { negative: false, digits: value };
}

/**
 * The numeric-field rule of spec §5, applied when a field loses focus:
 * empty stays empty; plain digits with optional decimals become two decimals with leading zeros
 * stripped (half-up rounding on the digits, never through floats); anything else becomes 0.00.
 * Before the rule, thousands separators are dropped ('1,234.56' is a number, pasted or typed), and
 * a negative number keeps its sign ('-5' → '-5.00') so the field's rule can refuse it with a
 * message instead of turning it silently into 0.00.
 */
export function formatDecimalField(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  const { negative, digits } = splitSign(value);
  const plain = stripThousandsSeparators(digits);
  if (!PLAIN_NUMBER.test(plain)) return '0.00';
  const [intPart = '', fracPart = ''] = plain.split('.');
  const frac = fracPart.padEnd(3, '0');
  let hundredths = BigInt(intPart === '' ? '0' : intPart) * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) hundredths += 1n;
  const cents = (hundredths % 100n).toString().padStart(2, '0');
  const sign = negative && hundredths > 0n ? '-' : '';
  return `${sign}${(hundredths / 100n).toString()}.${cents}`;
}

/** Whether a numeric field's text is a number below zero (after the rule above). */
export function isNegativeDecimalField(raw: string | null | undefined): boolean {
  return formatDecimalField(raw).startsWith('-');
}
