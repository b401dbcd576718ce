/**
 * CSV text (RFC 4180): fields quoted when they hold a comma, quote or line break; CRLF between rows;
 * a UTF-8 byte-order mark so spreadsheet programs read accents and Chinese right. A text field that
 * starts like a formula (= + - @, tab, CR) gets a leading apostrophe so a spreadsheet shows it as text
 * (names come from users); numbers, and text that is just a number ("-12.50"), are written as they are.
 */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const formulaLike = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value);
  const text = formulaLike ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
