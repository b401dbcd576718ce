const PLAIN_NUMBER = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * The numeric-field rule of spec §5, applied when a field loses focus:
 * empty stays empty; plain digits with optional decimals become two decimals with leading zeros
 * stripped (half-up rounding on the digits, never through floats); anything else becomes 0.00.
 */
export function formatDecimalField(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  if (!PLAIN_NUMBER.test(value)) return '0.00';
  const [intPart = '', fracPart = ''] = value.split('.');
  const frac = fracPart.padEnd(3, '0');
  let hundredths = BigInt(intPart === '' ? '0' : intPart) * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) hundredths += 1n;
  const cents = (hundredths % 100n).toString().padStart(2, '0');
  return `${(hundredths / 100n).toString()}.${cents}`;
}
